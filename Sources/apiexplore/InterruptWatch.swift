import Foundation
import Synchronization

/// SIGINT and SIGTERM caught while a suite runs, so the run can stop, print and write its reports
/// for what it has, and then exit 128 + the signal (as a shell reports a signal death).
struct InterruptWatch {
    private final class Received: Sendable {
        let signal = Mutex<Int32?>(nil)
    }

    private static let signals = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]
    private let received = Received()

    /// Starts catching; `onSignal` runs (on a global queue) for each signal caught.
    init(onSignal: @escaping @Sendable () -> Void) {
        let received = received
        sources = Self.signals.map { number in
            // Ignored by the default handler so the dispatch source sees it instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.signal.withLock { $0 = $0 ?? number }
                onSignal()
            }
            source.resume()
            return source
        }
    }

    /// Stops catching and restores the default handlers; the first signal caught, if any.
    func stop() -> Int32? {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
        return received.signal.withLock { $0 }
    }
}
