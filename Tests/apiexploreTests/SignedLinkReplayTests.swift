import Foundation
import Testing

/// A credential a server issues in `Link`, `Location` or `Content-Location` (never sent by the
/// request) is masked in history, so neither `history show` nor a mock reply carries it.
@Suite("Recording and serve-mock: credentials in URI headers stay masked")
struct SignedLinkReplayTests {
    static let credential = "srv-issued-7Qx9"

    static func profile(_ base: String) -> String {
        BackendWorkspace.envelopeProfile(
            "signed", base,
            """
            environments:
              live: {base_url: "\(base)", default: true}
            endpoints:
              links: {path: /signed/links}
            """)
    }

    @Test func historyShowAndTheMockReplyMaskTheIssuedCredential() async throws {
        let demo = try await DemoServer()
        defer { demo.stop() }
        let workspace = try BackendWorkspace(profiles: ["signed": Self.profile(demo.baseURL)])
        defer { CommandRunner.remove(workspace.directory) }
        // The demo really sends it: the test is not vacuous.
        let live = try await Subprocess.run("curl", ["-s", "-i", demo.baseURL + "/signed/links"])
        #expect(live.stdout.contains("access_token=\(Self.credential)"), "\(live.stdout)")

        let run = try await workspace.script("use signed\ncall links\nexpect success\n")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let id = try #require(try await workspace.historyRows().first?["id"] as? Int)
        let shown = try await workspace.run(["history", "show", String(id)])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains(Self.credential), "\(shown.stdout)")
        for masked in ["access_token=••••", "token=••••", "signature=••••"] {
            #expect(shown.stdout.contains(masked), "\(masked) in \(shown.stdout)")
        }
        #expect(!(try workspace.storedText()).contains(Self.credential))

        let mock = try await DemoServer(
            arguments: ["serve-mock", "signed", "--port", "0", "--profiles-dir", workspace.profiles.path],
            environment: workspace.environment)
        defer { mock.stop() }
        let reply = try await Subprocess.run("curl", ["-s", "-i", mock.baseURL + "/signed/links"])
        #expect(reply.stdout.hasPrefix("HTTP/1.1 200"), "\(reply.stdout)")
        #expect(!reply.stdout.contains(Self.credential), "\(reply.stdout)")
        #expect(reply.stdout.contains("access_token=••••>; rel=\"next\""), "\(reply.stdout)")
        #expect(reply.stdout.contains("Location: /signed/links?page=2&token=••••"), "\(reply.stdout)")
    }
}
