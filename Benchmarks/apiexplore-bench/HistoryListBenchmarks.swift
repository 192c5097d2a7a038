import APIClient
import APIHTTP
import APIHistory
import APIMapping
import Foundation

/// Issue 37's listing target: `history list --limit 20000 --json` takes at most this many times
/// `sqlite3 -json` printing the same rows' columns.
let historyListTarget = 3.0

extension BenchRun {
    /// (v) `apiexplore history list --json` of 20,000 exchanges against `sqlite3 -json` selecting the
    /// same columns (the listing's), newest first, from the same file: both whole processes, their
    /// output to a file, timed in alternating order, median of 5 after a warm-up of each.
    ///
    /// The history is filled in this process (``HistoryStore/recordCopies(_:of:profile:transactionSize:vary:)``);
    /// the binary is the one built beside this benchmark. Opt-in (`--only historylist`), as `pages`.
    @MainActor
    mutating func runHistoryList() async throws(BenchFailure) {
        report.section("(v) history list --json against sqlite3 -json (the apiexplore binary)")
        guard let binary = builtBinary(group: "historylist", check: "history list --json time") else { return }
        guard let sqlite3 = Self.onPath("sqlite3") else {
            report.line("historylist SKIPPED: sqlite3 is not installed (apt-get install sqlite3)")
            report.skip("history list --json time", reason: "sqlite3 not installed")
            return
        }
        let sandbox = try BinarySandbox(binary: binary, name: "historylist")
        defer { sandbox.remove() }
        let rows = 20_000
        let file = sandbox.root.appending(path: "runs/list.sqlite").path
        do {
            try await Self.fillHistory(file, rows: rows)
        } catch {
            throw BenchFailure(description: "historylist: filling the history: \(error)")
        }
        let columns = """
            id, recorded_at, profile, endpoint, method, url, http_status, outcome, business_status, tip, total_ms, \
            response_body_size, error_kind, business_error, reauth_of, environment, recorded_by, recorded_on, recorded_with
            """
        let query = "SELECT \(columns) FROM exchange ORDER BY id DESC LIMIT \(rows)"
        let ours = ["history", "list", "--limit", String(rows), "--json", "--history", file]
        let theirs = ["-json", "-readonly", file, query]
        report.line("input  historylist    \(Format.count(rows)) exchanges in \(file)")
        report.line("       ours: apiexplore \(ours.joined(separator: " ")) > list.jsonl")
        report.line("       baseline: sqlite3 -json -readonly FILE \"\(query)\" > list.json")
        var times: (ours: [Duration], theirs: [Duration]) = ([], [])
        for round in -1..<5 {
            for side in round % 2 == 0 ? [true, false] : [false, true] {
                let output = sandbox.root.appending(path: side ? "runs/list.jsonl" : "runs/list.json").path
                let run: ChildRun
                do {
                    run = try ChildProcess.run(
                        side ? binary : sqlite3, side ? ours : theirs, environment: sandbox.environment(history: nil),
                        output: output, errors: sandbox.root.appending(path: "runs/stderr.txt").path)
                } catch {
                    throw BenchFailure(description: "historylist: \(error.description)")
                }
                if side {
                    let lines = try sandbox.lineCount("list.jsonl")
                    guard lines == rows else {
                        throw BenchFailure(description: "historylist: history list wrote \(lines) lines, not \(rows)")
                    }
                    measurer.consume(lines)
                }
                guard round >= 0 else { continue }
                if side { times.ours.append(run.elapsed) } else { times.theirs.append(run.elapsed) }
            }
        }
        let ours50 = times.ours.sorted()[times.ours.count / 2]
        let theirs50 = times.theirs.sorted()[times.theirs.count / 2]
        let ratio = ours50 / theirs50
        let verdict = report.check(
            "history list --json time <= \(historyListTarget)x sqlite3 -json", measured: Format.ratio(ratio),
            passed: ratio <= historyListTarget, rule: "<= \(historyListTarget)x")
        func runs(_ samples: [Duration]) -> String { samples.map(Format.duration).joined(separator: ", ") }
        report.line(
            "list   \(Format.count(rows)) rows  history list --json \(Format.duration(ours50)) (\(runs(times.ours))), "
                + "sqlite3 -json \(Format.duration(theirs50)) (\(runs(times.theirs))); ratio \(Format.ratio(ratio))   "
                + verdict)
    }

    /// A history file of `rows` copies of one exchange of the demo's user endpoint, with varied URLs and tips.
    private static func fillHistory(_ path: String, rows: Int) async throws {
        let profile = try Profile(
            yaml: try String(contentsOfFile: "profiles/code-msg-data.yaml", encoding: .utf8),
            file: "profiles/code-msg-data.yaml")
        let request = try profile.resolveRequest(
            endpoint: "user", parameters: [:], environment: [:], demoBaseURL: "http://127.0.0.1:9")
        let bytes = Array(#"{"code":0,"msg":"成功","data":{"id":1001,"name":"张伟","city":"杭州"}}"#.utf8)
        let response = HTTPResponseRecord(
            status: 200, reason: "OK", headers: [("Content-Type", "application/json")], body: bytes,
            httpVersion: "HTTP/1.1",
            timing: .init(headersReceived: .microseconds(300), bodyComplete: .microseconds(500)))
        let body = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
        let exchange = APIExchange(
            profileName: profile.name, endpointID: "user", request: request, response: response, body: body,
            evaluation: request.envelope.evaluate(httpStatus: 200, body: body.document?.root))
        let store = try HistoryStore(location: HistoryLocation(path: path))
        try await store.recordCopies(rows, of: exchange, profile: profile) { number in
            ("http://127.0.0.1:9/cmd/users/\(1000 + number)", "成功 \(number)", #"{"id":\#(1000 + number)}"#)
        }
        try await store.close()
    }

    /// The program's path on `PATH`, if it is there.
    private static func onPath(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
