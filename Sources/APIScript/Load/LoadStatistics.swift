package import APIClient
import APIHTTP
package import APIMapping
import Histogram

/// What a load run counted: outcomes (HTTP and business), statuses, business errors by their
/// catalogued names, transport failures, and latency in an HdrHistogram (microseconds, three
/// significant digits). Each worker keeps its own and they are merged at the end.
package struct LoadStatistics: Sendable {
    /// Requests sent, with or without a response.
    package private(set) var requests = 0
    /// Requests by outcome: `success`, `business-failure`, `http-failure`, `undetermined`, and
    /// without a response `timeout` or `transport-failure`.
    package private(set) var outcomes: [RequestOutcome: Int] = [:]
    /// Responses by HTTP status.
    package private(set) var httpStatuses: [Int: Int] = [:]
    /// Responses by business status as JSON text (`0`, `40013`), success included.
    package private(set) var businessStatuses: [String: Int] = [:]
    /// Business errors by code, with the name and action the profile's `errors:` gives them.
    package private(set) var businessErrors: [String: (error: BusinessError, count: Int)] = [:]
    /// Requests without a response, by why (`read timeout`, `connection refused`…).
    package private(set) var transportErrors: [String: Int] = [:]
    /// Body bytes received.
    package private(set) var bytesReceived = 0
    /// Latency: from when each request was due (open model) or sent (closed model) to its answer.
    private(set) var latency = Self.histogram()
    /// Service time: from when each request was sent to its answer (kept apart in an open model only).
    private(set) var service = Self.histogram()

    /// Creates empty statistics.
    package init() {}

    /// Counts a response.
    mutating func record(_ response: HTTPResponseRecord, verdict: LoadVerdict, latency: Duration, service: Duration) {
        requests += 1
        outcomes[.exchange(verdict.outcome), default: 0] += 1
        httpStatuses[response.status, default: 0] += 1
        if let status = verdict.businessStatus { businessStatuses[status, default: 0] += 1 }
        if let error = verdict.businessError { businessErrors[error.code, default: (error, 0)].count += 1 }
        bytesReceived += response.body.count
        _ = self.latency.record(Self.microseconds(latency))
        _ = self.service.record(Self.microseconds(service))
    }

    /// Counts a request without a response.
    mutating func record(_ error: TransportError, latency: Duration, service: Duration) {
        requests += 1
        outcomes[RequestOutcome(error), default: 0] += 1
        transportErrors[error.kind.description, default: 0] += 1
        // A timeout's latency is the limit it ran into: counted, so the percentiles show the stall.
        if error.isTimeout {
            _ = self.latency.record(Self.microseconds(latency))
            _ = self.service.record(Self.microseconds(service))
        }
    }

    /// Adds another worker's counts.
    mutating func merge(_ other: LoadStatistics) {
        requests += other.requests
        outcomes.merge(other.outcomes, uniquingKeysWith: +)
        httpStatuses.merge(other.httpStatuses, uniquingKeysWith: +)
        businessStatuses.merge(other.businessStatuses, uniquingKeysWith: +)
        businessErrors.merge(other.businessErrors) { ($0.error, $0.count + $1.count) }
        transportErrors.merge(other.transportErrors, uniquingKeysWith: +)
        bytesReceived += other.bytesReceived
        latency.add(other.latency)
        service.add(other.service)
    }

    /// Latency percentiles in milliseconds: p50, p90, p99, p99.9, max, mean, and the count.
    package var latencyPercentiles: Percentiles { Percentiles(latency) }

    /// Service-time percentiles in milliseconds (equal to the latency in a closed model).
    package var servicePercentiles: Percentiles { Percentiles(service) }

    /// Percentiles of a histogram, in milliseconds.
    package struct Percentiles: Sendable {
        /// How many values.
        package let count: Int
        /// The percentiles and extremes.
        package let p50, p90, p99, p999, max, mean: Double

        init(_ histogram: Histogram<UInt64>) {
            let milliseconds = { (microseconds: UInt64) in Double(microseconds) / 1000 }
            count = Int(histogram.totalCount)
            p50 = milliseconds(histogram.valueAtPercentile(50))
            p90 = milliseconds(histogram.valueAtPercentile(90))
            p99 = milliseconds(histogram.valueAtPercentile(99))
            p999 = milliseconds(histogram.valueAtPercentile(99.9))
            max = histogram.totalCount == 0 ? 0 : milliseconds(histogram.max)
            mean = histogram.totalCount == 0 ? 0 : histogram.mean / 1000
        }

        /// `{"count":…,"p50_ms":…,"p90_ms":…,"p99_ms":…,"p99_9_ms":…,"max_ms":…,"mean_ms":…}`.
        package var jsonValue: JSONValue {
            var object = JSONObject()
            object.append(key: "count", value: .number(JSONNumber(count)))
            for (key, value) in [
                ("p50_ms", p50), ("p90_ms", p90), ("p99_ms", p99), ("p99_9_ms", p999), ("max_ms", max),
                ("mean_ms", mean),
            ] {
                object.append(key: key, value: .number(JSONNumber((value * 1000).rounded() / 1000) ?? JSONNumber(0)))
            }
            return .object(object)
        }
    }

    /// 24 hours in microseconds: longer responses count as this.
    private static let highest: UInt64 = 86_400_000_000

    static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: highest, numberOfSignificantValueDigits: .three)
    }

    static func microseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < 86_400 else { return highest }
        return Swift.max(1, UInt64(seconds) * 1_000_000 + UInt64(Swift.max(0, attoseconds / 1_000_000_000_000)))
    }
}
