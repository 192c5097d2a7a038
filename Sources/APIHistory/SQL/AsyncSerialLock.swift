import Synchronization

/// A first-come, first-served lock held across suspension points: the SQLite backend's transactions
/// take turns on its one connection with it.
///
/// Taking a free lock does not suspend; a waiter suspends until the holder passes the lock on.
final class AsyncSerialLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits until the lock is free, then holds it.
    func lock() async {
        let taken = state.withLock { state in
            guard !state.isLocked else { return false }
            state.isLocked = true
            return true
        }
        if taken { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let takenNow = state.withLock { state in
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if takenNow { continuation.resume() }
        }
    }

    /// Passes the lock to the next waiter, or frees it.
    func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isLocked = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
