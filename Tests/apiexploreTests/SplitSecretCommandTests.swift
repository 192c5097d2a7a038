import Foundation
import RawHTTPTesting
import Testing

/// A secret the network cuts across two chunks of a streamed body is masked all the same, in a
/// saved file and in raw output to a pipe: the body repeats the secret on every line, so every
/// chunk boundary but one that falls on a line break cuts a secret in two.
@Suite struct SplitSecretCommandTests {
    static let secret = "split-secret-\(UInt32.random(in: 0..<UInt32.max))"
    static let lines = 40_000

    @Test(arguments: [["-o", "saved.txt"], ["--output", "raw"]])
    func aSecretCutAcrossChunksIsMasked(output: [String]) async throws {
        let body = String(repeating: Self.secret + "\n", count: Self.lines)
        let server = try await RawHTTPServer(routes: [
            "*": .answer("200 OK", headers: [("Content-Type", "text/plain")], body: body)
        ])
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "split": """
            name: split
            base_url: \(server.origin)
            envelope: {success: http, tip: [], model: ""}
            headers: {X-Api-Key: "${env:SPLIT_KEY}"}
            endpoints:
              body: {path: /body}
            """
        ])
        let arguments =
            ["request", "split", "body"]
            + output.map { $0 == "saved.txt" ? workspace.directory.appendingPathComponent($0).path : $0 }
        let run = try await workspace.run(arguments, environment: ["SPLIT_KEY": Self.secret])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try server.received().first?.header("X-Api-Key") == Self.secret)
        let written =
            output[0] == "-o"
            ? String(
                decoding: try Data(contentsOf: workspace.directory.appendingPathComponent("saved.txt")), as: UTF8.self)
            : run.stdout
        #expect(!written.contains(Self.secret))
        #expect(!run.stderr.contains(Self.secret))
        #expect(written == String(repeating: "••••\n", count: Self.lines))
    }
}
