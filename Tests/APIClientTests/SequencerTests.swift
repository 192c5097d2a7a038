import APIClient
import APIHTTP
import Testing

/// `Sequencer` ordering, completion order, error handling and cancellation, with gates instead of sleeps.
@Suite struct SequencerTests {
    /// A one-shot signal: `wait()` returns once `open()` was called.
    actor Gate {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// Records events in the order they happen.
    actor Log {
        private(set) var events: [String] = []
        func record(_ event: String) { events.append(event) }
    }

    struct Failure: Error, Equatable {}

    typealias Operation<T> = @Sendable () async throws -> T

    /// Never finishes on its own; records that it was cancelled and opens `cancelled`.
    static func waitForCancellation(_ log: Log, _ name: String, cancelled: Gate? = nil) async throws -> String {
        do {
            try await Task.sleep(for: .seconds(86_400))
        } catch is CancellationError {
            await log.record("\(name) cancelled")
            await cancelled?.open()
            throw CancellationError()
        }
        return name
    }

    @Test func zipReturnsResultsInTheOrderGivenNotTheOrderFinished() async throws {
        let gate = Gate()
        let log = Log()
        let results = try await Sequencer.zip([
            { @Sendable in
                await gate.wait()
                await log.record("zero")
                return "zero"
            },
            { @Sendable in
                await log.record("one")
                await gate.open()
                return "one"
            },
        ])
        #expect(await log.events == ["one", "zero"])
        #expect(results == ["zero", "one"])
        #expect(try await Sequencer.zip([Operation<Int>]()) == [])
    }

    @Test func zipOfDifferentTypes() async throws {
        let (number, text, flag) = try await Sequencer.zip({ 42 }, { "octocat" }, { true })
        #expect(number == 42)
        #expect(text == "octocat")
        #expect(flag)
    }

    @Test func zipFailureCancelsTheOthers() async throws {
        let log = Log()
        let operations: [Operation<String>] = [
            { try await Self.waitForCancellation(log, "slow") },
            { throw Failure() },
        ]
        await #expect(throws: Failure.self) { _ = try await Sequencer.zip(operations) }
        #expect(await log.events == ["slow cancelled"])
    }

    @Test func cancellingTheCallerCancelsEveryOperation() async throws {
        let log = Log()
        let started = Gate()
        let task = Task {
            try await Sequencer.zip(
                {
                    await started.open()
                    return try await Self.waitForCancellation(log, "a")
                },
                { try await Self.waitForCancellation(log, "b") })
        }
        await started.wait()
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(Set(await log.events) == ["a cancelled", "b cancelled"])
    }

    @Test func mergeYieldsInCompletionOrderWithFailures() async throws {
        let gate = Gate()
        let stream = Sequencer.merge([
            { @Sendable in
                await gate.wait()
                return 0
            },
            { @Sendable in 1 },
            { @Sendable in throw Failure() },
        ])
        var seen: [Int] = []
        var failures: [Int] = []
        for await completion in stream {
            switch completion.result {
            case .success(let value):
                #expect(value == completion.index)
                seen.append(value)
            case .failure(let error):
                #expect(error is Failure)
                failures.append(completion.index)
            }
            // Operation 0 may finish only after both others were seen.
            if seen.count + failures.count == 2 { await gate.open() }
        }
        #expect(Set(seen.prefix(1)) == [1])
        #expect(seen.last == 0)
        #expect(failures == [2])
    }

    @Test(.timeLimit(.minutes(5)))
    func abandoningAMergeCancelsWhatIsStillRunning() async throws {
        let log = Log()
        let cancelled = Gate()
        let operations: [Operation<String>] = [
            { "fast" },
            { try await Self.waitForCancellation(log, "slow", cancelled: cancelled) },
        ]
        do {
            var iterator = Sequencer.merge(operations).makeAsyncIterator()
            let first = await iterator.next()
            #expect(first?.index == 0)
        }
        // The stream is gone: its driver is cancelled, and so is the operation still running.
        await cancelled.wait()
        #expect(await log.events == ["slow cancelled"])
    }

    @Test func chainBuildsTheNextStepFromThePrevious() async throws {
        let log = Log()
        let total = try await Sequencer.chain(
            {
                await log.record("user")
                return 3
            },
            then: { repos in
                await log.record("repos for \(repos)")
                return repos * 10
            })
        #expect(total == 30)
        #expect(await log.events == ["user", "repos for 3"])
        await #expect(throws: Failure.self) {
            _ = try await Sequencer.chain(
                { () async throws -> Int in throw Failure() },
                then: { value in
                    await log.record("never")
                    return value
                })
        }
        #expect(await !log.events.contains("never"))
    }
}

extension SequencerTests {
    @Test func twoWayZipFailureCancelsTheSlowFirstOperation() async throws {
        let log = Log()
        await #expect(throws: Failure.self) {
            _ = try await Sequencer.zip(
                { try await Self.waitForCancellation(log, "slow first") },
                { () async throws -> Int in throw Failure() })
        }
        #expect(await log.events == ["slow first cancelled"])
    }
}
