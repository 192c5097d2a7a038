import Foundation
import Testing

/// Backends as they really behave, through the binary against `serve-demo` on loopback: retries,
/// ETag revalidation across runs, the business error catalogue in every output, a login chain with
/// envelope-triggered re-auth, OAuth 2.0 (client credentials, refresh, PKCE, device), cookies, and
/// no token, password, client secret or cookie in any output or stored byte.
@Suite(.serialized) struct BackendBehaviourTests {
    /// A scratch folder with `profiles/`, a state folder and a history file shared by its runs.
    struct Workspace {
        let directory: URL
        var profiles: URL { directory.appendingPathComponent("profiles") }
        var state: URL { directory.appendingPathComponent("state") }
        var history: URL { directory.appendingPathComponent("history.sqlite") }
        var log: URL { directory.appendingPathComponent("requests.log") }

        init(profiles: [String: String]) throws {
            directory = try Subprocess.temporaryDirectory()
            try FileManager.default.createDirectory(at: self.profiles, withIntermediateDirectories: true)
            for (name, text) in profiles {
                try Data(text.utf8).write(to: self.profiles.appendingPathComponent("\(name).yaml"))
            }
        }

        func write(profile name: String, _ text: String) throws {
            try Data(text.utf8).write(to: profiles.appendingPathComponent("\(name).yaml"))
        }

        var environment: [String: String] {
            ["APIEXPLORE_STATE": state.path, "APIEXPLORE_HISTORY": history.path]
        }

        func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws
            -> CommandRunner.Output
        {
            try CommandRunner.run(
                arguments + ["--profiles-dir", profiles.path], stdin: stdin, in: directory,
                environment: environment.merging(extra) { $1 })
        }

        /// The binary in the background, for flows where the test plays the user.
        func background(_ arguments: [String], environment extra: [String: String]) throws -> BackgroundRun {
            try BackgroundRun(
                arguments + ["--profiles-dir", profiles.path], environment: environment.merging(extra) { $1 },
                scratch: directory)
        }

        func script(_ text: String, flags: [String] = [], environment extra: [String: String] = [:]) throws
            -> CommandRunner.Output
        {
            let url = directory.appendingPathComponent("script-\(UUID().uuidString).apx")
            try Data(text.utf8).write(to: url)
            return try run(["run", url.path] + flags, environment: extra)
        }

        /// Every byte apiexplore stored: the history file (and its WAL), the state folder, the log.
        func storedText() throws -> String {
            var text = ""
            let manager = FileManager.default
            for url in try manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            where url.lastPathComponent.hasPrefix("history.sqlite") || url.lastPathComponent == "requests.log" {
                text += String(decoding: try Data(contentsOf: url), as: UTF8.self)
            }
            if let files = manager.enumerator(at: state, includingPropertiesForKeys: nil) {
                // Tokens and cookies are kept (0600) so they can be sent; nothing else may hold them.
                for case let url as URL in files
                where !url.hasDirectoryPath && !url.path.contains("/tokens/") && !url.path.contains("/cookies/") {
                    text += String(decoding: try Data(contentsOf: url), as: UTF8.self)
                }
            }
            return text
        }

        func mode(of url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
    }

    private static func envelopeProfile(_ name: String, _ base: String, _ extra: String) -> String {
        """
        name: \(name)
        base_url: \(base)
        envelope: {status: code, success: 0, tip: msg, model: data}
        \(extra)
        """
    }

    private func rows(_ workspace: Workspace, _ extra: [String] = []) throws -> [[String: Any]] {
        let output = try CommandRunner.run(
            ["history", "list", "--json", "--limit", "100"] + extra, in: workspace.directory,
            environment: workspace.environment)
        #expect(output.status == 0, "\(output.stderr)")
        return Subprocess.jsonLines(output.stdout)
    }

    // MARK: - Retries and the validator store

