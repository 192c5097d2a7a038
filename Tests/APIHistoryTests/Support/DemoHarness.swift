import APIClient
import APIDemoBackend

// A copy of Tests/APIClientTests/Support/DemoHarness.swift's `withDemo`: test targets cannot share
// support files, and this one needs only the harness, not the rest of that file.

/// A transport configuration for loopback tests: no proxy from the environment, otherwise the defaults.
func loopbackConfiguration() -> TransportConfiguration {
    var configuration = TransportConfiguration()
    configuration.proxy = .none
    return configuration
}

/// Starts a demo backend and a transport, runs `body`, and shuts both down whatever happens.
func withDemo<T>(_ body: (RunningDemoBackend, HTTPTransport) async throws -> T) async throws -> T {
    let backend = try await DemoBackend.start()
    let transport = HTTPTransport(configuration: loopbackConfiguration())
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
