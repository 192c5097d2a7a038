/// Runs several requests together, the way JingDataNetwork's sequencer did, with structured
/// concurrency instead of semaphores and `[Any]`.
///
/// - ``zip(_:_:)`` and ``zip(_:)``: all at once; typed results in the order given.
/// - ``merge(_:)``: all at once; each result as it completes, as an `AsyncSequence`.
/// - ``chain(_:then:)``: one after the other, the next built from the previous result.
///
/// In ``zip(_:)`` and ``chain(_:then:)`` every operation runs as a child task: cancelling the
/// caller cancels them all, and when one fails in a zip the others are cancelled. ``merge(_:)``
/// runs its operations in a task group driven by the stream; ending the iteration cancels them.
///
/// ```swift
/// let (user, repos) = try await Sequencer.zip(
///     { try await client.call("user", ["username": "octocat"]) },
///     { try await client.call("user_repos", ["username": "octocat"]) })
///
/// for try await completion in Sequencer.merge(pages.map { page in { try await client.call("issues", page) } }) {
///     print(completion.index, completion.result)
/// }
///
/// let issues = try await Sequencer.chain({ try await client.call("repo", repo) }, then: { repo in
///     try await client.call("issues", ["owner": repo.owner, "repo": repo.name])
/// })
/// ```
public enum Sequencer {
    /// Runs two operations at once and returns both results.
    ///
    /// - Throws: The first error either throws; the other operation is then cancelled.
    public static func zip<A: Sendable, B: Sendable>(
        _ first: @escaping @Sendable () async throws -> A, _ second: @escaping @Sendable () async throws -> B
    ) async throws -> (A, B) {
        let slots = try await collect(
            [{ .first(try await first()) }, { .second(try await second()) }]
                as [@Sendable () async throws -> Slot<A, B, Never>])
        guard case .first(let a)? = slots[0], case .second(let b)? = slots[1] else { preconditionFailure("slots") }
        return (a, b)
    }

    /// Runs three operations at once and returns their results.
    ///
    /// - Throws: The first error any throws; the others are then cancelled.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ first: @escaping @Sendable () async throws -> A, _ second: @escaping @Sendable () async throws -> B,
        _ third: @escaping @Sendable () async throws -> C
    ) async throws -> (A, B, C) {
        let slots = try await collect(
            [{ .first(try await first()) }, { .second(try await second()) }, { .third(try await third()) }]
                as [@Sendable () async throws -> Slot<A, B, C>])
        guard case .first(let a)? = slots[0], case .second(let b)? = slots[1], case .third(let c)? = slots[2] else {
            preconditionFailure("slots")
        }
        return (a, b, c)
    }

    /// One result of a heterogeneous ``zip(_:_:)``, so the results can share one task group.
    private enum Slot<A: Sendable, B: Sendable, C: Sendable>: Sendable {
        case first(A)
        case second(B)
        case third(C)
    }

    /// Runs the operations in one task group, results by position; the first error cancels the rest.
    private static func collect<T: Sendable>(_ operations: [@Sendable () async throws -> T]) async throws -> [T?] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            for (index, operation) in operations.enumerated() {
                group.addTask { (index, try await operation()) }
            }
            var results = [T?](repeating: nil, count: operations.count)
            for try await (index, value) in group {
                results[index] = value
            }
            return results
        }
    }

    /// Runs operations of one result type at once and returns the results in the order given.
    ///
    /// - Parameter operations: The operations; an empty list returns `[]`.
    /// - Throws: The first error thrown; the remaining operations are cancelled.
    public static func zip<T: Sendable>(_ operations: [@Sendable () async throws -> T]) async throws -> [T] {
        // Every operation either delivered a value or threw, which ended `collect` early.
        try await collect(operations).map { $0! }
    }

    /// One finished operation of ``merge(_:)``: its position in the list and what it produced.
    public struct Completion<T: Sendable>: Sendable {
        /// The operation's position in the list given to ``merge(_:)``.
        public let index: Int
        /// The value, or the error it threw.
        public let result: Result<T, any Error>
    }

    /// Runs operations at once and yields each result as it completes, failures included.
    ///
    /// The sequence ends when every operation has finished. Dropping or cancelling the iteration
    /// cancels the operations still running.
    ///
    /// - Parameter operations: The operations.
    /// - Returns: A sequence of ``Completion`` values in completion order.
    public static func merge<T: Sendable>(
        _ operations: [@Sendable () async throws -> T]
    ) -> AsyncStream<Completion<T>> {
        AsyncStream { continuation in
            let driver = Task {
                await withTaskGroup(of: Completion<T>.self) { group in
                    for (index, operation) in operations.enumerated() {
                        group.addTask {
                            do {
                                return Completion(index: index, result: .success(try await operation()))
                            } catch {
                                return Completion(index: index, result: .failure(error))
                            }
                        }
                    }
                    for await completion in group {
                        continuation.yield(completion)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in driver.cancel() }
        }
    }

    /// Runs `first`, then builds and runs the next operation from its result.
    ///
    /// - Throws: Whatever either step throws; `next` does not run when `first` fails.
    public static func chain<A: Sendable, B: Sendable>(
        _ first: () async throws -> A, then next: (A) async throws -> B
    ) async throws -> B {
        let value = try await first()
        try Task.checkCancellation()
        return try await next(value)
    }
}
