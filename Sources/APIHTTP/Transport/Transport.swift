/// What sends one HTTP request and answers with its response: ``HTTPTransport`` over the network,
/// or a stand-in in tests (`APIClientTesting`'s `StubTransport`).
///
/// APIClient's `ProfileClient` and ``MiddlewareChain`` send through this protocol, so a test can exercise
/// profiles, envelopes and middleware without a server.
///
/// ```swift
/// let client = ProfileClient(transport: HTTPTransport(), environment: [:])
/// let stubbed = ProfileClient(transport: StubTransport { _ in .json(#"{"code":0}"#) }, environment: [:])
/// ```
public protocol Transport: Sendable {
    /// Sends a request and returns the response, body complete.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called as the body arrives, with the running total.
    /// - Returns: The response; HTTP error statuses are responses, not errors.
    /// - Throws: ``TransportError`` when no response came.
    func send(
        _ request: HTTPRequestSpec, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord
}

extension HTTPTransport: Transport {}
