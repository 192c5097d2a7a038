import APIDemoBackend
import APIMapping
import Foundation

/// The load targets: `apiexplore load` reaches at least this share of wrk's requests per second…
let loadRateTarget = 0.5
/// …with at most this many times wrk's CPU per request (whole processes, start-up included).
let loadCPUTarget = 10.0
/// The data-run targets: 20,000 rows take at most this many times one script of the same calls…
let dataRunTimeTarget = 1.3
/// …and peak at most this many times the memory of 100 rows.
let dataRunMemoryTarget = 1.2

extension BenchRun {
    /// (t) `apiexplore load` against wrk, both on the same `serve-demo` endpoint (a process of its
    /// own, so each client's CPU time is its own), at 1, 8 and 64 connections, in alternating order.
    @MainActor
    mutating func runLoad() async throws(BenchFailure) {
        report.section("(t) load: apiexplore load against wrk on serve-demo (the apiexplore binary)")
        guard let binary = builtBinary(group: "load", check: "load requests/s >= 50% of wrk") else { return }
        guard let wrk = Self.executable("wrk") else {
            report.line("load SKIPPED: wrk is not installed; on Debian or Ubuntu: sudo apt-get install wrk")
            report.skip("load requests/s >= 50% of wrk", reason: "wrk not installed")
            return
        }
        let sandbox = try BinarySandbox(binary: binary, name: "load")
        defer { sandbox.remove() }
        let server = try ServeDemo(binary: binary, sandbox: sandbox)
        defer { server.stop() }
        try sandbox.write(
            """
            name: bench
            base_url: "\(server.baseURL)"
            envelope: {status: code, success: 0, tip: msg, model: data}
            errors:
              40013: {name: invalid_token}
            endpoints:
              user: {path: /cmd/users/1001}

            """, to: "profiles/bench.yaml")
        let seconds = options.quick ? 2 : 5
        let rounds = options.quick ? 1 : 3
        let url = server.baseURL + "/cmd/users/1001"
        report.line(
            "input  load           GET \(url) (serve-demo, its own process); \(seconds) s per run, \(rounds) "
                + "round(s) per connection count, wrk and ours alternating; history in summary mode")
        report.line(
            "       wrk -t min(C,2) -c C -d \(seconds)s URL;  apiexplore load bench user -c C -d \(seconds)s; "
                + "CPU = the child's user + system time (wait4) / its requests")
        for connections in [1, 8, 64] {
            var wrkRuns: [(rate: Double, cpu: Double)] = []
            var ourRuns: [(rate: Double, cpu: Double, inRun: Double)] = []
            for round in 0..<rounds {
                for ours in round % 2 == 0 ? [false, true] : [true, false] {
                    if ours {
                        ourRuns.append(
                            try Self.runOurs(
                                sandbox, connections: connections, seconds: seconds,
                                history: "load-\(connections)-\(round).sqlite"))
                    } else {
                        wrkRuns.append(
                            try Self.runWrk(wrk, sandbox: sandbox, url: url, connections: connections, seconds: seconds)
                        )
                    }
                }
            }
            let wrkRate = Self.median(wrkRuns.map(\.rate))
            let wrkCPU = Self.median(wrkRuns.map(\.cpu))
            let ourRate = Self.median(ourRuns.map(\.rate))
            let ourCPU = Self.median(ourRuns.map(\.cpu))
            let rateRatio = ourRate / wrkRate
            let cpuRatio = ourCPU / wrkCPU
            let rateVerdict = report.check(
                "load c=\(connections) requests/s >= \(Int(loadRateTarget * 100))% of wrk",
                measured: Format.ratio(rateRatio), passed: rateRatio >= loadRateTarget,
                rule: ">= \(loadRateTarget)x")
            let cpuVerdict = report.check(
                "load c=\(connections) CPU per request <= \(Int(loadCPUTarget))x wrk", measured: Format.ratio(cpuRatio),
                passed: cpuRatio <= loadCPUTarget, rule: "<= \(loadCPUTarget)x")
            report.line(
                "load   c=\(pad(String(connections), 3)) wrk \(Format.number(wrkRate, 0)) req/s "
                    + "\(Format.number(wrkCPU, 1)) µs CPU/req; ours \(Format.number(ourRate, 0)) req/s "
                    + "\(Format.number(ourCPU, 1)) µs CPU/req (in the run alone: "
                    + "\(Format.number(Self.median(ourRuns.map(\.inRun)), 1)) µs); rate \(Format.ratio(rateRatio)) "
                    + rateVerdict + ", CPU \(Format.ratio(cpuRatio)) " + cpuVerdict)
        }
    }

