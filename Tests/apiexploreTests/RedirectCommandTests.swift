import Foundation
import RawHTTPTesting
import Testing

/// `request` and `run` follow redirects under the profile's policy, against raw loopback servers: a
/// credential from `${env:…}` never reaches another port, HTTPS never falls back to HTTP, a login's
/// body never goes to another origin again, and the chain is in the output.
@Suite struct RedirectCommandTests {
    static func workspace(base: String, extra: String = "") throws -> BackendWorkspace {
        try BackendWorkspace(profiles: [
            "hop": """
            name: hop
            base_url: \(base)
            tls_verify: false
            headers: {X-Customer: "${env:HOP_CUSTOMER}"}
            auth: {header: {name: X-Api-Key, value: "${env:HOP_KEY}"}}
            \(extra)
            endpoints:
              start: {path: /start}
              login: {method: POST, path: /login, body: {user: ada, password: "${env:HOP_PASSWORD}"}}
            """
        ])
    }

    static let secrets = ["HOP_CUSTOMER": "cust-5150", "HOP_KEY": "key-8086", "HOP_PASSWORD": "pw-6502"]

    @Test func credentialsStayOnTheirOriginAndTheChainIsShown() async throws {
        let target = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: #"{"landed":true}"#)])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: ["/start": .redirect(302, to: target.origin + "/land?token=t0k3n")])
        defer { start.stop() }
        let workspace = try Self.workspace(base: start.origin)
        let output = try await workspace.run(
            ["request", "hop", "start", "--output", "json"], environment: Self.secrets)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try start.received().first?.header("X-Api-Key") == "key-8086")
        let landed = try #require(try target.received().first)
        #expect(landed.header("X-Api-Key") == nil)
        #expect(landed.header("X-Customer") == nil)
        let json = try #require(Subprocess.jsonLines(output.stdout).first)
        let hops = try #require(json["redirects"] as? [[String: Any]])
        #expect(hops.count == 1)
        #expect(hops.first?["status"] as? Int == 302)
        #expect(hops.first?["url"] as? String == start.origin + "/start")
        // The Location's token is masked like any credential-named query item.
        #expect(hops.first?["location"] as? String == target.origin + "/land?token=••••")
        for secret in Self.secrets.values { #expect(!output.stdout.contains(secret)) }

        let pretty = try await workspace.run(
            ["request", "hop", "start", "--output", "pretty"], environment: Self.secrets)
        #expect(pretty.stdout.contains("redirect 302 \(start.origin)/start → \(target.origin)/land?token=••••"))

        // History keeps the chain with the exchange, masked as the output is (jq reads it).
        let shown = try await workspace.run(["history", "show", "1"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let chain = try await Subprocess.run(
            "jq",
            [
                "-e", "--arg", "from", start.origin + "/start", "--arg", "to", target.origin + "/land?token=••••",
                #".redirects == [{"method": "GET", "url": $from, "status": 302, "location": $to}]"#,
            ], stdin: shown.stdout)
        #expect(chain.status == 0, "\(shown.stdout)")
        let exported = try await CommandRunner.run(["history", "export"], environment: workspace.environment)
        let lines = Subprocess.jsonLines(exported.stdout)
        #expect(lines.map { ($0["redirects"] as? [Any])?.count } == [1, 1], "\(exported.stdout)")
        for secret in Self.secrets.values + ["t0k3n"] {
            #expect(!shown.stdout.contains(secret) && !exported.stdout.contains(secret))
        }
    }

    @Test func httpsToHTTPIsRefused() async throws {
        let plain = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "{}")])
        defer { plain.stop() }
        let secure = try await RawHTTPServer(routes: ["*": .redirect(301, to: plain.origin + "/start")], tls: true)
        defer { secure.stop() }
        let workspace = try Self.workspace(base: secure.origin)
        let output = try await workspace.run(["request", "hop", "start"], environment: Self.secrets)
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("would leave HTTPS for plain HTTP"), "\(output.stderr)")
        #expect(try plain.received().isEmpty)

        let allowed = try Self.workspace(base: secure.origin, extra: "redirects: {allow_downgrade: true}")
        let followed = try await allowed.run(["request", "hop", "start"], environment: Self.secrets)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(try plain.received().first?.header("X-Api-Key") == nil)
    }

    @Test func aLoginRedirectedWith307DoesNotSendThePasswordElsewhere() async throws {
        let thief = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: #"{"token":"x"}"#)])
        defer { thief.stop() }
        let start = try await RawHTTPServer(routes: ["/login": .redirect(307, to: thief.origin + "/login")])
        defer { start.stop() }
        let workspace = try Self.workspace(base: start.origin)
        let output = try await workspace.script("use hop\ncall login\n", environment: Self.secrets)
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("would send the request body there again"), "\(output.stdout)")
        #expect(try start.received().first?.body.contains("pw-6502") == true)
        #expect(try thief.received().isEmpty)
        for secret in Self.secrets.values { #expect(!(output.stdout + output.stderr).contains(secret)) }
    }

    @Test func noFollowAndSameOriginAnswerWithTheRedirect() async throws {
        let target = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "{}")])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: ["/start": .redirect(302, to: target.origin + "/x")])
        defer { start.stop() }
        let workspace = try Self.workspace(base: start.origin)
        for flags in [["--no-follow"], ["--max-redirects", "0"]] {
            let output = try await workspace.run(
                ["request", "hop", "start", "--output", "json"] + flags, environment: Self.secrets)
            let json = try #require(Subprocess.jsonLines(output.stdout).first)
            #expect((json["response"] as? [String: Any])?["status"] as? Int == 302, "\(flags)")
        }
        let sameOrigin = try Self.workspace(base: start.origin, extra: "redirects: same-origin")
        let output = try await sameOrigin.run(
            ["request", "hop", "start", "--output", "json"], environment: Self.secrets)
        let json = try #require(Subprocess.jsonLines(output.stdout).first)
        #expect((json["response"] as? [String: Any])?["status"] as? Int == 302)
        #expect(json["redirect_not_followed"] as? String == "it leads to another origin, and redirects: same-origin")
        #expect(try target.received().isEmpty)
        let outOfRange = try await workspace.run(["request", "hop", "start", "--max-redirects", "51"])
        #expect(outOfRange.status == 2)
        #expect(outOfRange.stderr.contains("--max-redirects 51 is out of range"), "\(outOfRange.stderr)")
    }
}
