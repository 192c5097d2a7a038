import Foundation
import Testing

/// `serve-mock` and `history tips -o` report a history or an output file they cannot use with its
/// path, and exit 2 as documented, rather than escaping through the argument parser with 1.
@Suite("serve-mock and history tips: exit codes for files they cannot use")
struct MockAndTipsExitCodeTests {
    @Test func serveMockWithAHistoryItCannotOpen() async throws {
        let workspace = try BackendWorkspace(profiles: [
            "shop": BackendWorkspace.envelopeProfile("shop", "http://127.0.0.1:1", "endpoints: {u: {path: /u}}")
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let blocker = workspace.directory.appendingPathComponent("a-file")
        try Data().write(to: blocker)
        let history = blocker.appendingPathComponent("history.sqlite").path
        let output = try await workspace.run(["serve-mock", "shop", "--port", "0", "--history", history])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("a-file"), "\(output.stderr)")
    }

    @Test func tipsWithAnOutputFileItCannotCreate() async throws {
        let workspace = try BackendWorkspace(profiles: [
            "shop": BackendWorkspace.envelopeProfile("shop", "http://127.0.0.1:1", "endpoints: {u: {path: /u}}")
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let target = workspace.directory.appendingPathComponent("missing/errors.yaml").path
        let output = try await workspace.run(["history", "tips", "shop", "--emit-catalogue", "-o", target])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("missing/errors.yaml: its folder"), "\(output.stderr)")
    }
}