    @Test func retriesTheConfiguredTimesAndNotWhereTurnedOff() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
            "flaky": Self.envelopeProfile(
                "flaky", server.baseURL,
                """
                retry: {attempts: 3, on: [503], backoff: 1ms, max_delay: 5ms}
                endpoints:
                  twice: {path: /flaky/a, query: {fail: "2"}}
                  always: {path: /flaky/b, query: {fail: "9"}}
                  once: {path: /flaky/c, query: {fail: "1"}, retry: false}
                """)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try workspace.script(
            """
            use flaky
            call twice
            expect success
            expect probe attempts == 3
            call always
            expect http 503
            call once
            expect http 503
            """)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let calls = Subprocess.jsonLines(output.stdout).filter { $0["command"] as? String == "call" }
        #expect(calls.map { $0["attempts"] as? Int } == [3, 3, nil])
        // The server saw exactly the attempts reported: 3 for `twice`, 3 for `always`, 1 for `once`.
        #expect(try server.curl("/flaky/a?fail=2").contains(#""attempts":4"#))
        #expect(try server.curl("/flaky/b?fail=9").contains(#""code":50300"#))
        #expect(try server.curl("/flaky/c?fail=1").contains(#""attempts":2"#))
    }

    @Test func aSecondRunRevalidatesWithTheStoredETag() throws {
        let server = try DemoServer()
        defer { server.stop() }
        // github-demo's settings, against one server for both runs (each run's own demo backend has its own port).
        let workspace = try Workspace(profiles: [
            "gh": """
            name: gh
            base_url: \(server.baseURL)/github
            envelope: {success: http, tip: message}
            rate_limit: {limit: X-RateLimit-Limit, remaining: X-RateLimit-Remaining, reset: X-RateLimit-Reset}
            cache: {etag: true}
            endpoints:
              user: {path: /users/octocat}
            """
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let first = try workspace.run(["request", "gh", "user", "--output", "json"])
        let second = try workspace.run(["request", "gh", "user", "--output", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        let before = try #require(Subprocess.jsonLines(first.stdout).first)
        let after = try #require(Subprocess.jsonLines(second.stdout).first)
        #expect((before["response"] as? [String: Any])?["from_cache"] as? Bool == false)
        // Two processes: only the file under APIEXPLORE_STATE links them.
        let response = try #require(after["response"] as? [String: Any])
        #expect(response["from_cache"] as? Bool == true)
        #expect(response["status"] as? Int == 200)
        #expect((response["headers"] as? [String: Any])?["apiexplore-cache"] as? String == "revalidated")
        let model = (after["evaluation"] as? [String: Any])?["model"] as? [String: Any]
        #expect(model?["login"] as? String == "octocat")
        let limit = try #require(after["rate_limit"] as? [String: Any])
        #expect(limit["limit"] as? Int == 60)
        #expect(limit["remaining"] as? Int == 59)
        let stored = try FileManager.default.contentsOfDirectory(
            at: workspace.state.appendingPathComponent("http-cache/gh"), includingPropertiesForKeys: nil)
        #expect(stored.count == 1)
        #expect(try workspace.mode(of: try #require(stored.first)) == 0o600)
        let pretty = try workspace.run(["request", "gh", "user", "--output", "pretty"])
        #expect(pretty.stdout.contains("not modified, served from cache"), "\(pretty.stdout)")
        #expect(pretty.stdout.contains("rate 59/60 left"), "\(pretty.stdout)")
    }

    // MARK: - The error catalogue

    @Test func theCatalogueNamesCodesInEveryOutput() throws {
        let workspace = try Workspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let json = try workspace.run(["request", "demo", "orders", "--output", "json"])
        let object = try #require(Subprocess.jsonLines(json.stdout).first)
        let error = try #require(object["business_error"] as? [String: Any])
        #expect(error["code"] as? String == "40013")
        #expect(error["name"] as? String == "invalid_token")
        #expect(error["catalogued"] as? Bool == true)
        let pretty = try workspace.run(["request", "demo", "orders", "--output", "pretty"])
        #expect(pretty.stdout.contains("error invalid_token"), "\(pretty.stdout)")
        let script = try workspace.script(
            """
            use demo
            call orders
            expect error invalid_token
            call user id=9999
            expect error not_found
            post /cmd/jobs?polls=0
            expect error uncatalogued
            call orders
            expect error not_found
            """)
        #expect(script.status == 1, "\(script.stdout)\(script.stderr)")
        #expect(try rows(workspace, ["--error", "uncatalogued"]).count == 1)
        #expect(script.stdout.contains("expected error not_found, got 40013 invalid_token"), "\(script.stdout)")
        let unknown = try workspace.script("use demo\ncall orders\nexpect error nonsense\n")
        #expect(unknown.status == 2)
        #expect(unknown.stdout.contains("catalogues no error 'nonsense'; known: invalid_token, not_found"))
        let named = try rows(workspace, ["--error", "invalid_token"])
        #expect(named.count == 5)
        #expect(named.allSatisfy { $0["business_error"] as? String == "invalid_token" })
        let listing = try CommandRunner.run(
            ["history", "list", "--limit", "1"], in: workspace.directory, environment: workspace.environment)
        #expect(listing.stdout.contains("business-failure  invalid_token"), "\(listing.stdout)")
    }

    // MARK: - Signing in

    @Test func aCataloguedReauthCodeSignsInAgainOnceAndNoTokenLeaks() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        try workspace.write(
            profile: "shop",
            Self.envelopeProfile(
                "shop", server.baseURL,
                """
                errors:
                  40013: {name: token_expired, message: Sign in again, action: reauth}
                  40100: {name: wrong_password}
                auth: {login: {endpoint: login, token: data>token}}
                log: {file: \(workspace.log.path), level: debug}
                endpoints:
                  login: {method: POST, path: /session/login, body: {user: ada, password: "${env:SHOP_PASSWORD}"}}
                  me: {path: /session/profile}
                  expire: {method: POST, path: /session/expire}
                  orders: {path: /cmd/orders}
                """))
        let password = ["SHOP_PASSWORD": "demo-password"]
        let output = try workspace.script(
            """
            use shop
            call me
            expect success
            call expire
            call me
            expect success
            expect probe logins == 2
            call orders
            expect error token_expired
            """, environment: password)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let calls = Subprocess.jsonLines(output.stdout).filter { $0["command"] as? String == "call" }
        #expect(calls.map { $0["reauthenticated"] != nil } == [false, false, true, true])
        let reauth = try #require(calls[2]["reauthenticated"] as? [String: Any])
        #expect((reauth["business_error"] as? [String: Any])?["name"] as? String == "token_expired")

        let history = try rows(workspace)
        let endpoints = history.reversed().map { $0["endpoint"] as? String ?? "" }
        // login, me, expire, me (40013), login, me (replay), orders, login, orders (replay, still 40013).
        #expect(endpoints == ["login", "me", "expire", "me", "login", "me", "orders", "login", "orders"])
        let expired = try #require(history.first { $0["endpoint"] as? String == "me" && $0["business_error"] != nil })
        #expect(history.contains { $0["reauth_of"] as? Int == expired["id"] as? Int })
        #expect(try rows(workspace, ["--error", "token_expired"]).count == 3)

        #expect(try workspace.mode(of: workspace.log) == 0o600)
        let tokenFile = workspace.state.appendingPathComponent("tokens/shop.json")
        #expect(try workspace.mode(of: tokenFile) == 0o600)
        let token = try #require(
            String(decoding: try Data(contentsOf: tokenFile), as: UTF8.self)
                .firstMatch(of: /st-[0-9]+-[0-9a-f]{8}/).map { String($0.output) })
        let everything = output.stdout + output.stderr + (try workspace.storedText())
        #expect(everything.contains("session/login"), "the log and history were written")
        #expect(!everything.contains(token))
        #expect(everything.firstMatch(of: /st-[0-9]+-[0-9a-f]{8}/) == nil, "no earlier token either")
        #expect(!everything.contains("demo-password"))

        let refused = try workspace.run(["request", "shop", "me"], environment: ["SHOP_PASSWORD": "wrong"])
        // The cached token still works: remove it so the login runs and fails.
        #expect(refused.status == 0)
        try FileManager.default.removeItem(at: tokenFile)
        _ = try server.curl("/session/expire", method: "POST")
        let failed = try workspace.run(["request", "shop", "me"], environment: ["SHOP_PASSWORD": "wrong"])
        #expect(failed.status == 3, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("sign-in failed") || failed.stderr.contains("sign-in failed"))
        #expect((failed.stdout + failed.stderr).contains("wrong password"))
    }

    private static func shopProfile(_ base: String) -> String {
        envelopeProfile(
            "shop", base,
            """
            errors:
              40013: {name: token_expired, action: reauth}
            auth: {login: {endpoint: login, token: data>token}}
            endpoints:
              login: {method: POST, path: /session/login, body: {user: ada, password: "${env:SHOP_PASSWORD}"}}
              me: {path: /session/profile}
              expire: {method: POST, path: /session/expire}
            """)
    }

    @Test func concurrentRefusalsShareOneRenewal() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: ["shop": Self.shopProfile(server.baseURL)])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try workspace.script(
            "use shop\ncall me\ncall expire\nzip {\n  call me\n  call me\n  call me\n}\n",
            environment: ["SHOP_PASSWORD": "demo-password"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        // The first login, then one renewal for the three calls the expired session refused.
        #expect(try server.curl("/session/stats") == #"{"attempts":2,"logins":2}"#)
    }

    @Test func aRefusedLoginIsNotRetriedByEveryCall() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: ["shop": Self.shopProfile(server.baseURL)])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try workspace.script(
            "use shop\ncall me\ncall me\ncall me\n", flags: ["--keep-going"], environment: ["SHOP_PASSWORD": "wrong"])
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        let failures = Subprocess.jsonLines(output.stdout).filter { ($0["error"] as? [String: Any]) != nil }
        #expect(failures.count == 3)
        #expect(output.stdout.contains("wrong password"))
        // One attempt: the refusal stands for the session instead of locking the account.
        #expect(try server.curl("/session/stats") == #"{"attempts":1,"logins":0}"#)
    }

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

