import APIClient
import APIHTTP
import APIMapping
import APIScript
import APISession
import Foundation

/// What `load` prints: the plan, the counts (outcomes, HTTP and business statuses, business errors
/// by name, transport failures), latency and service-time percentiles, throughput and client CPU.
///
/// ```json
/// {"load":{"profile":"demo","endpoint":"user","method":"GET","url":"http://127.0.0.1:8080/cmd/users/1001",
///  "concurrency":8,"rate_per_second":null,"ramp_up_ms":0,"planned_requests":null,"planned_duration_ms":10000,
///  "duration_ms":10001.2,"interrupted":false,"requests":142105,"requests_per_second":14208.8,
///  "outcomes":{"success":142105},"http_statuses":{"200":142105},"business_statuses":{"0":142105},
///  "business_errors":[],"transport_errors":{},"latency":{"count":142105,"p50_ms":0.52,…},
///  "service_time":null,"bytes_received":49310435,"client_cpu_us_per_request":61.3,
///  "cpu_includes_server":false,"history":{"mode":"summary","recorded":1,"ids":[412],"error":null}}}
/// ```
struct LoadReport {
    let target: LoadTarget
    let plan: LoadPlan
    let outcome: LoadEngine.Outcome
    let history: JSONValue

    var jsonValue: JSONValue {
        let statistics = outcome.statistics
        var object = JSONObject()
        object.append(key: "profile", value: .string(target.profile.name))
        object.append(key: "endpoint", value: .string(target.endpoint))
        object.append(key: "method", value: .string(target.spec.method))
        object.append(key: "url", value: .string(target.request.redaction.redact(url: target.spec.url)))
        object.append(key: "concurrency", value: .number(JSONNumber(plan.concurrency)))
        object.append(key: "rate_per_second", value: plan.rate.map { Self.number($0) } ?? .null)
        object.append(key: "ramp_up_ms", value: .number(CommandReport.milliseconds(plan.rampUp)))
        object.append(key: "planned_requests", value: plan.requests.map { .number(JSONNumber($0)) } ?? .null)
        object.append(
            key: "planned_duration_ms", value: plan.duration.map { .number(CommandReport.milliseconds($0)) } ?? .null)
        object.append(key: "duration_ms", value: .number(CommandReport.milliseconds(outcome.duration)))
        object.append(key: "interrupted", value: .bool(outcome.interrupted))
        object.append(key: "requests", value: .number(JSONNumber(statistics.requests)))
        object.append(key: "requests_per_second", value: Self.number(outcome.requestsPerSecond))
        object.append(
            key: "outcomes",
            value: Self.counts(Dictionary(uniqueKeysWithValues: statistics.outcomes.map { ($0.description, $1) })))
        object.append(
            key: "http_statuses",
            value: Self.counts(Dictionary(uniqueKeysWithValues: statistics.httpStatuses.map { (String($0), $1) })))
        object.append(key: "business_statuses", value: Self.counts(statistics.businessStatuses))
        object.append(
            key: "business_errors",
            value: .array(
                statistics.businessErrors.sorted { $0.key < $1.key }.map { entry in
                    var error = entry.value.error.jsonValue.objectValue ?? JSONObject()
                    error.append(key: "count", value: .number(JSONNumber(entry.value.count)))
                    return .object(error)
                }))
        object.append(key: "transport_errors", value: Self.counts(statistics.transportErrors))
        object.append(key: "latency", value: statistics.latencyPercentiles.jsonValue)
        // In a closed model the service time is the latency: printed once.
        object.append(key: "service_time", value: plan.rate == nil ? .null : statistics.servicePercentiles.jsonValue)
        object.append(key: "bytes_received", value: .number(JSONNumber(statistics.bytesReceived)))
        object.append(
            key: "client_cpu_us_per_request",
            value: outcome.cpuMicrosecondsPerRequest.map { Self.number($0) } ?? .null)
        object.append(key: "cpu_includes_server", value: .bool(target.servedInProcess))
        object.append(key: "history", value: history)
        return .object(object)
    }

    /// The report as readable lines.
    var text: String {
        let statistics = outcome.statistics
        let latency = statistics.latencyPercentiles
        var lines = [
            "load \(target.profile.name)/\(target.endpoint): \(target.spec.method) "
                + target.request.redaction.redact(url: target.spec.url),
            "\(plan.concurrency) at once"
                + (plan.rate.map { String(format: ", %.1f requests/s due", $0) } ?? ", back to back")
                + (plan.rampUp > .zero ? ", ramp-up \(CommandReport.milliseconds(plan.rampUp)) ms" : "")
                + (outcome.interrupted ? " — interrupted" : ""),
            String(
                format: "%d requests in %.2f s: %.1f requests/s", statistics.requests, outcome.duration.seconds,
                outcome.requestsPerSecond),
            "outcomes: "
                + Self.list(Dictionary(uniqueKeysWithValues: statistics.outcomes.map { ($0.description, $1) })),
            "HTTP statuses: "
                + Self.list(Dictionary(uniqueKeysWithValues: statistics.httpStatuses.map { (String($0), $1) })),
        ]
        if !statistics.businessStatuses.isEmpty {
            lines.append("business statuses: " + Self.list(statistics.businessStatuses))
        }
        if !statistics.businessErrors.isEmpty {
            lines.append(
                "business errors: "
                    + statistics.businessErrors.sorted { $0.key < $1.key }.map {
                        "\($0.value.error) (\($0.value.error.action.rawValue)) × \($0.value.count)"
                    }.joined(separator: ", "))
        }
        if !statistics.transportErrors.isEmpty {
            lines.append("no response: " + Self.list(statistics.transportErrors))
        }
        lines.append(
            String(
                format: "latency%@ ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  mean %.3f",
                plan.rate == nil ? "" : " (from the due time)", latency.p50, latency.p90, latency.p99, latency.p999,
                latency.max, latency.mean))
        if plan.rate != nil {
            let service = statistics.servicePercentiles
            lines.append(
                String(
                    format: "service time ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f", service.p50,
                    service.p90, service.p99, service.p999, service.max))
        }
        if let cpu = outcome.cpuMicrosecondsPerRequest {
            lines.append(
                String(format: "client CPU: %.1f µs per request", cpu)
                    + (target.servedInProcess ? " (the embedded demo backend's included)" : ""))
        }
        if let object = history.objectValue, let recorded = object["recorded"]?.numberValue {
            lines.append("history: \(object["mode"]?.stringValue ?? "") (\(recorded.text) recorded)")
        }
        return lines.joined(separator: "\n")
    }

    private static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber((value * 10).rounded() / 10) ?? JSONNumber(0))
    }

    private static func counts(_ counts: [String: Int]) -> JSONValue {
        var object = JSONObject()
        for (key, count) in counts.sorted(by: { $0.key < $1.key }) {
            object.append(key: key, value: .number(JSONNumber(count)))
        }
        return .object(object)
    }

    private static func list(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: ", ")
    }
}