    /// One wrk run: its requests per second and CPU microseconds per request.
    private static func runWrk(_ wrk: String, sandbox: BinarySandbox, url: String, connections: Int, seconds: Int)
        throws(BenchFailure) -> (rate: Double, cpu: Double)
    {
        let output = sandbox.root.appending(path: "runs/wrk.txt").path
        let run: ChildRun
        do {
            run = try ChildProcess.run(
                wrk, ["-t", String(min(connections, 2)), "-c", String(connections), "-d", "\(seconds)s", url],
                environment: sandbox.environment(history: nil), output: output,
                errors: sandbox.root.appending(path: "runs/wrk-errors.txt").path)
        } catch {
            throw BenchFailure(description: error.description)
        }
        let text: String
        do {
            text = try String(contentsOfFile: output, encoding: .utf8)
        } catch {
            throw BenchFailure(description: "cannot read wrk's output: \(error)")
        }
        // "  148230 requests in 5.00s, 62.75MB read" and "Requests/sec:  29646.01".
        guard let requestsLine = text.split(separator: "\n").first(where: { $0.contains(" requests in ") }),
            let requests = Double(requestsLine.split(separator: " ").first ?? ""),
            let rateLine = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = Double(rateLine.split(separator: " ").last ?? ""), requests > 0
        else {
            throw BenchFailure(description: "wrk printed no request count: \(text)")
        }
        if text.contains("Non-2xx") || text.contains("Socket errors") {
            throw BenchFailure(description: "wrk saw errors: \(text)")
        }
        return (rate, run.cpu.seconds * 1e6 / requests)
    }

