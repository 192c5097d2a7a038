import APIClient
import APIHTTP
import APIMapping
import APITerminalUI
import Foundation

/// The raw view's first-frame target for a 50 MB body.
let rawViewFirstFrameTarget: Duration = .milliseconds(50)

extension BenchRun {
    /// (p) the raw view of a 50 MB body: its first frame on the in-memory screen (200×50), as text,
    /// pretty JSON and hex, against `less -S` showing the first screen of the same bytes in a pty.
    ///
    /// The body is the generated users with one user per line (valid JSON, lines of about 1 KB, so
    /// long lines are clipped on both sides). Ours is timed from the `:view raw` keys to the drawn
    /// grid; `less` from its spawn to its prompt after the first screen. A run of `less` on a one-line
    /// file, in the same run, shows how much of its time is starting the process.
    mutating func runRawView() throws(BenchFailure) {
        report.section("(p) raw view: first frame of a large body (200x50) against less -S in a pty")
        let users = usersInput()
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: users.bytes)
        } catch {
            throw BenchFailure(description: "rawview: parsing the users failed: \(error)")
        }
        // Compact users are smaller than the generated text: users repeat until the body is as large.
        let userLines = document.root.elements.map { Array($0.jsonText().utf8) }
        var lines: [UInt8] = [UInt8(ascii: "[")]
        lines.reserveCapacity(users.bytes.count + 4_096)
        var lineCount = 2
        while lines.count < users.bytes.count, !userLines.isEmpty {
            lines.append(contentsOf: (lineCount == 2 ? "\n" : ",\n").utf8)
            lines.append(contentsOf: userLines[(lineCount - 2) % userLines.count])
            lineCount += 1
        }
        lines.append(contentsOf: "\n]\n".utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplore-rawview-\(getpid())")
        let file = directory.appendingPathComponent("users.json")
        let small = directory.appendingPathComponent("one-line.txt")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(lines).write(to: file)
            try Data("one line\n".utf8).write(to: small)
        } catch {
            throw BenchFailure(description: "rawview: cannot write the body file: \(error)")
        }
        defer {
            do { try FileManager.default.removeItem(at: directory) } catch { report.line("rawview: cleanup: \(error)") }
        }
        let display: ExchangeDisplay
        let profile: Profile
        do {
            profile = try Profile(
                yaml: "name: bench\nbase_url: http://bench.test\nendpoints:\n  users:\n    path: /users\n",
                file: "bench.yaml")
            display = try Self.display(lines, profile: profile)
        } catch {
            throw BenchFailure(description: "rawview: the bench exchange: \(error)")
        }
        report.line("body   \(Format.megabytes(lines.count)), \(Format.count(lineCount)) lines, \(file.path)")
        var results: [(String, Timing)] = []
        for format in ["text", "pretty", "hex"] {
            let keys = Key.parse(":view raw \(format)<enter>")
            let timing = measurer.measure(iterations: 5) {
                var state = AppState(profile: profile, columns: 200, rows: 50)
                state.handle(.show(display))
                for key in keys { state.handle(.key(key)) }
                var screen = GridScreen(columns: 200, rows: 50)
                state.render(into: &screen)
                return screen.cells.count
            }
            results.append((format, timing))
        }
        var pager: [Duration] = []
        var startup: [Duration] = []
        do {
            for _ in 0..<5 {
                pager.append(try PagerInPTY.firstScreen(of: file.path, columns: 200, rows: 50).elapsed)
                startup.append(try PagerInPTY.firstScreen(of: small.path, columns: 200, rows: 50).elapsed)
            }
        } catch {
            report.skip("raw view first frame vs less", reason: "less in a pty: \(error)")
            return
        }
        let lessBest = pager.min() ?? .zero
        let startupBest = startup.min() ?? .zero
        let lessMedian = pager.sorted()[pager.count / 2]
        report.line(
            "less -S \(Format.megabytes(lines.count)) first screen: \(Format.duration(lessBest)) (\(Format.duration(lessMedian))), "
                + "on a one-line file: \(Format.duration(startupBest)) (process start, terminal setup)")
        for (format, timing) in results {
            let verdict = report.check(
                "raw view \(format) first frame <= 50 ms", measured: Format.duration(timing.best),
                passed: timing.best <= rawViewFirstFrameTarget, rule: "<= 50 ms")
            report.line(
                "raw \(pad(format, 6)) first frame \(Format.duration(timing.best)) (\(Format.duration(timing.median))), "
                    + "less / ours \(Format.ratio(lessBest / timing.best))   " + verdict)
        }
    }

    /// A live-looking exchange of `bytes` (parsed, as a response would be), for the inspector.
    private static func display(_ bytes: [UInt8], profile: Profile) throws -> ExchangeDisplay {
        let request = try profile.resolveRequest(endpoint: "users", parameters: [:], environment: [:])
        let response = HTTPResponseRecord(
            status: 200, reason: "OK", headers: [("Content-Type", "application/json")], body: bytes,
            httpVersion: "HTTP/1.1",
            timing: HTTPResponseRecord.Timing(headersReceived: .milliseconds(1), bodyComplete: .milliseconds(2)))
        let body = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
        let evaluation = request.envelope.evaluate(httpStatus: 200, body: body.document?.root)
        return ExchangeDisplay(
            exchange: APIExchange(
                profileName: "bench", endpointID: "users", request: request, response: response, body: body,
                evaluation: evaluation))
    }
}
