import Synchronization

/// At most so many requests at work at once; the others wait their turn, first come first served.
///
/// ```swift
/// let gate = RequestGate(limit: 16)
/// let answer = await gate.withTurn { await work() }
/// ```
package final class RequestGate: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    private let state = Mutex(State())

    /// A gate letting `limit` requests through at once (at least one).
    ///
    /// - Parameter limit: The most at work at once.
    package init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Runs `body` once a turn is free, and frees the turn when it returns.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    package func withTurn<T: Sendable>(_ body: () async -> T) async -> T {
        await enter()
        defer { leave() }
        return await body()
    }

    private func enter() async {
        let entered = state.withLock { state in
            guard state.running < limit else { return false }
            state.running += 1
            return true
        }
        if entered { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.running >= limit else {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Passes the turn to the first waiter (which keeps `running` as it is), or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
