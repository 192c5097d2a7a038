package import APIClient
package import APIHTTP
import APIMapping
import APIServing
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends one request as fast as a plan asks, straight through the transport: no script, no
/// middleware, no tree per response (``LoadEvaluator`` reads the envelope's status and tip paths
/// only), no history per exchange (the first response of each outcome is handed to a sampler,
/// which the command line records as the run's summary in history).
///
/// ```swift
/// let transport = DirectHTTP1Transport(configuration: TransportConfiguration())
/// var plan = LoadPlan(concurrency: 8)
/// plan.duration = .seconds(10)
/// let engine = LoadEngine(
///     transport: transport, spec: target.spec, request: target.request, errors: target.profile.errors, plan: plan)
/// let outcome = await engine.run()
/// outcome.requestsPerSecond                      // 14210.5
/// outcome.statistics.latencyPercentiles.p99      // 1.9 (ms)
/// ```
package struct LoadEngine: Sendable {
    /// The first response (or failure) of one kind, for the summary history keeps of a run.
    package struct Sample: Sendable {
        /// The response, or why none came.
        package let result: Result<HTTPResponseRecord, TransportError>
    }

    /// What a run did.
    package struct Outcome: Sendable {
        /// The counts and latencies.
        package let statistics: LoadStatistics
        /// From the start to the last answer.
        package let duration: Duration
        /// The process's CPU time (user and system) over the run; `nil` when it cannot be read.
        package let cpuTime: Duration?
        /// Whether the calling task was cancelled (Ctrl-C) before the plan was done.
        package let interrupted: Bool

        /// Requests (answered or not) per second of the run.
        package var requestsPerSecond: Double {
            duration > .zero ? Double(statistics.requests) / duration.seconds : 0
        }

        /// CPU microseconds per request.
        package var cpuMicrosecondsPerRequest: Double? {
            guard let cpuTime, statistics.requests > 0 else { return nil }
            return cpuTime.seconds * 1e6 / Double(statistics.requests)
        }
    }

    /// Sends the requests.
    package let transport: any Transport
    /// The request, sent as is every time.
    package let spec: HTTPRequestSpec
    /// The request as the profile resolved it: its envelope, XML and feed settings.
    package let request: ResolvedRequest
    /// Names business errors.
    package let errors: ErrorCatalogue
    /// How many, how fast.
    package let plan: LoadPlan
    /// Whether every exchange is handed to the sampler (`load --record each`), not only the first of each kind.
    package var samplesEvery = false

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - transport: Sends the requests: `DirectHTTP1Transport` keeps a connection per request in
    ///     flight; an `HTTPTransport` needs ``TransportConfiguration/connectionsPerHost`` of at least
    ///     the plan's concurrency, or requests wait for a connection.
    ///   - spec: The request as sent.
    ///   - request: The request as resolved (its envelope).
    ///   - errors: The profile's error catalogue.
    ///   - plan: How many, how fast.
    package init(
        transport: any Transport, spec: HTTPRequestSpec, request: ResolvedRequest, errors: ErrorCatalogue,
        plan: LoadPlan
    ) {
        self.transport = transport
        self.spec = spec
        self.request = request
        self.errors = errors
        self.plan = plan
    }

    /// Runs the plan. Cancelling the calling task stops it: the requests in flight are cancelled
    /// and what was counted is returned, marked interrupted.
    ///
    /// - Parameter sample: Hears the first response of each outcome and business status, and the
    ///   first failure of each kind, as they happen (a handful per run).
    /// - Returns: The counts, latencies, wall time and CPU time.
    package func run(sample: @escaping @Sendable (Sample) async -> Void = { _ in }) async -> Outcome {
        let clock = ContinuousClock()
        let tickets = Tickets()
        let sampled = SampledKinds()
        let cpuBefore = Self.cpuTime()
        let start = clock.now
        // Each worker runs on an event loop of the shared group, the one its connection is opened on
        // (``DirectHTTP1Transport`` opens it on the caller's loop), so an answer resumes its worker on
        // the thread it arrived on, with no hop to the cooperative pool and back.
        let loops = EventLoopTaskExecutor.sharedLoops()
        let statistics = await withTaskGroup(of: LoadStatistics.self) { group in
            for worker in 0..<plan.concurrency {
                group.addTask(executorPreference: loops[worker % loops.count]) {
                    await self.work(
                        worker, start: start, clock: clock, tickets: tickets, sampled: sampled, sample: sample)
                }
            }
            var total = LoadStatistics()
            for await part in group { total.merge(part) }
            return total
        }
        let duration = clock.now - start
        let cpuAfter = Self.cpuTime()
        let cpuTime = cpuBefore.flatMap { before in cpuAfter.map { $0 - before } }
        return Outcome(statistics: statistics, duration: duration, cpuTime: cpuTime, interrupted: Task.isCancelled)
    }

    /// One worker: takes the next request's number, waits for its due time in an open model, sends it, counts it.
    private func work(
        _ worker: Int, start: ContinuousClock.Instant, clock: ContinuousClock, tickets: Tickets,
        sampled: SampledKinds, sample: @Sendable (Sample) async -> Void
    ) async -> LoadStatistics {
        var statistics = LoadStatistics()
        var evaluator = LoadEvaluator(request: request, errors: errors)
        var seen = Set<String>()
        let end = plan.duration.map { start + $0 }
        let open = plan.rate != nil
        if !open, plan.rampUp > .zero {
            if !(await Self.sleep(until: start + plan.startTime(of: worker), clock: clock)) { return statistics }
        }
        while !Task.isCancelled {
            let number = tickets.next()
            if let requests = plan.requests, number >= requests { break }
            let due: ContinuousClock.Instant
            if let offset = plan.dueTime(of: number) {
                due = start + offset
                if let end, due >= end { break }
                if clock.now < due, !(await Self.sleep(until: due, clock: clock)) { break }
            } else {
                due = clock.now
                if let end, due >= end { break }
            }
            let sent = clock.now
            let kind: String
            let result: Result<HTTPResponseRecord, TransportError>
            do {
                let response = try await transport.send(spec, progress: nil)
                let answered = clock.now
                let verdict = evaluator.verdict(response)
                statistics.record(response, verdict: verdict, latency: answered - due, service: answered - sent)
                kind = verdict.outcome.rawValue + " " + (verdict.businessStatus ?? "-") + " \(response.status)"
                result = .success(response)
            } catch {
                // A request cut off by an interruption is not the server's failure: not counted.
                if Task.isCancelled { break }
                let answered = clock.now
                statistics.record(error, latency: answered - due, service: answered - sent)
                kind = "transport " + error.kind.description
                result = .failure(error)
            }
            if samplesEvery {
                await sample(Sample(result: result))
            } else if !seen.contains(kind) {
                seen.insert(kind)
                if sampled.first(kind) { await sample(Sample(result: result)) }
            }
        }
        return statistics
    }

    /// Sleeps until `instant`; `false` when cancelled.
    private static func sleep(until instant: ContinuousClock.Instant, clock: ContinuousClock) async -> Bool {
        do {
            try await clock.sleep(until: instant, tolerance: .microseconds(100))
            return true
        } catch {
            return false
        }
    }

    /// The process's CPU time so far, every thread's user and system time together.
    private static func cpuTime() -> Duration? {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return nil }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

/// The next request's number, shared by the workers.
private final class Tickets: Sendable {
    private let counter = Atomic<Int>(0)

    func next() -> Int { counter.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// The kinds of answer sampled so far, shared by the workers.
private final class SampledKinds: Sendable {
    private let kinds = Mutex(Set<String>())

    /// Whether `kind` is seen for the first time (and now counts as seen).
    func first(_ kind: String) -> Bool { kinds.withLock { $0.insert(kind).inserted } }
}
