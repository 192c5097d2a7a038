import APIClient
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import Foundation

/// Issue 5's targets: recording adds at most this much per request, and a search takes at most this long.
let historyInsertTarget: Duration = .milliseconds(1)
let historySearchTarget: Duration = .milliseconds(20)

extension BenchRun {
    /// Issue 5: the history store's cost per recorded exchange (against the same request without
    /// recording), its growth per exchange, and full-text search latency over 1,000,000 exchanges.
    @MainActor
    mutating func runHistory() async throws(BenchFailure) {
        report.section("(k) history store: insert overhead, growth per exchange, search over many exchanges")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apiexplore-bench-history-\(UUID().uuidString)")
        let result: Result<Void, BenchFailure>
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try await measureHistory(in: directory)
            result = .success(())
        } catch let failure as BenchFailure {
            result = .failure(failure)
        } catch {
            result = .failure(BenchFailure(description: "history: \(error)"))
        }
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            report.line("history   removing \(directory.path) failed: \(error)")
        }
        try result.get()
    }

    @MainActor
    private mutating func measureHistory(in directory: URL) async throws {
        let profile = try Profile(
            yaml: try String(contentsOfFile: "profiles/code-msg-data.yaml", encoding: .utf8),
            file: "profiles/code-msg-data.yaml")
        let backend = try await DemoBackend.start()
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        let transport = HTTPTransport(configuration: configuration)
        let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
        let store = try HistoryStore(location: HistoryLocation(path: directory.appendingPathComponent("a.sqlite").path))
        let outcome: Result<APIExchange, any Error>
        do {
            outcome = .success(try await measureInsertOverhead(client: client, store: store, profile: profile))
        } catch {
            outcome = .failure(error)
        }
        try await transport.shutdown()
        await backend.stop()
        let exchange = try outcome.get()
        try await measureGrowth(exchange: exchange, profile: profile, directory: directory)
        try await measureSearch(exchange: exchange, profile: profile, directory: directory)
    }

    /// Sequential calls to the demo backend without and with recording, interleaved, best of 5 rounds.
    @MainActor
    private mutating func measureInsertOverhead(client: ProfileClient, store: HistoryStore, profile: Profile)
        async throws -> APIExchange
    {
        let requests = options.quick ? 200 : 1_000
        let clock = ContinuousClock()
        var exchange = try await client.call(profile: profile, endpoint: "user")
        for _ in 0..<100 {
            exchange = try await client.call(profile: profile, endpoint: "user")
            try await store.record(exchange, profile: profile)
        }
        var bare: [Duration] = []
        var recorded: [Duration] = []
        var recordOnly: [Duration] = []
        for _ in 0..<5 {
            var start = clock.now
            for _ in 0..<requests { exchange = try await client.call(profile: profile, endpoint: "user") }
            bare.append((clock.now - start) / requests)
            start = clock.now
            var spentRecording = Duration.zero
            for _ in 0..<requests {
                exchange = try await client.call(profile: profile, endpoint: "user")
                let before = clock.now
                measurer.consume(Int(try await store.record(exchange, profile: profile)))
                spentRecording += clock.now - before
            }
            recorded.append((clock.now - start) / requests)
            recordOnly.append(spentRecording / requests)
        }
        let baseline = bare.min() ?? .zero
        let withHistory = recorded.min() ?? .zero
        let insert = recordOnly.sorted()[recordOnly.count / 2]
        let added = withHistory - baseline
        report.line(
            "history   call \(Self.micro(baseline)) µs, call + record \(Self.micro(withHistory)) µs "
                + "(ratio \(Format.number(withHistory / baseline, 2))x), "
                + "record alone \(Self.micro(insert)) µs median; \(requests) sequential requests per round, best of 5")
        let verdict = report.check(
            "history added per request <= 1 ms", measured: "\(Self.micro(max(added, insert))) µs",
            passed: max(added, insert) <= historyInsertTarget, rule: "<= 1 ms")
        report.line("history   added per request \(Self.micro(max(added, insert))) µs \(verdict)")
        return exchange
    }

    /// The file's size per recorded exchange (the demo user, about 400 bytes of JSON), after a checkpoint.
    @MainActor
    private mutating func measureGrowth(exchange: APIExchange, profile: Profile, directory: URL) async throws {
        let file = directory.appendingPathComponent("growth.sqlite")
        let store = try HistoryStore(location: HistoryLocation(path: file.path))
        try await store.checkpoint()
        let empty = try Self.size(file)
        let count = 10_000
        for _ in 0..<count { try await store.record(exchange, profile: profile) }
        try await store.checkpoint()
        let grown = try Self.size(file) - empty
        report.line(
            "history   growth \(Format.number(Double(grown) / Double(count), 0)) bytes per exchange "
                + "(\(count) records of a \(exchange.response.body.count)-byte response, headers, FTS index)")
    }

    /// Search latency over a store filled with 1,000,000 exchanges (100 000 with --quick).
    @MainActor
    private mutating func measureSearch(exchange: APIExchange, profile: Profile, directory: URL) async throws {
        let count = options.quick ? 100_000 : 1_000_000
        let file = directory.appendingPathComponent("search.sqlite")
        let store = try HistoryStore(location: HistoryLocation(path: file.path))
        let clock = ContinuousClock()
        let fillStart = clock.now
        let tips = Self.tips
        try await store.recordCopies(count, of: exchange, profile: profile) { number in
            (
                "http://127.0.0.1:8080/cmd/users/\(number)?page=\(number % 97)",
                tips[number % tips.count] + " #\(number)",
                #"{"id":\#(number),"name":"user\#(number)","city":"\#(number % 2 == 0 ? "杭州" : "成都")"}"#
            )
        }
        let fillTime = clock.now - fillStart
        try await store.checkpoint()
        report.line(
            "history   filled \(Format.count(count)) exchanges in \(Format.duration(fillTime)) "
                + "(100-row INSERTs, 10,000 per transaction), file \(Format.megabytes(try Self.size(file)))")
        try await measureQueries(store, state: "as filled")
        let optimizeStart = clock.now
        try await store.optimize()
        report.line("history   optimize() merged the index in \(Format.duration(clock.now - optimizeStart))")
        try await measureQueries(store, state: "after optimize()")
    }

    /// Median latency of each search, 50 results at most; only the first state counts for the targets.
    @MainActor
    private mutating func measureQueries(_ store: HistoryStore, state: String) async throws {
        let clock = ContinuousClock()
        let counted = state == "as filled"
        let queries: [(name: String, text: String, target: Bool)] = [
            ("one match", "user87654\"", true),
            ("rare tip", "quota exceeded #42", true),
            ("common, newest 50", "invalid token", true),
            ("CJK 4 chars", "请求成功", true),
            ("CJK 2 chars (LIKE scan)", "杭州", false),
        ]
        for query in queries {
            var samples: [Duration] = []
            var hits = 0
            for _ in 0..<(query.target ? 20 : 3) {
                let start = clock.now
                hits = try await store.search(query.text, limit: 50).count
                samples.append(clock.now - start)
            }
            let median = samples.sorted()[samples.count / 2]
            measurer.consume(hits)
            var line =
                "history   search \(pad("\"\(query.text)\"", 24)) \(pad(query.name, 24)) "
                + "\(Format.number(median.milliseconds, 2)) ms median, \(hits) hits"
            line += " (\(state))"
            if query.target && counted {
                line +=
                    " "
                    + report.check(
                        "history search \(query.name) <= 20 ms",
                        measured: "\(Format.number(median.milliseconds, 2)) ms",
                        passed: median <= historySearchTarget, rule: "<= 20 ms")
            }
            report.line(line)
        }
    }

    static let tips = [
        "成功", "invalid token", "请求成功", "用户不存在", "rate limited", "quota exceeded", "ok", "参数错误",
        "internal error", "not found",
    ]

    private static func size(_ file: URL) throws -> Int {
        var total = 0
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: file.path + suffix) {
            total += (try FileManager.default.attributesOfItem(atPath: file.path + suffix)[.size] as? Int) ?? 0
        }
        return total
    }

    private static func micro(_ duration: Duration) -> String {
        Format.number(duration.milliseconds * 1000, 0)
    }
}

extension Duration {
    /// The duration in milliseconds as a floating-point number.
    var milliseconds: Double { seconds * 1000 }
}
