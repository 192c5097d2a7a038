import Foundation
import Testing

/// OAuth 2.0 through the binary against `serve-demo`: client credentials cached, refreshed and
/// renewed after a 401; tokens bound to their profile; a refusal that quotes a token, masked; the
/// authorization-code flow with curl playing the browser; a busy redirect port; the device flow.
@Suite(.serialized) struct OAuthSignInTests {
    private static func oauthProfile(
        _ name: String, _ base: String, grant: String, ttl: Int, redirectPort: Substring? = nil
    ) -> String {
        """
        name: \(name)
        base_url: \(base)
        envelope: {success: http, tip: message}
        auth:
          oauth2:
            grant: \(grant)
            token_url: "\(base)/oauth/token?ttl=\(ttl)"
            authorize_url: "\(base)/oauth/authorize"
            device_url: "\(base)/oauth/device"
            client_id: demo-client
            client_secret: "${env:OAUTH_SECRET}"
            redirect_port: \(redirectPort ?? "0")
        endpoints:
          me: {path: /oauth/me}
        """
    }

    @Test func clientCredentialsAreCachedRefreshedAndRenewedAfterA401() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "short": Self.oauthProfile("short", server.baseURL, grant: "client_credentials", ttl: 20),
            "long": Self.oauthProfile("long", server.baseURL, grant: "client_credentials", ttl: 3600),
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let secret = ["OAUTH_SECRET": "demo-secret"]
        var outputs: [CommandRunner.Output] = []
        // A 20 s token is within the 30 s renewal margin: the second run refreshes it.
        outputs.append(try await workspace.run(["request", "short", "me", "--output", "json"], environment: secret))
        #expect(try await server.curl("/oauth/stats") == #"{"client_credentials":1}"#)
        outputs.append(try await workspace.run(["request", "short", "me", "--output", "json"], environment: secret))
        #expect(try await server.curl("/oauth/stats") == #"{"client_credentials":1,"refresh_token":1}"#)
        // A long token is reused as it is, until the server stops accepting it.
        outputs.append(try await workspace.run(["request", "long", "me", "--output", "json"], environment: secret))
        outputs.append(try await workspace.run(["request", "long", "me", "--output", "json"], environment: secret))
        #expect(try await server.curl("/oauth/stats") == #"{"client_credentials":2,"refresh_token":1}"#)
        _ = try await server.curl("/oauth/revoke", method: "POST")
        outputs.append(try await workspace.run(["request", "long", "me", "--output", "json"], environment: secret))
        #expect(try await server.curl("/oauth/stats") == #"{"client_credentials":2,"refresh_token":2}"#)
        for output in outputs {
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains(#""login":"demo""#))
        }
        let history = try await workspace.historyRows()
        let unauthorized = try #require(history.first { $0["http_status"] as? Int == 401 })
        #expect(history.contains { $0["reauth_of"] as? Int == unauthorized["id"] as? Int })
        let everything = outputs.map { $0.stdout + $0.stderr }.joined() + (try workspace.storedText())
        #expect(everything.firstMatch(of: /[ar]t-[0-9]+-[0-9a-f]{8}/) == nil, "tokens are masked, even echoed")
        #expect(!everything.contains("demo-secret"))
        #expect(try workspace.mode(of: workspace.state.appendingPathComponent("tokens/long.json")) == 0o600)
    }

