import Foundation
import RawHTTPTesting
import Testing

/// A server answering with a status below 100, or with a response nobody asked for, once stopped the
/// process inside AsyncHTTPClient (exit 132, no report). Now `request` and `run` fail like any
/// other answer that is no response: exit 3, a clear message, the reports written.
@Suite struct HostileStatusCommandTests {
    static func workspace(_ server: RawHTTPServer) throws -> BackendWorkspace {
        try BackendWorkspace(profiles: [
            "hostile": """
            name: hostile
            base_url: \(server.origin)
            endpoints:
              thing: {path: /thing}
            """
        ])
    }

    @Test(arguments: ["000", "001", "042", "099"])
    func requestSaysTheStatusIsNotHTTP(status: String) async throws {
        let body = #"{"code":0}"#
        let server = try await RawHTTPServer(routes: [
            "*": .raw(
                "HTTP/1.1 \(status) OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
        ])
        defer { server.stop() }
        let workspace = try Self.workspace(server)
        let output = try await workspace.run(["request", "hostile", "thing"])
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("status \(status), and HTTP statuses start at 100"), "\(output.stderr)")
        #expect(try server.received().count == 1)
    }

    @Test func aSecondResponseNobodyAskedForIsRefused() async throws {
        // Two responses in one write: the first answers the request, the second arrives on an idle connection.
        let server = try await RawHTTPServer(routes: [
            "*": .raw(
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno")
        ])
        defer { server.stop() }
        let workspace = try Self.workspace(server)
        for _ in 0..<3 {
            let output = try await workspace.run(["request", "hostile", "thing", "--output", "raw"])
            // Whether the first answer was read before the connection was refused depends on the reads;
            // either way the process ends on its own terms.
            #expect([0, 3].contains(output.status), "\(output.status) \(output.stderr)")
            if output.status == 0 { #expect(output.stdout == "ok") }
            if output.status == 3 { #expect(output.stderr.contains("answers no request"), "\(output.stderr)") }
        }
    }

    @Test func runWritesItsReportsAndExitsNonZero() async throws {
        let server = try await RawHTTPServer(routes: [
            "*": .raw("HTTP/1.1 000 OK\r\nContent-Length: 5\r\n\r\nhello")
        ])
        defer { server.stop() }
        let workspace = try Self.workspace(server)
        let junit = workspace.directory.appendingPathComponent("r.xml")
        let json = workspace.directory.appendingPathComponent("r.json")
        let output = try await workspace.script(
            "use hostile\ncall thing\nexpect success\n",
            flags: ["--report-junit", junit.path, "--report-json", json.path])
        #expect(output.status == 3, "\(output.stdout)\n\(output.stderr)")
        let report = try String(contentsOf: junit, encoding: .utf8)
        #expect(report.contains("<testsuite"), "\(report)")
        #expect(report.contains("HTTP statuses start at 100"), "\(report)")
        let reportJSON = try String(contentsOf: json, encoding: .utf8)
        #expect(reportJSON.contains("HTTP statuses start at 100"), "\(reportJSON)")
    }
}
