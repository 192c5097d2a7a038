package import APIClient
import APIHTTP
package import APIMapping
import Histogram

/// Latency percentiles and outcome counts over the exchanges of a run, for `run --timings` and
/// `run --repeat`: one HdrHistogram per endpoint (microsecond resolution, three significant digits).
///
/// ```swift
/// var statistics = ExchangeStatistics()
/// for report in reports { statistics.record(report) }
/// statistics.rows.first   // demo/user: count 1000, p50 0.41 ms, p95 0.62 ms, max 3.1 ms
/// ```
package struct ExchangeStatistics: Sendable {
    /// The latency of one endpoint, or of all of them.
    package struct Row: Sendable {
        /// `profile/endpoint`, or `all`.
        package let endpoint: String
        /// How many responses.
        package let count: Int
        /// Percentiles and the extremes, in milliseconds.
        package let p50, p90, p95, p99, max, mean: Double
    }

    private var histograms: [String: Histogram<UInt64>] = [:]
    private var order: [String] = []
    private var overall = Self.histogram()
    /// Requests with a response, by overall outcome (`success`, `business-failure`, …), and those
    /// without one under `timeout` (a time limit ran out) or `transport-failure`.
    package private(set) var outcomes: [RequestOutcome: Int] = [:]
    /// Responses by their business status, success included (as JSON text: `0`, `40013`,
    /// `"invalid_auth"`); responses whose envelope has no status are not counted.
    package private(set) var businessStatuses: [String: Int] = [:]
    /// Business errors by code, with the name and action the profile's `errors:` gives them.
    package private(set) var businessErrors: [String: (error: BusinessError, count: Int)] = [:]
    /// Every request counted, with or without a response.
    package private(set) var requests = 0

    /// Creates empty statistics.
    package init() {}

    /// Counts the exchanges of a report (each call of a `zip`).
    package mutating func record(_ report: CommandReport) {
        for call in report.calls { record(call) }
        if let error = report.transportError {
            requests += 1
            outcomes[RequestOutcome(error), default: 0] += 1
        }
        guard let exchange = report.exchange else { return }
        requests += 1
        let evaluation = exchange.evaluation
        outcomes[.exchange(evaluation.outcome), default: 0] += 1
        if let status = evaluation.status {
            businessStatuses[status.node.value.jsonText(), default: 0] += 1
        } else if evaluation.outcome == .businessFailure {
            businessStatuses["none", default: 0] += 1
        }
        if let error = exchange.businessError {
            // The code of a flag-only envelope is its tip: masked like the report.
            var masked = error
            masked.code = report.secretRedaction.redact(text: error.code)
            businessErrors[masked.code, default: (masked, 0)].count += 1
        }
        var key = "\(exchange.profileName)/\(exchange.endpointID)"
        // Raw requests name their resolved path: past a hundred endpoints the rest share one row,
        // so a data run over a million ids cannot allocate a million histograms.
        if histograms[key] == nil && order.count >= Self.maximumRows { key = "other" }
        if histograms[key] == nil {
            histograms[key] = Self.histogram()
            order.append(key)
        }
        let (seconds, attoseconds) = exchange.response.timing.total.components
        // A replayed exchange's time comes from a history file: clamp before multiplying.
        let value =
            seconds < 0
            ? 0
            : seconds >= 86_400
                ? Self.highest : UInt64(seconds) * 1_000_000 + UInt64(Swift.max(0, attoseconds / 1_000_000_000_000))
        _ = histograms[key]?.record(value)
        _ = overall.record(value)
    }

    /// Adds another run's counts, for runs recorded apart (concurrent workers).
    package mutating func merge(_ other: ExchangeStatistics) {
        for key in other.order {
            guard let histogram = other.histograms[key] else { continue }
            if histograms[key] == nil {
                histograms[key] = histogram
                order.append(key)
            } else {
                histograms[key]?.add(histogram)
            }
        }
        overall.add(other.overall)
        outcomes.merge(other.outcomes, uniquingKeysWith: +)
        businessStatuses.merge(other.businessStatuses, uniquingKeysWith: +)
        businessErrors.merge(other.businessErrors) { ($0.error, $0.count + $1.count) }
        requests += other.requests
    }

    /// One row per endpoint, in the order they were first seen.
    package var rows: [Row] { order.compactMap { key in histograms[key].map { Self.row(key, $0) } } }

    /// Every response together.
    package var total: Row { Self.row("all", overall) }

    /// The statistics as JSON: `{"requests":…,"outcomes":{…},"business_statuses":{"0":18,"40013":2},
    /// "business_errors":[{"code":"40013","name":"token_expired","action":"reauth","catalogued":true,"count":2}],
    /// "latency":[…]}`.
    package var jsonValue: JSONValue {
        var object = JSONObject()
        object.append(key: "requests", value: .number(JSONNumber(requests)))
        object.append(
            key: "outcomes", value: Self.counts(Dictionary(uniqueKeysWithValues: outcomes.map { ($0.description, $1) }))
        )
        object.append(key: "business_statuses", value: Self.counts(businessStatuses))
        object.append(
            key: "business_errors",
            value: .array(
                businessErrors.sorted { $0.key < $1.key }.map { entry in
                    var error = entry.value.error.jsonValue.objectValue ?? JSONObject()
                    error.append(key: "count", value: .number(JSONNumber(entry.value.count)))
                    return .object(error)
                }))
        object.append(key: "latency", value: .array((rows + [total]).map(\.jsonValue)))
        return .object(object)
    }

    private static func counts(_ counts: [String: Int]) -> JSONValue {
        var object = JSONObject()
        for (key, count) in counts.sorted(by: { $0.key < $1.key }) {
            object.append(key: key, value: .number(JSONNumber(count)))
        }
        return .object(object)
    }

    /// The most rows kept apart; later endpoints are counted under `other`.
    static let maximumRows = 100

    /// 24 hours in microseconds: longer responses count as this.
    private static let highest: UInt64 = 86_400_000_000

    private static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: highest, numberOfSignificantValueDigits: .three)
    }

    private static func row(_ endpoint: String, _ histogram: Histogram<UInt64>) -> Row {
        let milliseconds = { (microseconds: UInt64) in (Double(microseconds) / 10).rounded() / 100 }
        return Row(
            endpoint: endpoint, count: Int(histogram.totalCount),
            p50: milliseconds(histogram.valueAtPercentile(50)), p90: milliseconds(histogram.valueAtPercentile(90)),
            p95: milliseconds(histogram.valueAtPercentile(95)), p99: milliseconds(histogram.valueAtPercentile(99)),
            max: milliseconds(histogram.totalCount == 0 ? 0 : histogram.max),
            mean: (histogram.totalCount == 0 ? 0 : histogram.mean / 10).rounded() / 100)
    }
}

extension ExchangeStatistics.Row {
    /// The row as JSON, milliseconds as `*_ms`.
    package var jsonValue: JSONValue {
        var object = JSONObject()
        object.append(key: "endpoint", value: .string(endpoint))
        object.append(key: "count", value: .number(JSONNumber(count)))
        for (key, value) in [("p50_ms", p50), ("p90_ms", p90), ("p95_ms", p95), ("p99_ms", p99), ("max_ms", max)]
            + [("mean_ms", mean)]
        {
            object.append(key: key, value: .number(JSONNumber(value) ?? JSONNumber(0)))
        }
        return .object(object)
    }
}
