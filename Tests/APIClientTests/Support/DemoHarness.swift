import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import APIMapping
import APITesting
import Synchronization
import Testing

/// Starts a demo backend and a transport (``APIClientTesting/withDemoBackend(_:_:)``), runs `body`,
/// and shuts both down whatever happens.
func withDemo<T>(
    _ configuration: TransportConfiguration = loopbackConfiguration(),
    _ body: (RunningDemoBackend, HTTPTransport) async throws -> T
) async throws -> T {
    try await withDemoBackend(configuration, body)
}

/// Sends a request and returns the transport error it fails with, or records an issue when it succeeds.
func transportError(
    _ transport: HTTPTransport,
    _ request: HTTPRequestSpec,
    progress: (@Sendable (ProgressReport) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> TransportError? {
    do {
        let record = try await transport.send(request, progress: progress)
        Issue.record("expected a transport error, got HTTP \(record.status)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Collects progress reports from the transport's callback.
final class ProgressLog: Sendable {
    private let storage = Mutex<[ProgressReport]>([])

    var reports: [ProgressReport] { storage.withLock { $0 } }

    func record(_ report: ProgressReport) {
        storage.withLock { $0.append(report) }
    }
}

extension HTTPResponseRecord {
    /// The body parsed as JSON.
    func json() throws -> JSONDocument {
        try JSONDocument(parsing: body)
    }

    /// The value at a profile path (`data>profile>city`) of the JSON body, or `nil` when absent.
    func value(at path: String) throws -> JSONValue? {
        try ProfilePath(path).select(in: try json().root)?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}
