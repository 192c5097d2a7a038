/// How a load run sends its requests: how many at once, how many or for how long, and at what
/// rate.
///
/// Without a ``rate`` the run is a closed model (wrk's): ``concurrency`` workers each send the
/// next request as soon as their last one is answered, so the server's speed sets the pace. With a
/// rate it is an open model (wrk2's, k6's arrival rate): request *n* is due at a fixed time from
/// the start, whatever happened to the ones before it, and its latency counts from when it was
/// due. A server that stalls for a second then shows a second of latency on every request that
/// should have gone out meanwhile, instead of hiding them (coordinated omission); the time each
/// request took from when it was actually sent is reported beside it as the service time.
///
/// ```swift
/// var plan = LoadPlan(concurrency: 64)
/// plan.duration = .seconds(30)
/// plan.rate = 2_000            // requests per second, all workers together
/// plan.rampUp = .seconds(5)    // the rate climbs from 0 to 2,000/s over the first 5 s
/// ```
package struct LoadPlan: Sendable, Hashable {
    /// How many requests are in flight at most (workers, each with its own connection).
    package var concurrency: Int
    /// How many requests in all; `nil` to run for ``duration``.
    package var requests: Int?
    /// How long requests are started for; `nil` to send ``requests`` whatever the time.
    package var duration: Duration?
    /// Requests per second, all workers together, for an open model; `nil` for a closed one.
    package var rate: Double?
    /// How long the load takes to climb to its full level: with a rate, the rate rises linearly
    /// from 0; without, the workers start one after another over this time.
    package var rampUp: Duration = .zero

    /// Creates a plan of `concurrency` workers; set ``requests`` or ``duration`` (or both: the first
    /// reached ends the run).
    ///
    /// - Parameter concurrency: How many requests are in flight at most.
    package init(concurrency: Int = 1) {
        self.concurrency = max(1, concurrency)
    }

    /// When request `index` (0-based) is due, from the start, in an open model; `nil` without a rate.
    ///
    /// With a ramp-up of `D` seconds to a rate `R`, the rate at time `t < D` is `R·t/D`, so `n`
    /// requests are due by `t = √(2·D·n/R)`; after the ramp, one every `1/R` seconds.
    ///
    /// - Parameter index: The request's number, from 0.
    /// - Returns: Its due time from the start.
    package func dueTime(of index: Int) -> Duration? {
        guard let rate, rate > 0 else { return nil }
        let ramp = rampUp.seconds
        let count = Double(index)
        let seconds: Double
        if ramp > 0 && count < rate * ramp / 2 {
            seconds = (2 * ramp * count / rate).squareRoot()
        } else if ramp > 0 {
            seconds = ramp + (count - rate * ramp / 2) / rate
        } else {
            seconds = count / rate
        }
        return .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }

    /// When worker `worker` (0-based) starts, from the start, in a closed model: spread evenly over the ramp-up.
    ///
    /// - Parameter worker: The worker's number, from 0.
    /// - Returns: Its start time from the start of the run.
    package func startTime(of worker: Int) -> Duration {
        guard concurrency > 1 else { return .zero }
        return rampUp * (Double(worker) / Double(concurrency))
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
