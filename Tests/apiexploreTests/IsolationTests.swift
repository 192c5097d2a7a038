import Foundation
import Testing

/// The helpers that spawn processes never let them near the user's files.
@Suite struct IsolationTests {
    @Test func spawnedProcessesSeeOnlyScratchFolders() async throws {
        let names = IsolatedEnvironment.isolatedNames
        let output = try await Subprocess.run(
            "sh", ["-c", names.map { "printf '%s\\n' \"$\($0)\"" }.joined(separator: "; ")])
        let values = output.stdout.split(separator: "\n").map(String.init)
        #expect(values.count == names.count, "\(output.stdout)")
        let temporary = FileManager.default.temporaryDirectory.path
        let realHome = ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent"
        for (name, value) in zip(names, values) {
            #expect(value.hasPrefix(temporary), "\(name)=\(value)")
            #expect(value != realHome && !(value.hasPrefix(realHome + "/") && !realHome.hasPrefix(temporary)))
        }
    }

    /// The developer's PostgreSQL credentials never reach a spawned command.
    @Test func spawnedProcessesSeeNoPostgresCredentials() {
        let base = ["PGPASSWORD": "s3cret", "PGPASSFILE": "/home/dev/.pgpass", "PGUSER": "dev", "PATH": "/bin"]
        let environment = IsolatedEnvironment.make(
            scratch: FileManager.default.temporaryDirectory.appendingPathComponent("isolation"), base: base)
        #expect(environment["PGPASSWORD"] == nil && environment["PGPASSFILE"] == nil && environment["PGUSER"] == nil)
        #expect(environment["PATH"] == "/bin")
    }

    @Test func theBinaryOpensItsDefaultHistoryInTheScratchFolderAndFindsNoCheckoutProfiles() async throws {
        // `profiles list` run from the scratch folder: only built-in profiles, none from `./profiles`.
        let list = try await CommandRunner.run(["profiles", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(!list.stdout.contains("/profiles/"), "\(list.stdout)")
        #expect(list.stdout.contains("(built-in)"))
    }
}
