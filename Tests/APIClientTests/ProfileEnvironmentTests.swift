import APIClient
import APIHTTP
import Testing

@Suite struct ProfileEnvironmentTests {
    static let profile = """
        name: t
        headers: {Accept: application/json, X-Region: "${var:region}"}
        vars: {region: eu-1, version: v2}
        auth: {query: {name: api_key, value: "${env:T_KEY}"}}
        environments:
          dev:
            base_url: "http://localhost:8080/${var:version}"
            vars: {region: eu-dev}
          staging: {base_url: "https://staging.example.com/${var:version}", default: true}
          prod:
            base_url: "https://api.example.com/${var:version}"
            headers: {X-Tenant: "${env:T_TENANT}", accept: application/vnd.t+json}
        endpoints:
          item: {path: "/items/{id}", query: {region: "${var:region}"}}
        """

    @Test func theDefaultEnvironmentIsAppliedWhenTheProfileIsRead() throws {
        let profile = try parseProfile(Self.profile)
        #expect(profile.activeEnvironment == "staging")
        #expect(profile.environments.map(\.name) == ["dev", "staging", "prod"])
        #expect(profile.environments.map(\.isProduction) == [false, false, true])
        let request = try profile.resolveRequest(
            endpoint: "item", parameters: ["id": "7"], environment: ["T_KEY": "k-123456"])
        #expect(request.url == "https://staging.example.com/v2/items/7?region=eu-1&api_key=k-123456")
    }

    @Test(arguments: [
        ("dev", "http://localhost:8080/v2/items/7?region=eu-dev&api_key=k-123456", "eu-dev", "application/json"),
        ("prod", "https://api.example.com/v2/items/7?region=eu-1&api_key=k-123456", "eu-1", "application/vnd.t+json"),
    ])
    func anEnvironmentReplacesBaseURLVariablesAndHeaders(name: String, url: String, region: String, accept: String)
        throws
    {
        let profile = try parseProfile(Self.profile).selectingEnvironment(name)
        let request = try profile.resolveRequest(
            endpoint: "item", parameters: ["id": "7"], environment: ["T_KEY": "k-123456", "T_TENANT": "tenant-secret"])
        #expect(request.url == url)
        #expect(request.headers.first { $0.name == "X-Region" }?.value == region)
        #expect(request.headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == [accept])
        // The query credential is masked by name, wherever the URL is shown.
        #expect(!request.redaction.redact(url: request.url).contains("k-123456"))
        #expect(!request.description.contains("tenant-secret"))
    }