    @Test func clientCredentialsAreCachedRefreshedAndRenewedAfterA401() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
            "short": Self.oauthProfile("short", server.baseURL, grant: "client_credentials", ttl: 20),
            "long": Self.oauthProfile("long", server.baseURL, grant: "client_credentials", ttl: 3600),
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let secret = ["OAUTH_SECRET": "demo-secret"]
        var outputs: [CommandRunner.Output] = []
        // A 20 s token is within the 30 s renewal margin: the second run refreshes it.
        outputs.append(try workspace.run(["request", "short", "me", "--output", "json"], environment: secret))
        #expect(try server.curl("/oauth/stats") == #"{"client_credentials":1}"#)
        outputs.append(try workspace.run(["request", "short", "me", "--output", "json"], environment: secret))
        #expect(try server.curl("/oauth/stats") == #"{"client_credentials":1,"refresh_token":1}"#)
        // A long token is reused as it is, until the server stops accepting it.
        outputs.append(try workspace.run(["request", "long", "me", "--output", "json"], environment: secret))
        outputs.append(try workspace.run(["request", "long", "me", "--output", "json"], environment: secret))
        #expect(try server.curl("/oauth/stats") == #"{"client_credentials":2,"refresh_token":1}"#)
        _ = try server.curl("/oauth/revoke", method: "POST")
        outputs.append(try workspace.run(["request", "long", "me", "--output", "json"], environment: secret))
        #expect(try server.curl("/oauth/stats") == #"{"client_credentials":2,"refresh_token":2}"#)
        for output in outputs {
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains(#""login":"demo""#))
        }
        let history = try rows(workspace)
        let unauthorized = try #require(history.first { $0["http_status"] as? Int == 401 })
        #expect(history.contains { $0["reauth_of"] as? Int == unauthorized["id"] as? Int })
        let everything = outputs.map { $0.stdout + $0.stderr }.joined() + (try workspace.storedText())
        #expect(everything.firstMatch(of: /[ar]t-[0-9]+-[0-9a-f]{8}/) == nil, "tokens are masked, even echoed")
        #expect(!everything.contains("demo-secret"))
        #expect(try workspace.mode(of: workspace.state.appendingPathComponent("tokens/long.json")) == 0o600)
    }

