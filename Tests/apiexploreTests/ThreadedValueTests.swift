import Foundation
import Testing

@testable import apiexplore

/// `ThreadedValue` runs its work on a new thread at once and hands the result to every waiter,
/// whether it waits before or after the work ends.
@Suite(.timeLimit(.minutes(1))) struct ThreadedValueTests {
    /// The calling thread's identity, read outside any async context.
    private static func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

    @Test func theWorkStartsBeforeAnyoneWaitsOnAThreadOfItsOwn() async {
        let caller = Self.currentThread()
        let (started, signal) = AsyncStream.makeStream(of: ObjectIdentifier.self)
        let value = ThreadedValue { () -> Int in
            signal.yield(Self.currentThread())
            signal.finish()
            return 7
        }
        // Nothing awaits the value yet: a body that waited to be awaited would never report, and the
        // time limit would end the test.
        var bodyThread: ObjectIdentifier?
        for await thread in started { bodyThread = thread }
        #expect(bodyThread != nil && bodyThread != caller, "the body ran on the caller's thread")
        #expect(await value.value == 7)
    }

    @Test func everyWaiterGetsTheValueBeforeAndAfterItIsReady() async {
        let gate = Gate()
        let value = ThreadedValue { () -> Int in
            gate.waitUntilOpen()
            return 42
        }
        let early = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { await value.value } }
            // All eight wait while the body is held; then it finishes and must resume every one.
            while value.waitingCount < 8 { await Task.yield() }
            gate.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(early == Array(repeating: 42, count: 8))
        #expect(value.waitingCount == 0)
        #expect(await value.value == 42)
    }
}

/// Holds a blocking body on its thread until the test opens it (at most a minute).
private final class Gate: Sendable {
    private let condition = NSCondition()
    private nonisolated(unsafe) var isOpen = false

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilOpen() {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: 60)
        while !isOpen && condition.wait(until: deadline) {}
        condition.unlock()
    }
}
