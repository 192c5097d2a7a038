import Foundation
import Testing

/// `apiexplore profiles list|show|validate`, `serve-demo`, and the help, version and completion
/// every command has.
@Suite struct ProfilesCommandTests {
    @Test func listShowsEveryBuiltinProfileFromAnyFolder() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let output = try await CommandRunner.run(["profiles", "list"], in: directory)
        #expect(output.status == 0)
        let names = output.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(
            names == [
                "code-msg-data", "demo", "feeds", "gank", "github", "github-demo", "indodax", "jsend", "pages", "slack",
            ])
        #expect(output.stdout.contains("(built-in)"))
    }

    @Test func showDescribesEndpointsAndAuthWithoutSecrets() async throws {
        let output = try await CommandRunner.run(
            ["profiles", "show", "github"], environment: ["GITHUB_TOKEN": "ghp_secret"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("base URL:  https://api.github.com"))
        #expect(output.stdout.contains("auth:      bearer ${env:GITHUB_TOKEN} (optional)"))
        #expect(output.stdout.contains("user "))
        #expect(output.stdout.contains("/users/{username}"))
        #expect(!output.stdout.contains("ghp_secret"))
        let demo = try await CommandRunner.run(["profiles", "show", "demo"])
        #expect(demo.stdout.contains("envelope:  status=code,success=0,tip=msg,model=data"))
        #expect(demo.stdout.contains("expect:    success"))
    }

    @Test func validateAcceptsTheShippedProfilesAndLocatesErrors() async throws {
        let shipped = try await CommandRunner.run(["profiles", "validate"], in: Subprocess.repositoryRoot)
        #expect(shipped.status == 0, "\(shipped.stderr)")
        #expect(shipped.stdout == "10 profiles valid\n")
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let broken = directory.appendingPathComponent("broken.yaml")
        try Data("name: broken\nbase_url: http://x\nendpoints:\n  a:\n    pathh: /a\n".utf8).write(to: broken)
        let output = try await CommandRunner.run(["profiles", "validate", broken.path])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("\(broken.path):5:5: "), "\(output.stderr)")
        #expect(output.stderr.contains("pathh"))
    }

    @Test func serveDemoServesUntilTerminated() async throws {
        let server = try await DemoServer()
        #expect(server.baseURL.hasPrefix("http://127.0.0.1:"))
        #expect(try await server.curl("/cmd/orders") == #"{"code":40013,"msg":"invalid token","data":null}"#)
        #expect(server.stop() == .exit, "SIGTERM is a graceful shutdown")
    }

    @Test(arguments: [
        ["--help"], ["request", "--help"], ["run", "--help"], ["profiles", "--help"], ["profiles", "list", "--help"],
        ["profiles", "show", "--help"], ["profiles", "validate", "--help"], ["serve-demo", "--help"],
        ["probe", "--help"], ["history", "--help"], ["history", "list", "--help"], ["history", "search", "--help"],
        ["history", "show", "--help"], ["history", "export", "--help"], ["history", "tips", "--help"],
        ["history", "drift", "--help"], ["history", "schema", "--help"], ["diff", "--help"], ["serve-mock", "--help"],
    ])
    func everyCommandHasHelp(arguments: [String]) async throws {
        let output = try await CommandRunner.run(arguments)
        #expect(output.status == 0)
        #expect(output.stdout.contains("USAGE: apiexplore"))
    }

    @Test func versionAndCompletionScripts() async throws {
        let version = try await CommandRunner.run(["--version"])
        #expect(version.stdout == "0.1.0\n")
        for shell in ["bash", "zsh", "fish"] {
            let completion = try await CommandRunner.run(["--generate-completion-script", shell])
            #expect(completion.status == 0)
            #expect(completion.stdout.contains("serve-demo"))
        }
    }
}
