import Foundation
import Synchronization

/// A value computed on a thread of its own, started at once, that async code awaits.
///
/// For blocking start-up work that should not wait for a thread from Dispatch or the cooperative
/// pool: on a cold start those began the work 1-4 ms after it was asked for (phase timestamps of a
/// release build, the main thread parsing meanwhile), while a new `Thread` runs at once. It runs at
/// its creator's priority, so it does not outrank the main thread.
final class ThreadedValue<Value: Sendable>: Sendable {
    private enum State {
        case running(waiters: [CheckedContinuation<Value, Never>])
        case done(Value)
    }

    private let state = Mutex(State.running(waiters: []))

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Value) {
        Thread { [self] in finish(body()) }.start()
    }

    /// The value, once `body` has returned it.
    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready: Value? = state.withLock { state in
                    switch state {
                    case .running(var waiters):
                        waiters.append(continuation)
                        state = .running(waiters: waiters)
                        return nil
                    case .done(let value):
                        return value
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    /// How many callers are waiting for the value now (none once it is ready).
    var waitingCount: Int {
        state.withLock { state in
            guard case .running(let waiters) = state else { return 0 }
            return waiters.count
        }
    }

    private func finish(_ value: Value) {
        let waiters = state.withLock { state in
            defer { state = .done(value) }
            guard case .running(let waiters) = state else { return [CheckedContinuation<Value, Never>]() }
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }
}