    @Test func aCachedTokenIsNeverSentByAnotherProfileOfTheSameName() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "twin": Self.oauthProfile("twin", server.baseURL, grant: "client_credentials", ttl: 3600)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let elsewhere = workspace.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data(Self.oauthProfile("twin", server.baseURL, grant: "client_credentials", ttl: 3600).utf8)
            .write(to: elsewhere.appendingPathComponent("twin.yaml"))
        let secret = ["OAUTH_SECRET": "demo-secret"]
        #expect(try await workspace.run(["request", "twin", "me"], environment: secret).status == 0)
        #expect(try await workspace.run(["request", "twin", "me"], environment: secret).status == 0)
        #expect(try await server.curl("/oauth/stats") == #"{"client_credentials":1}"#, "the cached token is reused")
        // The same name from another folder signs in for itself.
        let other = try await CommandRunner.run(
            ["request", "twin", "me", "--profiles-dir", elsewhere.path], in: workspace.directory,
            environment: workspace.environment.merging(secret) { $1 })
        #expect(other.status == 0, "\(other.stdout)\(other.stderr)")
        #expect(try await server.curl("/oauth/stats") == #"{"client_credentials":2}"#)
    }

    @Test func aRefusedRefreshTokenQuotedByTheServerIsMasked() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "stale": """
            name: stale
            base_url: \(server.baseURL)
            envelope: {success: http, tip: message}
            auth:
              oauth2: {grant: refresh_token, token_url: "\(server.baseURL)/oauth/token", client_id: demo-client,
                       client_secret: "${env:OAUTH_SECRET}", refresh_token: "${env:OLD_REFRESH}"}
            endpoints:
              me: {path: /oauth/me}
            """
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.run(
            ["request", "stale", "me"], environment: ["OAUTH_SECRET": "demo-secret", "OLD_REFRESH": "rt-999-deadbeef"])
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        let everything = output.stdout + output.stderr + (try workspace.storedText())
        #expect(everything.contains("invalid_grant"), "\(everything)")
        #expect(everything.contains("unknown refresh token ••••"))
        #expect(!everything.contains("rt-999-deadbeef"))
    }

    @Test func theAuthorizationCodeFlowCompletesThroughTheLoopbackRedirect() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "pkce": Self.oauthProfile("pkce", server.baseURL, grant: "authorization_code", ttl: 3600)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let run = try workspace.background(
            ["request", "pkce", "me", "--output", "json"], environment: ["OAUTH_SECRET": "demo-secret"])
        let url = try #require(await run.waitForText(after: "sign in: open "))
        #expect(url.contains("code_challenge_method=S256"))
        let components = try #require(URLComponents(string: url))
        let redirect = try #require(components.queryItems?.first { $0.name == "redirect_uri" }?.value)
        #expect(redirect.hasPrefix("http://127.0.0.1:"))
        // A stray request with another state is turned away and does not end the wait.
        let stray = try await Subprocess.run(
            "curl", ["-s", "-w", " %{http_code}", redirect + "?code=forged&state=wrong"])
        #expect(stray.stdout.hasSuffix(" 400"), "\(stray.stdout)")
        #expect(stray.stdout.contains("not for the sign-in under way"))
        // The test plays the browser: the authorization server redirects it to the loopback listener.
        let browser = try await Subprocess.run("curl", ["-s", "-L", url])
        #expect(browser.stdout.contains("signed in"), "\(browser.stdout)\(browser.stderr)")
        let output = try await run.finish()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(#""login":"demo""#))
        #expect(try await server.curl("/oauth/stats") == #"{"authorization_code":1}"#)
    }

    @Test func aBusyRedirectPortIsAClearErrorNotAHang() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let port = try #require(server.baseURL.split(separator: ":").last)
        let workspace = try BackendWorkspace(profiles: [
            "busy": Self.oauthProfile(
                "busy", server.baseURL, grant: "authorization_code", ttl: 3600, redirectPort: port)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.run(["request", "busy", "me"], environment: ["OAUTH_SECRET": "demo-secret"])
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        #expect((output.stdout + output.stderr).contains("the loopback redirect did not start"))
    }

    @Test func theDeviceFlowPollsUntilTheCodeIsEntered() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "device": Self.oauthProfile("device", server.baseURL, grant: "device_code", ttl: 3600)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let run = try workspace.background(
            ["request", "device", "me", "--output", "json"], environment: ["OAUTH_SECRET": "demo-secret"])
        let code = try #require(await run.waitForText(after: "enter the code "))
        #expect(try await server.curl("/oauth/device/approve?user_code=\(code)") == #"{"approved":true}"#)
        let output = try await run.finish()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(#""login":"demo""#))
        #expect(try await server.curl("/oauth/stats") == #"{"device_code":1}"#)
    }
}
