import Foundation
import Synchronization
import Testing

@testable import apiexplore

/// `ThreadedValue` runs its work on a new thread at once and hands the result to every waiter,
/// whether it waits before or after the work ends.
@Suite(.timeLimit(.minutes(1))) struct ThreadedValueTests {
    @Test func theWorkStartsBeforeAnyoneWaitsOnAThreadOfItsOwn() async {
        let started = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        let value = ThreadedValue { () -> Bool in
            started.signal()
            return pthread_equal(pthread_self(), caller) == 0
        }
        // Blocks this thread until the body runs: a value that waited to be awaited would hang here
        // (the suite's time limit ends the test).
        started.wait()
        #expect(await value.value, "the body ran on the caller's thread")
    }

    @Test func everyWaiterGetsTheValueBeforeAndAfterItIsReady() async {
        let release = DispatchSemaphore(value: 0)
        let value = ThreadedValue { () -> Int in
            release.wait()
            return 42
        }
        let early = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { await value.value } }
            // The waiters are registered while the body is blocked; then it finishes.
            release.signal()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(early == Array(repeating: 42, count: 8))
        #expect(await value.value == 42)
    }
}
