import Foundation
import Testing

/// `serve-mock`: a script run against the real demo backend, recorded, then run again against the
/// mock replaying that history, with the demo backend stopped.
@Suite("serve-mock: recorded exchanges served again")
struct ServeMockCommandTests {
    static func profile(live: String, mock: String) -> String {
        """
        name: shop
        base_url: \(live)
        environments:
          live: {base_url: "\(live)", default: true}
          mock: {base_url: "\(mock)"}
        envelope: {status: code, success: 0, tip: msg, model: data}
        defaults: {expect: [success]}
        errors:
          40013: {name: invalid_token}
        endpoints:
          users: {path: /cmd/users}
          user: {path: "/cmd/users/{id}", params: {id: {default: "1001"}}}
          orders: {path: /cmd/orders}
          cookie: {path: /cookies/set}
          code:
            path: "/cmd/codes/{code}"
            query: {msg: "${msg}"}
            params: {code: {default: "0"}, msg: {required: false}}
        """
    }

    /// Five endpoints, two path parameters of one of them, a business failure, a chosen tip, a cookie.
    static let script = """
        use shop
        call users
        expect count list == 2
        call user id=1002
        expect probe name == "李娜"
        call user id=1001
        expect probe city == "杭州"
        call orders
        expect business-failure
        expect error invalid_token
        expect tip "invalid token"
        call code code=42900 msg="slow down: later"
        expect business-failure
        expect tip "slow down: later"
        call code code=0
        expect probe code == 0
        call cookie
        expect probe set == "session"

        """

    @Test func replaysARecordedScriptWithTheBackendStopped() async throws {
        let demo = try await DemoServer()
        var demoStopped = false
        defer { if !demoStopped { demo.stop() } }
        let workspace = try BackendWorkspace(profiles: [
            "shop": Self.profile(live: demo.baseURL, mock: "http://127.0.0.1:1")
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let live = try await workspace.script(Self.script, flags: ["--env", "live"])
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        demo.stop()
        demoStopped = true
        // The backend is gone: the same script cannot pass against it any more.
        let gone = try await workspace.script(Self.script, flags: ["--env", "live", "--no-history"])
        #expect(gone.status == 3, "\(gone.stdout)")

        let mock = try await DemoServer(
            arguments: [
                "serve-mock", "shop", "--port", "0", "--profiles-dir", workspace.profiles.path, "--cors",
                "http://localhost:3000",
            ],
            environment: workspace.environment)
        var mockStopped = false
        defer { if !mockStopped { mock.stop() } }
        #expect(mock.baseURL.hasPrefix("http://127.0.0.1:"), "\(mock.baseURL)")
        try workspace.write(profile: "shop", Self.profile(live: demo.baseURL, mock: mock.baseURL))

        let replayed = try await workspace.script(Self.script, flags: ["--env", "mock", "--no-history"])
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        let calls = Subprocess.jsonLines(replayed.stdout).filter { $0["command"] as? String == "call" }
        #expect(calls.count == 7)
        #expect(calls.allSatisfy { ($0["url"] as? String)?.hasPrefix(mock.baseURL) == true })

        // An expectation the recording does not meet fails against the mock too.
        let wrong = try await workspace.script(
            "use shop\ncall user id=1002\nexpect probe name == \"张伟\"\n", flags: ["--env", "mock", "--no-history"])
        #expect(wrong.status == 1, "\(wrong.stdout)")
        let unrecorded = try await workspace.script(
            "use shop\ncall user id=1003\n", flags: ["--env", "mock", "--no-history"])
        #expect(unrecorded.status != 0)
        #expect(unrecorded.stdout.contains("\"http_status\":404"), "\(unrecorded.stdout)")

        // `_outcome` picks the newest exchange with that outcome, and says what it tried when none has it.
        let failure = try await Subprocess.run(
            "curl", ["-s", "-i", mock.baseURL + "/cmd/codes/42900?_outcome=business-failure"])
        #expect(failure.stdout.contains("\"code\":42900"), "\(failure.stdout)")
        #expect(failure.stdout.lowercased().contains("x-apiexplore-exchange: "))
        #expect(failure.stdout.lowercased().contains("content-type: application/json"))
        let cookie = try await Subprocess.run("curl", ["-s", "-i", mock.baseURL + "/cookies/set"])
        #expect(cookie.stdout.contains(#""set":"session""#), "\(cookie.stdout)")
        #expect(!cookie.stdout.lowercased().contains("set-cookie"), "\(cookie.stdout)")
        let none = try await Subprocess.run(
            "curl", ["-s", "-w", "\n%{http_code}", mock.baseURL + "/cmd/users/1002?_outcome=business-failure"])
        #expect(none.stdout.hasSuffix("\n404"), "\(none.stdout)")
        #expect(none.stdout.contains(#""endpoint":"user""#) && none.stdout.contains(#""id":"1002""#), "\(none.stdout)")
        let nowhere = try await Subprocess.run("curl", ["-s", "-w", "\n%{http_code}", mock.baseURL + "/nowhere"])
        #expect(nowhere.stdout.hasSuffix("\n404"))
        #expect(nowhere.stdout.contains("GET /cmd/users/{id}"), "\(nowhere.stdout)")
        let badOutcome = try await Subprocess.run(
            "curl", ["-s", "-w", "\n%{http_code}", mock.baseURL + "/cmd/users?_outcome=nope"])
        #expect(badOutcome.stdout.hasSuffix("\n400"), "\(badOutcome.stdout)")

        // --cors lets a front end's page in: preflights answered, answers readable.
        let preflight = try await Subprocess.run(
            "curl",
            [
                "-s", "-i", "-X", "OPTIONS", "-H", "Origin: http://localhost:3000", "-H",
                "Access-Control-Request-Method: GET", mock.baseURL + "/cmd/users/1002",
            ])
        #expect(preflight.stdout.hasPrefix("HTTP/1.1 204"), "\(preflight.stdout)")
        #expect(preflight.stdout.contains("Access-Control-Allow-Origin: http://localhost:3000"))
        #expect(failure.stdout.contains("Access-Control-Allow-Origin: http://localhost:3000"), "\(failure.stdout)")

        // Ctrl-C stops it cleanly.
        let ended = await mock.interrupt()
        mockStopped = true
        #expect(ended.reason == .exit && ended.status == 0, "\(ended)")
    }

    @Test func refusesAProfileItCannotFind() async throws {
        let output = try await CommandRunner.run(["serve-mock", "no-such-profile", "--port", "0"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("no-such-profile"), "\(output.stderr)")
    }

    @Test(arguments: [["serve-mock", "--help"], ["history", "tips", "--help"]])
    func explainsItself(_ arguments: [String]) async throws {
        let output = try await CommandRunner.run(arguments)
        #expect(output.status == 0)
        #expect(output.stdout.contains("_outcome") || output.stdout.contains("--emit-catalogue"), "\(output.stdout)")
    }
}
