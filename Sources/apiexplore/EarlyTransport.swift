import APIClient
import Synchronization

/// The HTTP client of a command that will send requests, created on another thread while the
/// command line parses.
///
/// Parsing keeps one core busy for milliseconds on a cold start; creating the client (its
/// event-loop threads, its first-use type metadata) takes about 2 ms that can run beside it.
/// `SessionHost` takes the early client; a command that never takes it exits without it.
enum EarlyTransport {
    private static let pending = Mutex<Task<HTTPTransport, Never>?>(nil)

    /// Starts creating the transport.
    static func start() {
        pending.withLock { $0 = Task.detached(priority: .userInitiated) { HTTPTransport() } }
    }

    /// The transport started early, or a new one when there is none (each is taken once).
    static func take() async -> HTTPTransport {
        let task = pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
        guard let task else { return HTTPTransport() }
        return await task.value
    }
}
