import APIClient
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import Foundation
import Histogram

/// The variable naming the PostgreSQL server the `historydb` group measures; without it only SQLite is.
let benchPostgresVariable = "APIEXPLORE_BENCH_POSTGRES_URL"

extension BenchRun {
    /// Issue 24: the two history backends side by side. Each store is filled with the bulk path to
    /// 100,000 and then 1,000,000 exchanges (10,000 and 100,000 with `--quick`); at each size, 500
    /// single `record` calls and 20 runs of each search are timed, p50 and p99 from an HDR histogram,
    /// PostgreSQL as a ratio of SQLite. First, SQLite's `record` against the insert the store made
    /// before it had two backends, interleaved in the same run.
    @MainActor
    mutating func runHistoryDatabases() async throws(BenchFailure) {
        report.section("(s) history backends: insert and search latency, SQLite and PostgreSQL side by side")
        do {
            try await measureHistoryDatabases()
        } catch let failure as BenchFailure {
            throw failure
        } catch {
            throw BenchFailure(description: "historydb: \(error)")
        }
    }

    /// One backend under measurement.
    private struct MeasuredStore {
        let name: String
        let store: HistoryStore
        var rows = 0
    }

    @MainActor
    private mutating func measureHistoryDatabases() async throws {
        let exchange = try await Self.demoExchange()
        let profile = try Profile(
            yaml: try String(contentsOfFile: "profiles/code-msg-data.yaml", encoding: .utf8),
            file: "profiles/code-msg-data.yaml")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apiexplore-bench-historydb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sqlite = try HistoryStore(
            location: HistoryLocation(path: directory.appendingPathComponent("h.sqlite").path))
        try await compareWithTheStoreBeforeBackends(sqlite, exchange: exchange, profile: profile)
        var stores = [MeasuredStore(name: "sqlite", store: sqlite)]
        var postgresLocation: HistoryLocation?
        let environment = ProcessInfo.processInfo.environment
        if let base = environment[benchPostgresVariable], !base.isEmpty {
            let schema = "bench_" + UUID().uuidString.lowercased().replacing("-", with: "")
            let location = try HistoryLocation(
                postgresURL: base + (base.contains("?") ? "&" : "?") + "schema=" + schema, environment: environment)
            postgresLocation = location
            let store = try HistoryStore(location: location)
            try await store.prepare()
            stores.append(MeasuredStore(name: "postgres", store: store))
        } else {
            report.line(
                "historydb PostgreSQL not measured: set \(benchPostgresVariable)=postgres://USER@HOST:PORT/DB "
                    + "(a throwaway schema is created in it and dropped)")
        }
        let result: Result<Void, any Error>
        do {
            for size in options.quick ? [10_000, 100_000] : [100_000, 1_000_000] {
                var lines: [String: [String: (p50: Double, p99: Double)]] = [:]
                for index in stores.indices {
                    let clock = ContinuousClock()
                    let start = clock.now
                    let missing = size - stores[index].rows
                    try await stores[index].store.recordCopies(missing, of: exchange, profile: profile) { number in
                        let tips = BenchRun.tips
                        return (
                            "http://127.0.0.1:8080/cmd/users/\(number)?page=\(number % 97)",
                            tips[number % tips.count] + " #\(number)",
                            #"{"id":\#(number),"name":"user\#(number)","city":"\#(number % 2 == 0 ? "杭州" : "成都")"}"#
                        )
                    }
                    stores[index].rows = size
                    report.line(
                        "historydb \(pad(stores[index].name, 8)) filled to \(Format.count(size)) "
                            + "(+\(Format.count(missing)) in \(Format.duration(clock.now - start)))")
                    lines[stores[index].name] = try await latencies(
                        stores[index].store, exchange: exchange, profile: profile)
                    stores[index].rows += 500
                }
                reportSideBySide(lines, size: size)
            }
            result = .success(())
        } catch {
            result = .failure(error)
        }
        for store in stores { try await store.store.close() }
        try FileManager.default.removeItem(at: directory)
        if let postgresLocation {
            let cleaner = try HistoryStore(location: postgresLocation)
            try await cleaner.dropPostgresSchema()
            try await cleaner.close()
        }
        try result.get()
    }

