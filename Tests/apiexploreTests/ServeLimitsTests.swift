import Foundation
import Testing

/// Our two servers under real clients: `ab` (HTTP/1.0, with and without keep-alive) and curl against
/// `serve-demo`, a thousand concurrent connections against `serve-mock`, and the `Host` check.
@Suite struct ServeLimitsTests {
    /// `ab`'s report as numbers: `Complete requests`, `Failed requests`, `Non-2xx responses`,
    /// `Keep-Alive requests` (absent lines are 0).
    static func counts(_ report: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in report.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let number = Int(value.split(separator: " ").first ?? "") { counts[name] = number }
        }
        return counts
    }

    /// The peak resident memory of a process (`VmHWM` in `/proc/PID/status`), in KiB.
    static func peakMemoryKiB(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// `ab -n 1000 -c 8` completes against `serve-demo`: HTTP/1.0 without keep-alive (each answer
    /// ends with the connection), and with it (`-k`, every request on a kept connection).
    @Test func abCompletesAgainstServeDemoWithAndWithoutKeepAlive() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let url = server.baseURL + "/cmd/users/1001"
        for keepAlive in [false, true] {
            let ab = try await Subprocess.run(
                "ab", (keepAlive ? ["-k"] : []) + ["-n", "1000", "-c", "8", "-s", "30", url])
            #expect(ab.status == 0, "\(ab.stdout)\(ab.stderr)")
            let counts = Self.counts(ab.stdout)
            #expect(counts["Complete requests"] == 1000, "\(ab.stdout)")
            #expect(counts["Failed requests"] == 0, "\(ab.stdout)")
            #expect(counts["Non-2xx responses", default: 0] == 0, "\(ab.stdout)")
            #expect(counts["Keep-Alive requests", default: 0] == (keepAlive ? 1000 : 0), "\(ab.stdout)")
        }
    }

    /// HTTP/1.0 gets HTTP/1.0 answers, closed unless it asked to keep the connection; HTTP/1.1 keeps
    /// it unless it asked to close; a streamed answer to HTTP/1.0 is never chunked.
    @Test(
        arguments: [
            (["--http1.0"], "HTTP/1.0 200", "connection: close"),
            (["--http1.0", "-H", "Connection: keep-alive"], "HTTP/1.0 200", "connection: keep-alive"),
            (["--http1.1"], "HTTP/1.1 200", nil),
            (["--http1.1", "-H", "Connection: close"], "HTTP/1.1 200", "connection: close"),
        ] as [([String], String, String?)])
    func theVersionAndTheConnectionFollowTheRequest(flags: [String], statusLine: String, connection: String?)
        async throws
    {
        let server = try await DemoServer()
        defer { server.stop() }
        let curl = try await Subprocess.run("curl", ["-sS", "-i"] + flags + [server.baseURL + "/cmd/users/1001"])
        #expect(curl.status == 0, "\(curl.stderr)")
        let head = curl.stdout.lowercased()
        #expect(head.hasPrefix(statusLine.lowercased()), "\(curl.stdout)")
        if let connection {
            #expect(head.contains(connection + "\r\n"), "\(curl.stdout)")
        } else {
            #expect(!head.contains("connection: close"), "\(curl.stdout)")
        }
        let drip = try await Subprocess.run(
            "curl", ["-sS", "-i", "--http1.0", server.baseURL + "/hazards/drip?chunks=3&interval_ms=1"])
        #expect(drip.status == 0, "\(drip.stderr)")
        #expect(!drip.stdout.lowercased().contains("transfer-encoding: chunked"), "\(drip.stdout)")
    }

    /// `serve-demo` answers only its own names: another `Host` is a page re-pointed at loopback.
    @Test func serveDemoRefusesAForeignHost() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let port = try #require(URL(string: server.baseURL)?.port)
        let url = server.baseURL + "/cmd/users/1001"
        for (host, expected) in [("evil.example:\(port)", "421"), ("localhost:\(port)", "200"), ("127.0.0.1:1", "421")]
        {
            let curl = try await Subprocess.run("curl", ["-s", "-w", "\n%{http_code}", "-H", "Host: \(host)", url])
            #expect(curl.stdout.hasSuffix("\n" + expected), "\(host): \(curl.stdout)")
        }
    }

    /// The most memory `serve-mock` may use answering a thousand concurrent connections (peak
    /// resident set, documented in docs/history.md).
    static let mockMemoryBoundMiB = 128

    /// A thousand concurrent loopback connections: every one is answered, and the server's peak
    /// memory stays under the documented bound (connections past 256 wait to be accepted; 16
    /// requests read the history at a time).
    @Test func serveMockAnswersAThousandConcurrentConnectionsWithinItsMemoryBound() async throws {
        let scratch = try HistoryCommandTests.Scratch()
        defer { scratch.remove() }
        let recorded = try await CommandRunner.run(["request", "demo", "user"], environment: scratch.environment)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let server = try await DemoServer(
            arguments: ["serve-mock", "demo", "--port", "0", "--history", scratch.history], environment: [:])
        defer { server.stop() }
        let ab = try await Subprocess.run(
            "ab", ["-n", "3000", "-c", "1000", "-s", "60", server.baseURL + "/cmd/users/1001"])
        #expect(ab.status == 0, "\(ab.stdout)\(ab.stderr)")
        let counts = Self.counts(ab.stdout)
        #expect(counts["Complete requests"] == 3000, "\(ab.stdout)")
        #expect(counts["Failed requests"] == 0, "\(ab.stdout)")
        #expect(counts["Non-2xx responses", default: 0] == 0, "\(ab.stdout)")
        let peak = try Self.peakMemoryKiB(server.processIdentifier)
        #expect(peak < Self.mockMemoryBoundMiB * 1024, "peak \(peak) KiB")
    }
}
