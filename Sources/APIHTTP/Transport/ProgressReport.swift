/// How much of a response body has arrived, reported while it streams.
///
/// ```swift
/// try await transport.send(request) { report in
///     print("\(report.bytesReceived) of \(report.expectedLength.map(String.init) ?? "?")")
/// }
/// ```
public struct ProgressReport: Sendable, Equatable {
    /// The body bytes received so far (after decompression).
    public var bytesReceived: Int
    /// The announced length of the body, when the server sent `Content-Length` and no content coding.
    public var expectedLength: Int?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - bytesReceived: The body bytes received so far.
    ///   - expectedLength: The announced body length, if known.
    public init(bytesReceived: Int, expectedLength: Int?) {
        self.bytesReceived = bytesReceived
        self.expectedLength = expectedLength
    }
}