    @Test func aCachedTokenIsNeverSentByAnotherProfileOfTheSameName() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
            "twin": Self.oauthProfile("twin", server.baseURL, grant: "client_credentials", ttl: 3600)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let elsewhere = workspace.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data(Self.oauthProfile("twin", server.baseURL, grant: "client_credentials", ttl: 3600).utf8)
            .write(to: elsewhere.appendingPathComponent("twin.yaml"))
        let secret = ["OAUTH_SECRET": "demo-secret"]
        #expect(try workspace.run(["request", "twin", "me"], environment: secret).status == 0)
        #expect(try workspace.run(["request", "twin", "me"], environment: secret).status == 0)
        #expect(try server.curl("/oauth/stats") == #"{"client_credentials":1}"#, "the cached token is reused")
        // The same name from another folder signs in for itself.
        let other = try CommandRunner.run(
            ["request", "twin", "me", "--profiles-dir", elsewhere.path], in: workspace.directory,
            environment: workspace.environment.merging(secret) { $1 })
        #expect(other.status == 0, "\(other.stdout)\(other.stderr)")
        #expect(try server.curl("/oauth/stats") == #"{"client_credentials":2}"#)
    }

    @Test func aRefusedRefreshTokenQuotedByTheServerIsMasked() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
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
        let output = try workspace.run(
            ["request", "stale", "me"], environment: ["OAUTH_SECRET": "demo-secret", "OLD_REFRESH": "rt-999-deadbeef"])
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        let everything = output.stdout + output.stderr + (try workspace.storedText())
        #expect(everything.contains("invalid_grant"), "\(everything)")
        #expect(everything.contains("unknown refresh token ••••"))
        #expect(!everything.contains("rt-999-deadbeef"))
    }

    @Test func theAuthorizationCodeFlowCompletesThroughTheLoopbackRedirect() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
            "pkce": Self.oauthProfile("pkce", server.baseURL, grant: "authorization_code", ttl: 3600)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let run = try workspace.background(
            ["request", "pkce", "me", "--output", "json"], environment: ["OAUTH_SECRET": "demo-secret"])
        let url = try #require(run.waitForText(after: "sign in: open "))
        #expect(url.contains("code_challenge_method=S256"))
        let components = try #require(URLComponents(string: url))
        let redirect = try #require(components.queryItems?.first { $0.name == "redirect_uri" }?.value)
        #expect(redirect.hasPrefix("http://127.0.0.1:"))
        // A stray request with another state is turned away and does not end the wait.
        let stray = try Subprocess.run("curl", ["-s", "-w", " %{http_code}", redirect + "?code=forged&state=wrong"])
        #expect(stray.stdout.hasSuffix(" 400"), "\(stray.stdout)")
        #expect(stray.stdout.contains("not for the sign-in under way"))
        // The test plays the browser: the authorization server redirects it to the loopback listener.
        let browser = try Subprocess.run("curl", ["-s", "-L", url])
        #expect(browser.stdout.contains("signed in"), "\(browser.stdout)\(browser.stderr)")
        let output = try run.finish()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(#""login":"demo""#))
        #expect(try server.curl("/oauth/stats") == #"{"authorization_code":1}"#)
    }

    @Test func aBusyRedirectPortIsAClearErrorNotAHang() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let port = try #require(server.baseURL.split(separator: ":").last)
        let workspace = try Workspace(profiles: [
            "busy": Self.oauthProfile(
                "busy", server.baseURL, grant: "authorization_code", ttl: 3600, redirectPort: port)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try workspace.run(["request", "busy", "me"], environment: ["OAUTH_SECRET": "demo-secret"])
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        #expect((output.stdout + output.stderr).contains("the loopback redirect did not start"))
    }

    @Test func theDeviceFlowPollsUntilTheCodeIsEntered() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
            "device": Self.oauthProfile("device", server.baseURL, grant: "device_code", ttl: 3600)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let run = try workspace.background(
            ["request", "device", "me", "--output", "json"], environment: ["OAUTH_SECRET": "demo-secret"])
        let code = try #require(run.waitForText(after: "enter the code "))
        #expect(try server.curl("/oauth/device/approve?user_code=\(code)") == #"{"approved":true}"#)
        let output = try run.finish()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(#""login":"demo""#))
        #expect(try server.curl("/oauth/stats") == #"{"device_code":1}"#)
    }

    // MARK: - Cookies

    @Test func cookiesPersistAcrossRunsAndFollowPathAndExpiry() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let workspace = try Workspace(profiles: [
            "jar": Self.envelopeProfile(
                "jar", server.baseURL,
                """
                cookies: true
                endpoints:
                  set: {path: /cookies/set, query: {name: "${name}", value: "${value}", path: "${path}", max_age: "${age}"}}
                  echo: {path: /cookies/echo}
                  deep: {path: /cookies/echo/deep}
                """)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let first = try workspace.script(
            """
            use jar
            call set name=sid value=abc123xyz path=/cookies age=3600
            call set name=deep value=d33pvalue path=/cookies/echo/deep age=3600
            """)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let jarFile = workspace.state.appendingPathComponent("cookies/jar.json")
        #expect(try workspace.mode(of: jarFile) == 0o600)
        let second = try workspace.script(
            """
            use jar
            call echo
            expect probe cookie == "sid=abc123xyz"
            call deep
            expect probe cookie == "deep=d33pvalue; sid=abc123xyz"
            call set name=sid value=gone path=/cookies age=0
            call echo
            expect probe cookie == ""
            """)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        // The values were typed as parameters of `set`; as cookies (headers, echoed bodies) they are masked.
        let stored = try workspace.storedText()
        #expect(!stored.contains("sid=abc123xyz"))
        #expect(!stored.contains("deep=d33pvalue"))
        #expect(stored.contains("cookies/echo"), "the echo calls were recorded")
    }
}
