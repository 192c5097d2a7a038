import Hummingbird
import Synchronization

/// An asynchronous job to poll, in the code/msg/data family: `POST /cmd/jobs?polls=N` starts one,
/// and `GET /cmd/jobs/:id` says `running` until it has been asked N times, then `done`. Scripts
/// test `repeat until` against it.
extension DemoBackend {
    /// The jobs of one running backend.
    final class JobBoard: Sendable {
        private struct Job {
            var polls: Int
            var polled = 0
        }

        private let jobs = Mutex((next: 1, jobs: [Int: Job]()))

        func start(polls: Int) -> Int {
            jobs.withLock { state in
                let id = state.next
                state.next += 1
                state.jobs[id] = Job(polls: polls)
                return id
            }
        }

        /// The job's polls so far and whether it is done; `nil` for an unknown job.
        func poll(_ id: Int) -> (polled: Int, done: Bool)? {
            jobs.withLock { state in
                guard var job = state.jobs[id] else { return nil }
                job.polled += 1
                state.jobs[id] = job
                return (job.polled, job.polled >= job.polls)
            }
        }
    }

    static func addJobRoutes(to router: Router<DemoRequestContext>) {
        let board = JobBoard()
        router.post("/cmd/jobs") { request, _ -> Response in
            let polls = request.uri.queryParameters.get("polls", as: Int.self) ?? 3
            guard (1...1_000_000).contains(polls) else {
                return .json(#"{"code":40001,"msg":"polls must be between 1 and 1000000","data":null}"#)
            }
            let id = board.start(polls: polls)
            return .json(#"{"code":0,"msg":"成功","data":{"id":\#(id),"status":"running","polls":\#(polls)}}"#)
        }
        router.get("/cmd/jobs/:id") { _, context -> Response in
            guard let id = context.parameters.get("id", as: Int.self), let (polled, done) = board.poll(id) else {
                return .json(#"{"code":40404,"msg":"任务不存在","data":null}"#)
            }
            return .json(
                #"{"code":0,"msg":"成功","data":{"id":\#(id),"status":"\#(done ? "done" : "running")","polled":\#(polled)}}"#
            )
        }
    }
}