    /// One `apiexplore load` run: requests per second, CPU microseconds per request of the whole
    /// process, and the engine's own figure for the run alone.
    private static func runOurs(_ sandbox: BinarySandbox, connections: Int, seconds: Int, history: String)
        throws(BenchFailure) -> (rate: Double, cpu: Double, inRun: Double)
    {
        let run = try sandbox.run(
            ["load", "bench", "user", "-c", String(connections), "-d", "\(seconds)s"], history: history,
            output: "load.json")
        let path = sandbox.root.appending(path: "runs/load.json").path
        let load: JSONNode
        do {
            let document = try JSONDocument(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            guard let node = document.root["load"] else { throw BenchFailure(description: "no load report") }
            load = node
        } catch {
            throw BenchFailure(description: "load: cannot read its report: \(error)")
        }
        guard let requests = load["requests"]?.numberValue?.double, requests > 0,
            let rate = load["requests_per_second"]?.numberValue?.double,
            load["outcomes"]?["success"]?.numberValue?.double == requests
        else {
            throw BenchFailure(description: "load: not every request succeeded: \(load.value.jsonText())")
        }
        return (rate, run.cpu.seconds * 1e6 / requests, load["client_cpu_us_per_request"]?.numberValue?.double ?? 0)
    }

    /// (u) `run rows.apx --data rows.csv` over 20,000 rows against `run calls.apx` holding the same
    /// 20,000 calls in one script (history on, a fresh file each run), and the data run's peak
    /// memory against one of 100 rows.
    @MainActor
    mutating func runDataRun() async throws(BenchFailure) {
        report.section("(u) data runs: 20,000 CSV rows against one script of the same calls (the apiexplore binary)")
        guard let binary = builtBinary(group: "datarun", check: "data run time <= 1.3x one script") else { return }
        let backend = try await BinarySandbox.startDemoBackend()
        let result: Result<Void, BenchFailure>
        do {
            let sandbox = try BinarySandbox(binary: binary, name: "datarun")
            defer { sandbox.remove() }
            try measureDataRun(sandbox, baseURL: backend.baseURL)
            result = .success(())
        } catch {
            result = .failure(error)
        }
        await backend.stop()
        try result.get()
    }

    private mutating func measureDataRun(_ sandbox: BinarySandbox, baseURL: String) throws(BenchFailure) {
        let rows = options.quick ? 2_000 : 20_000
        let smallRows = 100
        let rounds = options.quick ? 1 : 3
        try sandbox.write(
            """
            name: bench
            base_url: "\(baseURL)"
            envelope: {status: code, success: 0, tip: msg, model: data}
            endpoints:
              user: {path: "/cmd/users/{id}"}

            """, to: "profiles/bench.yaml")
        let ids = (0..<rows).map { $0 % 2 == 0 ? "1001" : "1002" }
        let csv = try sandbox.write("id\n" + ids.joined(separator: "\n") + "\n", to: "rows.csv")
        let small = try sandbox.write("id\n" + ids.prefix(smallRows).joined(separator: "\n") + "\n", to: "small.csv")
        let perRow = try sandbox.write("use bench\ncall user id=${id}\n", to: "row.apx")
        let calls = try sandbox.write(
            "use bench\n" + ids.map { "call user id=\($0)" }.joined(separator: "\n") + "\n", to: "calls.apx")
        report.line(
            "input  datarun        \(Format.count(rows)) rows (ids 1001/1002) against the demo backend in process "
                + "at \(baseURL); history on, a fresh file per run; \(rounds) round(s) alternating")
        report.line(
            "       run row.apx --data rows.csv (use bench + call user id=${id});  run calls.apx (use bench + "
                + "\(Format.count(rows)) calls)")
        var times: (data: [Duration], script: [Duration]) = ([], [])
        var largePeaks: [Int] = []
        for round in 0..<rounds {
            for data in round % 2 == 0 ? [true, false] : [false, true] {
                let name = "\(data ? "data" : "script")-\(round)"
                let run = try sandbox.run(
                    data ? ["run", perRow, "--data", csv] : ["run", calls], history: name + ".sqlite",
                    output: name + ".jsonl")
                if data {
                    times.data.append(run.elapsed)
                    largePeaks.append(run.peakResidentBytes)
                } else {
                    times.script.append(run.elapsed)
                }
            }
        }
        var smallPeaks: [Int] = []
        for round in 0..<rounds {
            let run = try sandbox.run(
                ["run", perRow, "--data", small], history: "small-\(round).sqlite", output: "small.jsonl")
            smallPeaks.append(run.peakResidentBytes)
        }
        let (data, script) = (Self.median(times.data), Self.median(times.script))
        let timeRatio = data / script
        let timeVerdict = report.check(
            "data run time <= \(dataRunTimeTarget)x one script", measured: Format.ratio(timeRatio),
            passed: timeRatio <= dataRunTimeTarget, rule: "<= \(dataRunTimeTarget)x")
        report.line(
            "datarun time  \(Format.count(rows)) rows \(Format.duration(data)) "
                + "(\(times.data.map(Format.duration).joined(separator: ", "))), one script "
                + "\(Format.duration(script)) (\(times.script.map(Format.duration).joined(separator: ", "))); "
                + "ratio \(Format.ratio(timeRatio))   " + timeVerdict)
        let memoryRatio = Double(Self.median(largePeaks)) / Double(Self.median(smallPeaks))
        let memoryVerdict = report.check(
            "data run peak RSS \(Format.count(rows)) / \(smallRows) rows <= \(dataRunMemoryTarget)x",
            measured: Format.ratio(memoryRatio), passed: memoryRatio <= dataRunMemoryTarget,
            rule: "<= \(dataRunMemoryTarget)x")
        report.line(
            "datarun peak RSS  \(smallRows) rows \(Format.megabytes(Self.median(smallPeaks))) "
                + "(\(smallPeaks.map(Format.megabytes).joined(separator: ", "))), \(Format.count(rows)) rows "
                + "\(Format.megabytes(Self.median(largePeaks))) "
                + "(\(largePeaks.map(Format.megabytes).joined(separator: ", "))); ratio \(Format.ratio(memoryRatio))   "
                + memoryVerdict)
    }

    /// The full path of `name` along `PATH`, if it is installed.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private static func median<Value: Comparable>(_ values: [Value]) -> Value {
        values.sorted()[values.count / 2]
    }
}

/// `apiexplore serve-demo --port 0` in a process of its own, so the clients measured beside it
/// share nothing with it but the machine.
private final class ServeDemo {
    let baseURL: String
    private let process: Process

    init(binary: String, sandbox: BinarySandbox) throws(BenchFailure) {
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve-demo", "--port", "0"]
        process.environment = sandbox.environment(history: nil)
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw BenchFailure(description: "serve-demo did not start: \(error)")
        }
        // The first line is the base URL; reading blocks until the server listens.
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += chunk
        }
        baseURL = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard baseURL.hasPrefix("http://") else {
            process.terminate()
            throw BenchFailure(description: "serve-demo printed no URL")
        }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