    /// p50 and p99 in microseconds of 500 `record` calls and of 20 runs of each search.
    @MainActor
    private mutating func latencies(_ store: HistoryStore, exchange: APIExchange, profile: Profile) async throws
        -> [String: (p50: Double, p99: Double)]
    {
        let clock = ContinuousClock()
        var results: [String: (p50: Double, p99: Double)] = [:]
        var insert = Self.histogram()
        for _ in 0..<500 {
            let start = clock.now
            measurer.consume(Int(try await store.record(exchange, profile: profile)))
            _ = insert.record(Self.microseconds(clock.now - start))
        }
        results["insert"] = Self.percentiles(insert)
        for query in Self.historyQueries {
            var histogram = Self.histogram()
            for _ in 0..<20 {
                let start = clock.now
                measurer.consume(try await store.search(query.text, limit: 50).count)
                _ = histogram.record(Self.microseconds(clock.now - start))
            }
            results[query.name] = Self.percentiles(histogram)
        }
        return results
    }

    static let historyQueries: [(name: String, text: String)] = [
        ("search one match", "user87654\""),
        ("search rare tip", "quota exceeded #42"),
        ("search common", "invalid token"),
        ("search CJK 4 chars", "请求成功"),
        ("search CJK 2 chars", "杭州"),
    ]

    @MainActor
    private func reportSideBySide(_ lines: [String: [String: (p50: Double, p99: Double)]], size: Int) {
        for name in ["insert"] + Self.historyQueries.map(\.name) {
            guard let base = lines["sqlite"]?[name] else { continue }
            var line =
                "historydb \(pad(Format.count(size), 9)) \(pad(name, 20)) sqlite p50 \(Format.number(base.p50, 0)) µs "
                + "p99 \(Format.number(base.p99, 0)) µs"
            if let postgres = lines["postgres"]?[name] {
                line +=
                    "; postgres p50 \(Format.number(postgres.p50, 0)) µs p99 \(Format.number(postgres.p99, 0)) µs "
                    + "(p50 \(Format.number(postgres.p50 / max(base.p50, 1), 1))x sqlite)"
            }
            report.line(line)
        }
    }

    /// SQLite's `record` against the insert the store made before it had two backends, 2,000 of each
    /// interleaved in rounds of 200, medians compared.
    @MainActor
    private mutating func compareWithTheStoreBeforeBackends(
        _ store: HistoryStore, exchange: APIExchange, profile: Profile
    ) async throws {
        let clock = ContinuousClock()
        var before = Self.histogram()
        var now = Self.histogram()
        for _ in 0..<10 {
            for _ in 0..<200 {
                let start = clock.now
                measurer.consume(Int(try await store.recordAsBeforeBackends(exchange, profile: profile)))
                _ = before.record(Self.microseconds(clock.now - start))
            }
            for _ in 0..<200 {
                let start = clock.now
                measurer.consume(Int(try await store.record(exchange, profile: profile)))
                _ = now.record(Self.microseconds(clock.now - start))
            }
        }
        let old = Self.percentiles(before)
        let new = Self.percentiles(now)
        report.line(
            "historydb sqlite record: before backends p50 \(Format.number(old.p50, 0)) µs p99 \(Format.number(old.p99, 0)) µs, "
                + "now p50 \(Format.number(new.p50, 0)) µs p99 \(Format.number(new.p99, 0)) µs "
                + "(p50 ratio \(Format.number(new.p50 / max(old.p50, 1), 2))x); 2,000 each, interleaved")
    }

    private static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
    }

    private static func percentiles(_ histogram: Histogram<UInt64>) -> (p50: Double, p99: Double) {
        (Double(histogram.valueAtPercentile(50)), Double(histogram.valueAtPercentile(99)))
    }

    private static func microseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000, 1))
    }

    /// One real exchange with the demo backend's `user` endpoint, for the stores to copy.
    private static func demoExchange() async throws -> APIExchange {
        let profile = try Profile(
            yaml: try String(contentsOfFile: "profiles/code-msg-data.yaml", encoding: .utf8),
            file: "profiles/code-msg-data.yaml")
        let backend = try await DemoBackend.start()
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        let transport = HTTPTransport(configuration: configuration)
        let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
        let outcome: Result<APIExchange, any Error>
        do {
            outcome = .success(try await client.call(profile: profile, endpoint: "user"))
        } catch {
            outcome = .failure(error)
        }
        try await transport.shutdown()
        await backend.stop()
        return try outcome.get()
    }
}
