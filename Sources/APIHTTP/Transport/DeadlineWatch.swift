import NIOCore
import Synchronization

/// Calls a cancellation when its deadline passes, for many watched operations with one event-loop timer.
///
/// ``HTTPTransport`` watches every body read until its total deadline. A timer per read costs two cross-thread
/// wake-ups of an event loop per request (scheduling it, then cancelling it), which measured as the largest
/// part of the transport's overhead over bare AsyncHTTPClient. Here starting and ending a watch take a lock
/// and nothing else: the one timer is armed for the earliest deadline and moved only when an earlier one
/// arrives, so with one total timeout for every request it is set about once per timeout period.
///
/// ```swift
/// let watch = DeadlineWatch(loop: MultiThreadedEventLoopGroup.singleton.any())
/// let reader = Task { try await readBody() }
/// let id = watch.start(until: .now() + .seconds(30)) { reader.cancel() }
/// defer { watch.end(id) }
/// let body = try await reader.value
/// ```
final class DeadlineWatch: Sendable {
    /// One watched operation.
    private struct Watched {
        var deadline: NIODeadline
        var cancel: @Sendable () -> Void
    }

    private struct State {
        var nextID = 0
        var watched: [Int: Watched] = [:]
        /// The armed timer and the deadline it is set for.
        var timer: (deadline: NIODeadline, scheduled: Scheduled<Void>)?
        var isClosed = false
    }

    private let loop: any EventLoop
    private let state = Mutex(State())

    /// Creates a watch whose timer runs on `loop`.
    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Watches an operation until ``end(_:)``: `cancel` is called once, on the event loop, if `deadline` passes
    /// first.
    ///
    /// - Returns: The watch's identifier, for ``end(_:)``.
    func start(until deadline: NIODeadline, cancel: @escaping @Sendable () -> Void) -> Int {
        let (id, replaced) = state.withLock { state -> (Int, Scheduled<Void>?) in
            let id = state.nextID
            state.nextID &+= 1
            state.watched[id] = Watched(deadline: deadline, cancel: cancel)
            if state.isClosed { return (id, nil) }
            if let timer = state.timer, timer.deadline <= deadline { return (id, nil) }
            let replaced = state.timer?.scheduled
            state.timer = (deadline, schedule(at: deadline))
            return (id, replaced)
        }
        replaced?.cancel()
        return id
    }

    /// Stops watching an operation: its cancellation is not called unless its deadline had already passed.
    func end(_ id: Int) {
        _ = state.withLock { $0.watched.removeValue(forKey: id) }
    }

    /// Cancels the timer; operations watched afterwards are never cancelled by the watch.
    func close() {
        let timer = state.withLock { state in
            state.isClosed = true
            defer { state.timer = nil }
            return state.timer?.scheduled
        }
        timer?.cancel()
    }

    private func schedule(at deadline: NIODeadline) -> Scheduled<Void> {
        loop.scheduleTask(deadline: deadline) { [weak self] in self?.fire() }
    }

    /// Cancels what is past its deadline, earliest first, and re-arms the timer for the earliest deadline left.
    private func fire() {
        let now = NIODeadline.now()
        let expired = state.withLock { state -> [Watched] in
            state.timer = nil
            guard !state.isClosed else { return [] }
            let expiredIDs = state.watched.compactMap { $0.value.deadline <= now ? $0.key : nil }
            let expired = expiredIDs.compactMap { state.watched.removeValue(forKey: $0) }
                .sorted { $0.deadline < $1.deadline }
            if let earliest = state.watched.values.lazy.map(\.deadline).min() {
                state.timer = (earliest, schedule(at: earliest))
            }
            return expired
        }
        for watched in expired {
            watched.cancel()
        }
    }
}
