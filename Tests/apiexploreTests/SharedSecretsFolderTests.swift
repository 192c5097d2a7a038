import Foundation
import RawHTTPTesting
import Testing

/// The user's secrets folder is shared by the user's own profiles; a profile from anywhere else (a
/// cloned `./profiles`, a `--profiles-dir`) needs the same consent to read it as any other file.
@Suite struct SharedSecretsFolderTests {
    static func profile(_ base: String) -> String {
        """
        name: borrow
        base_url: \(base)
        headers: {X-Key: "${file:~/.config/apiexplore/secrets/team-token}"}
        endpoints:
          thing: {path: /thing}
        """
    }

    @Test func onlyTheUsersOwnProfilesReadItWithoutConsent() async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "{}")])
        defer { server.stop() }
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let home = scratch.appendingPathComponent("home")
        let secrets = home.appendingPathComponent(".config/apiexplore/secrets")
        let own = home.appendingPathComponent(".config/apiexplore/profiles")
        let cloned = scratch.appendingPathComponent("repo/profiles")
        // Searched first, and empty: the profile is found in ./profiles or the user's own folder.
        let empty = scratch.appendingPathComponent("empty")
        for folder in [secrets, own, cloned, empty] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let token = secrets.appendingPathComponent("team-token")
        try Data("tt-68000\n".utf8).write(to: token)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token.path)
        // HOME and XDG_CONFIG_HOME point at the scratch home; the configuration's profiles folder is `own`.
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path]

        try Data(Self.profile(server.origin).utf8).write(to: cloned.appendingPathComponent("borrow.yaml"))
        let foreign = try await CommandRunner.run(
            ["request", "borrow", "thing", "--no-history", "--profiles-dir", empty.path],
            in: scratch.appendingPathComponent("repo"),
            environment: environment)
        #expect(foreign.status == 2, "\(foreign.stderr)")
        #expect(foreign.stderr.contains("your secrets folder counts only for your own profiles"), "\(foreign.stderr)")
        #expect(try server.received().isEmpty)

        try FileManager.default.removeItem(at: cloned.appendingPathComponent("borrow.yaml"))
        try Data(Self.profile(server.origin).utf8).write(to: own.appendingPathComponent("borrow.yaml"))
        let mine = try await CommandRunner.run(
            ["request", "borrow", "thing", "--no-history", "--profiles-dir", empty.path],
            in: scratch.appendingPathComponent("repo"),
            environment: environment)
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(try server.received().first?.header("X-Key") == "tt-68000")
    }
}
