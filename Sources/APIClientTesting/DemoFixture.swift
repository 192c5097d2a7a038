import APIClient
package import APIDemoBackend
package import APIHTTP
import APITesting

/// Starts the demo backend on a free loopback port and a transport, runs `body`, and shuts both
/// down whatever happens: real HTTP against every envelope family, for tests.
///
/// ```swift
/// try await withDemoBackend { backend, transport in
///     let record = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/cmd/users/1001"))
///     #expect(record.status == 200)
/// }
/// ```
///
/// - Parameters:
///   - configuration: The transport's configuration; ``loopbackConfiguration(_:)`` by default.
///   - body: The test, given the running backend and the transport.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or the backend's start error.
package func withDemoBackend<T>(
    _ configuration: TransportConfiguration = loopbackConfiguration(),
    _ body: (RunningDemoBackend, HTTPTransport) async throws -> T
) async throws -> T {
    let backend = try await DemoBackend.start()
    let transport = HTTPTransport(configuration: configuration)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(backend, transport))
    } catch {
        result = .failure(error)
    }
    try await transport.shutdown()
    await backend.stop()
    return try result.get()
}
