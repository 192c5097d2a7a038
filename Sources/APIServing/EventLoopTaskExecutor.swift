package import NIOCore
import NIOPosix

/// Runs a task's jobs on one NIO event loop instead of Swift's cooperative pool.
///
/// Two uses. A load worker and the HTTP client it awaits share a thread: a response resumes the
/// worker where it arrived, with no wake-up of another thread. Measured on two cores
/// (`apiexplore-bench --only load`): without it, every request crossed between the cooperative pool
/// and the event loop three or four times (a semaphore post and an `eventfd` write each), which cost
/// more client CPU than the request itself. And a server running inside another program (the demo
/// backend in the explorer or a test process) answers even while its host holds every thread of the
/// pool, as a test helper waiting for a child process does.
///
/// ```swift
/// let executors = EventLoopTaskExecutor.sharedLoops()
/// await withTaskGroup(of: Void.self) { group in
///     group.addTask(executorPreference: executors[0]) { await work() }
/// }
/// ```
package final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    package let loop: any EventLoop

    /// Creates an executor on `loop`.
    package init(loop: any EventLoop) {
        self.loop = loop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// One executor per loop of the shared event loop group, the group the HTTP clients run on.
    package static func sharedLoops() -> [EventLoopTaskExecutor] {
        MultiThreadedEventLoopGroup.singleton.makeIterator().map { EventLoopTaskExecutor(loop: $0) }
    }

    /// An executor on the shared group's next loop.
    package static func nextSharedLoop() -> EventLoopTaskExecutor {
        EventLoopTaskExecutor(loop: MultiThreadedEventLoopGroup.singleton.next())
    }
}
