import NIOCore
import NIOPosix

/// Runs a task's jobs on one NIO event loop, so a load worker and the HTTP client it awaits share a
/// thread: a response resumes the worker where it arrived, with no wake-up of another thread.
///
/// Measured on two cores (`apiexplore-bench --only load`): without it, every request crossed
/// between the cooperative pool and the event loop three or four times (a semaphore post and an
/// `eventfd` write each), which cost more client CPU than the request itself.
///
/// ```swift
/// let executors = EventLoopTaskExecutor.sharedLoops()
/// await withTaskGroup(of: Void.self) { group in
///     group.addTask(executorPreference: executors[0]) { await work() }
/// }
/// ```
final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    let loop: any EventLoop

    /// Creates an executor on `loop`.
    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// One executor per loop of the shared event loop group, the group ``HTTPTransport``'s clients run on.
    static func sharedLoops() -> [EventLoopTaskExecutor] {
        MultiThreadedEventLoopGroup.singleton.makeIterator().map { EventLoopTaskExecutor(loop: $0) }
    }
}
