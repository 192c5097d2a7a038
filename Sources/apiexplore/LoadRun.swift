import APIClient
import APIHTTP
import APIMapping
import APIScript
import Foundation

/// `run --repeat N --concurrency C`: the scripts N times, C runs at once, reported as latency
/// percentiles (HdrHistogram) and outcome counts instead of a line per command.
///
/// A small, honest helper: one process and one HTTP client pool, so it measures apiexplore and the
/// backend together; there is no ramp-up, pacing or coordinated-omission correction.
struct LoadRun {
    let units: [ScriptRunUnit]
    let repetitions: Int
    let concurrency: Int

    func run(with runner: ScriptRunner, profile: Profile?, pretty: Bool) async -> ScriptExitStatus {
        let all = (0..<repetitions).flatMap { _ in units }
        let suite = ScriptSuite(units: all, jobs: concurrency)
        var statistics = ExchangeStatistics()
        var status = ScriptExitStatus.passed
        var (passed, failed, skipped) = (0, 0, 0)
        var firstFailure: String?
        let clock = ContinuousClock()
        let start = clock.now
        await suite.run(with: runner, profile: profile) { result in
            for report in result.reports { statistics.record(report) }
            status = max(status, result.result.status)
            switch result.verdict {
            case .passed: passed += 1
            case .failed:
                failed += 1
                if firstFailure == nil {
                    let report = result.reports.last { !$0.passed }
                    firstFailure = report.map {
                        $0.secretRedaction.redact(text: "\(result.unit.name):\($0.line): " + $0.summary)
                    }
                }
            case .skipped, .interrupted: skipped += 1
            }
        }
        let duration = clock.now - start
        let seconds = duration.seconds
        let throughput = seconds > 0 ? Double(statistics.requests) / seconds : 0
        if pretty {
            var lines = [
                "\(all.count) runs (\(repetitions) × \(units.count) script\(units.count == 1 ? "" : "s"), "
                    + "\(concurrency) at once): \(passed) passed, \(failed) failed, \(skipped) skipped",
                String(format: "%d requests in %.2f s: %.1f requests/s", statistics.requests, seconds, throughput),
                "outcomes: "
                    + statistics.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                        separator: ", "),
            ]
            if !statistics.businessStatuses.isEmpty {
                lines.append(
                    "business statuses: "
                        + statistics.businessStatuses.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }
                        .joined(separator: ", "))
            }
            if !statistics.businessErrors.isEmpty {
                lines.append(
                    "business errors: "
                        + statistics.businessErrors.sorted { $0.key < $1.key }.map {
                            "\($0.value.error) (\($0.value.error.action.rawValue)) × \($0.value.count)"
                        }.joined(separator: ", "))
            }
            if let firstFailure { lines.append("first failure: " + firstFailure) }
            lines.append("")
            lines.append(Transcript.latencyTable(statistics.rows + [statistics.total]))
            Terminal.write(lines.joined(separator: "\n").terminalSafe + "\n")
        } else {
            var load = JSONObject()
            load.append(key: "runs", value: .number(JSONNumber(all.count)))
            load.append(key: "concurrency", value: .number(JSONNumber(concurrency)))
            load.append(key: "passed", value: .number(JSONNumber(passed)))
            load.append(key: "failed", value: .number(JSONNumber(failed)))
            load.append(key: "skipped", value: .number(JSONNumber(skipped)))
            load.append(key: "duration_ms", value: .number(CommandReport.milliseconds(duration)))
            load.append(
                key: "requests_per_second",
                value: .number(JSONNumber((throughput * 10).rounded() / 10) ?? JSONNumber(0)))
            load.append(key: "first_failure", value: firstFailure.map(JSONValue.string) ?? .null)
            for (key, value) in statistics.jsonValue.objectValue?.members ?? [] { load.append(key: key, value: value) }
            Terminal.writeJSON(JSONDocument(["load": .object(load)]).root, style: .compact)
        }
        return status
    }
}