    @Test func anEnvironmentsOwnVariablesNeedNotExistElsewhere() throws {
        // A templated cloud server beside a local one, as OpenAPI descriptions often list them.
        let profile = try parseProfile(
            """
            name: t
            environments:
              cloud: {base_url: "https://${var:region}.api.example.com", vars: {region: eu}}
              local: {base_url: "http://localhost:8080"}
            endpoints: {a: {path: /a}}
            """)
        #expect(
            try profile.resolveRequest(endpoint: "a", parameters: [:], environment: [:]).url
                == "https://eu.api.example.com/a")
        let local = try profile.selectingEnvironment("local")
        #expect(
            try local.resolveRequest(endpoint: "a", parameters: [:], environment: [:]).url
                == "http://localhost:8080/a")
    }

    @Test func theFirstEnvironmentIsTheDefaultWithoutOne() throws {
        let profile = try parseProfile(
            """
            name: t
            environments:
              local: {base_url: "http://127.0.0.1:1"}
              live: {base_url: "https://example.com", production: false}
            """)
        #expect(profile.activeEnvironment == "local")
        #expect(profile.environments.map(\.isProduction) == [false, false])
    }

    @Test func aProfileWithoutEnvironmentsIgnoresAChoice() throws {
        let profile = try parseProfile("name: t\nbase_url: https://example.com\n")
        #expect(try profile.applyingEnvironmentChoice("prod").activeEnvironment == nil)
        #expect(profile.activeEnvironment == nil)
    }

    @Test func anUnknownEnvironmentNamesTheDeclaredOnes() throws {
        let profile = try parseProfile(Self.profile)
        let error = profileError { _ = try profile.applyingEnvironmentChoice("qa") }
        #expect(error?.message == "unknown environment 'qa' for profile 't'; expected one of dev, staging, prod")
    }

    @Test(arguments: [
        (
            "name: t\nbase_url: https://x\nheaders: {A: \"${var:nope}\"}\n",
            "profiles/t.yaml:3:15: variable 'nope' is not declared under 'vars'"
        ),
        (
            "name: t\nheaders: {X: \"${var:v}\"}\nenvironments:\n  a: {base_url: https://a, vars: {v: x}}\n"
                + "  b: {base_url: https://b}\n",
            "profiles/t.yaml:2:15: variable 'v' is not declared under 'vars' or in environment 'b'"
        ),
        (
            "name: t\nenvironments:\n  a: {base_url: https://a}\n  b: {vars: {v: x}}\n",
            "profiles/t.yaml:4:3: environment 'b' has no 'base_url', and the profile has none to fall back on"
        ),
        (
            "name: t\nbase_url: https://x\nvars: {a: x, b: \"${var:a}\"}\n",
            "profiles/t.yaml:3:18: variable 'b' uses '${var:a}'; a variable's value may not use another"
        ),
        (
            "name: t\nenvironments:\n  a: {base_url: https://a, default: true}\n  b: {base_url: https://b, default: yes}\n",
            "profiles/t.yaml:4:3: environments 'a' and 'b' are both 'default: true'"
        ),
        (
            "name: t\nbase_url: https://x\nheaders: {A: \"${file: }\"}\n",
            "profiles/t.yaml:3:15: '${file: }' needs a file argument after the ':'"
        ),
        (
            "name: t\n",
            "profiles/t.yaml:1:1: missing required key 'base_url' in profile"
        ),
    ])
    func mistakesAreLocated(yaml: String, message: String) {
        #expect(profileError { _ = try parseProfile(yaml) }?.description == message)
    }

    @Test func secretSourcesAreFoundThroughVariablesAndResolvedAsSecrets() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: https://example.com
            vars: {token: "${file:token.txt}"}
            auth: {bearer: {token: "${var:token}"}}
            endpoints:
              me: {path: /me, headers: {X-Key: "${cmd:pass show key}"}, query: {otp: "${prompt:One-time code}"}}
              plain: {path: /plain}
            """)
        #expect(profile.secretSources(endpoint: "plain") == [.file("token.txt")])
        #expect(
            Set(profile.secretSources(endpoint: "me"))
                == [.file("token.txt"), .command("pass show key"), .prompt("One-time code")])
        let secrets: [SecretSource: String] = [
            .file("token.txt"): "file-token-1", .command("pass show key"): "cmd-key-22",
            .prompt("One-time code"): "otp-333",
        ]
        let request = try profile.resolveRequest(endpoint: "me", parameters: [:], environment: [:], secrets: secrets)
        #expect(request.headers.contains(HTTPHeader(name: "Authorization", value: "Bearer file-token-1")))
        #expect(request.url == "https://example.com/me?otp=otp-333")
        let shown = request.description + request.redaction.redact(text: "echo file-token-1 cmd-key-22 otp-333")
        for secret in secrets.values { #expect(!shown.contains(secret)) }
    }

    @Test func anUnreadSecretSourceIsAnErrorAtItsUse() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: https://example.com
            headers: {X-Key: "${cmd:pass show key}"}
            endpoints: {me: {path: /me}}
            """)
        let error = profileError { _ = try profile.resolveRequest(endpoint: "me", parameters: [:], environment: [:]) }
        #expect(error?.kind == .missingEnvironmentVariable)
        #expect(
            profile.secretError(.command("pass show key"), "exited with status 1").description
                == "profiles/t.yaml:3:19: secret command 'pass show key' exited with status 1")
    }
}
