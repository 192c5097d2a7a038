import Foundation
import Testing

/// `profiles new` and `profiles edit` through the binary: every preset and auth choice gives a
/// profile that validates, an edit replaces the file only once it validates, and a rejected edit
/// is kept, never lost.
@Suite struct ProfilesNewEditTests {
    static let presets = ["code-msg-data", "success-message-result", "ok-error", "jsend", "bare"]
    static let auths = ["none", "bearer", "basic", "header", "query", "oauth2"]

    @Test(arguments: presets)
    func everyPresetAndAuthValidates(preset: String) async throws {
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        for auth in Self.auths {
            let name = "p-\(auth)"
            let output = try await workspace.run(["profiles", "new", name, "--envelope", preset, "--auth", auth])
            #expect(output.status == 0, "\(preset) \(auth): \(output.stderr)")
            let file = workspace.profiles.appendingPathComponent("\(name).yaml")
            #expect(try await workspace.run(["profiles", "validate", file.path]).status == 0, "\(preset) \(auth)")
        }
        let again = try await workspace.run(["profiles", "new", "p-none", "--envelope", preset])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists; use --force"))
    }

    @Test func aScaffoldEditedInTheEditorTalksToTheBackend() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let created = try await workspace.run([
            "profiles", "new", "shop", "--base-url", server.baseURL, "--envelope", "code-msg-data", "--auth", "none",
        ])
        #expect(created.status == 0, "\(created.stderr)")
        // A profile kept private (it may hold a credential) stays private through an edit.
        let file = workspace.profiles.appendingPathComponent("shop.yaml")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        // The editor is a command the test controls, as EDITOR may carry arguments.
        let edited = try await workspace.run(
            ["profiles", "edit", "shop"],
            environment: ["EDITOR": #"sed -i -e 's|/items/{id}|/cmd/users/{id}|' -e 's|default: "1"|default: "1001"|'"#]
        )
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stderr.contains("saved, valid"))
        let sent = try await workspace.run(["request", "shop", "example", "--output", "model"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("1001"), "\(sent.stdout)")
        #expect(try workspace.mode(of: file) == 0o600)

        let before = try String(contentsOf: file, encoding: .utf8)
        let broken = try await workspace.run(
            ["profiles", "edit", "shop"], environment: ["EDITOR": "sed -i -e 's/^base_url:/base_ulr:/'"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("shop.yaml:5:1: unknown key 'base_ulr' in profile"), "\(broken.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == before, "the profile is unchanged")
        let rejected = try String(contentsOf: URL(fileURLWithPath: file.path + ".rejected"), encoding: .utf8)
        #expect(rejected.contains("base_ulr:"), "the edit is kept")
        #expect(try workspace.mode(of: URL(fileURLWithPath: file.path + ".rejected")) == 0o600)

        let failing = try await workspace.run(["profiles", "edit", "shop"], environment: ["EDITOR": "false"])
        #expect(failing.status == 2)
        #expect(failing.stderr.contains("exited with status 1; nothing was saved"))
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
    }
}
