import Foundation
import Testing

/// Backends as they really behave, through the binary against `serve-demo` on loopback: retries,
/// ETag revalidation across runs, the business error catalogue in every output, a login chain with
/// envelope-triggered re-auth (shared renewals, refusals that stand), and cookies; no token,
/// password or cookie in any output or stored byte. OAuth 2.0 is in ``OAuthSignInTests``.
@Suite(.serialized) struct BackendBehaviourTests {
    // MARK: - Retries and the validator store

    @Test func retriesTheConfiguredTimesAndNotWhereTurnedOff() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "flaky": BackendWorkspace.envelopeProfile(
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
        let output = try await workspace.script(
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
        #expect(try await server.curl("/flaky/a?fail=2").contains(#""attempts":4"#))
        #expect(try await server.curl("/flaky/b?fail=9").contains(#""code":50300"#))
        #expect(try await server.curl("/flaky/c?fail=1").contains(#""attempts":2"#))
    }

    @Test func aSecondRunRevalidatesWithTheStoredETag() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        // github-demo's settings, against one server for both runs (each run's own demo backend has its own port).
        let workspace = try BackendWorkspace(profiles: [
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
        let first = try await workspace.run(["request", "gh", "user", "--output", "json"])
        let second = try await workspace.run(["request", "gh", "user", "--output", "json"])
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
        let pretty = try await workspace.run(["request", "gh", "user", "--output", "pretty"])
        #expect(pretty.stdout.contains("not modified, served from cache"), "\(pretty.stdout)")
        #expect(pretty.stdout.contains("rate 59/60 left"), "\(pretty.stdout)")
    }

    // MARK: - The error catalogue

    @Test func theCatalogueNamesCodesInEveryOutput() async throws {
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let json = try await workspace.run(["request", "demo", "orders", "--output", "json"])
        let object = try #require(Subprocess.jsonLines(json.stdout).first)
        let error = try #require(object["business_error"] as? [String: Any])
        #expect(error["code"] as? String == "40013")
        #expect(error["name"] as? String == "invalid_token")
        #expect(error["catalogued"] as? Bool == true)
        let pretty = try await workspace.run(["request", "demo", "orders", "--output", "pretty"])
        #expect(pretty.stdout.contains("error invalid_token"), "\(pretty.stdout)")
        let script = try await workspace.script(
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
        #expect(try await workspace.historyRows(["--error", "uncatalogued"]).count == 1)
        #expect(script.stdout.contains("expected error not_found, got 40013 invalid_token"), "\(script.stdout)")
        let unknown = try await workspace.script("use demo\ncall orders\nexpect error nonsense\n")
        #expect(unknown.status == 2)
        #expect(unknown.stdout.contains("catalogues no error 'nonsense'; known: invalid_token, not_found"))
        let named = try await workspace.historyRows(["--error", "invalid_token"])
        #expect(named.count == 5)
        #expect(named.allSatisfy { $0["business_error"] as? String == "invalid_token" })
        let listing = try await CommandRunner.run(
            ["history", "list", "--limit", "1"], in: workspace.directory, environment: workspace.environment)
        #expect(listing.stdout.contains("business-failure  invalid_token"), "\(listing.stdout)")
    }

    // MARK: - Signing in

    @Test func aCataloguedReauthCodeSignsInAgainOnceAndNoTokenLeaks() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        try workspace.write(
            profile: "shop",
            BackendWorkspace.envelopeProfile(
                "shop", server.baseURL,
                """
                errors:
                  40013: {name: token_expired, message: Sign in again, action: reauth}
                  40100: {name: wrong_password}
                auth: {login: {endpoint: login, token: data>token}}
                log: {file: requests.log, level: debug}
                endpoints:
                  login: {method: POST, path: /session/login, body: {user: ada, password: "${env:SHOP_PASSWORD}"}}
                  me: {path: /session/profile}
                  expire: {method: POST, path: /session/expire}
                  orders: {path: /cmd/orders}
                """))
        let password = ["SHOP_PASSWORD": "demo-password"]
        let output = try await workspace.script(
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

        let history = try await workspace.historyRows()
        let endpoints = history.reversed().map { $0["endpoint"] as? String ?? "" }
        // login, me, expire, me (40013), login, me (replay), orders, login, orders (replay, still 40013).
        #expect(endpoints == ["login", "me", "expire", "me", "login", "me", "orders", "login", "orders"])
        let expired = try #require(history.first { $0["endpoint"] as? String == "me" && $0["business_error"] != nil })
        #expect(history.contains { $0["reauth_of"] as? Int == expired["id"] as? Int })
        #expect(try await workspace.historyRows(["--error", "token_expired"]).count == 3)

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

        let refused = try await workspace.run(["request", "shop", "me"], environment: ["SHOP_PASSWORD": "wrong"])
        // The cached token still works: remove it so the login runs and fails.
        #expect(refused.status == 0)
        try FileManager.default.removeItem(at: tokenFile)
        _ = try await server.curl("/session/expire", method: "POST")
        let failed = try await workspace.run(["request", "shop", "me"], environment: ["SHOP_PASSWORD": "wrong"])
        #expect(failed.status == 3, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("sign-in failed") || failed.stderr.contains("sign-in failed"))
        #expect((failed.stdout + failed.stderr).contains("wrong password"))
    }

    private static func shopProfile(_ base: String) -> String {
        BackendWorkspace.envelopeProfile(
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

    @Test func concurrentRefusalsShareOneRenewal() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["shop": Self.shopProfile(server.baseURL)])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.script(
            "use shop\ncall me\ncall expire\nzip {\n  call me\n  call me\n  call me\n}\n",
            environment: ["SHOP_PASSWORD": "demo-password"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        // The first login, then one renewal for the three calls the expired session refused.
        #expect(try await server.curl("/session/stats") == #"{"attempts":2,"logins":2}"#)
    }

    @Test func aRefusedLoginIsNotRetriedByEveryCall() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["shop": Self.shopProfile(server.baseURL)])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.script(
            "use shop\ncall me\ncall me\ncall me\n", flags: ["--keep-going"], environment: ["SHOP_PASSWORD": "wrong"])
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        let failures = Subprocess.jsonLines(output.stdout).filter { ($0["error"] as? [String: Any]) != nil }
        #expect(failures.count == 3)
        #expect(output.stdout.contains("wrong password"))
        // One attempt: the refusal stands for the session instead of locking the account.
        #expect(try await server.curl("/session/stats") == #"{"attempts":1,"logins":0}"#)
    }

    // MARK: - Cookies

    @Test func cookiesPersistAcrossRunsAndFollowPathAndExpiry() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "jar": BackendWorkspace.envelopeProfile(
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
        let first = try await workspace.script(
            """
            use jar
            call set name=sid value=abc123xyz path=/cookies age=3600
            call set name=deep value=d33pvalue path=/cookies/echo/deep age=3600
            """)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let jarFile = workspace.state.appendingPathComponent("cookies/jar.json")
        #expect(try workspace.mode(of: jarFile) == 0o600)
        let second = try await workspace.script(
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
