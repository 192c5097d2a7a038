import APIClient
import Testing

/// A broken profile and the exact error it gives.
struct BrokenProfile: Sendable, CustomTestStringConvertible {
    let name: String
    let yaml: String
    let expected: String
    let kind: ProfileError.Kind
    var testDescription: String { name }
}

@Suite struct ProfileErrorTests {
    static let broken: [BrokenProfile] = [
        BrokenProfile(
            name: "unclosed flow sequence",
            yaml: "name: t\nbase_url: [http://x\n",
            expected:
                "profiles/t.yaml:3:1: malformed YAML: while parsing a flow sequence did not find expected ',' or ']'",
            kind: .malformedYAML),
        BrokenProfile(
            name: "tab indentation",
            yaml: "name: t\n\tbase_url: http://x\n",
            expected:
                "profiles/t.yaml:2:1: malformed YAML: while scanning a plain scalar found a tab character that violates indentation",
            kind: .malformedYAML),
        BrokenProfile(
            name: "duplicate key",
            yaml: "name: t\nbase_url: http://x\nname: u\n",
            expected: "profiles/t.yaml:1:1: duplicate key 'name'",
            kind: .malformedYAML),
        BrokenProfile(
            name: "empty file",
            yaml: "",
            expected: "profiles/t.yaml:1:1: the profile is empty; it needs at least 'name' and 'base_url'",
            kind: .missingField),
        BrokenProfile(
            name: "unknown top-level key",
            yaml: "name: t\nbase_url: http://x\nheders: {}\n",
            expected: "profiles/t.yaml:3:1: unknown key 'heders' in profile; expected one of auth, base_url, cache, "
                + "cookies, defaults, description, endpoints, envelope, environments, errors, feeds, headers, identity, "
                + "log, max_body_size, name, paginate, rate_limit, redact, redirects, retry, timeouts, tls_verify, vars, "
                + "volatile, xml_arrays",
            kind: .unknownKey),
        BrokenProfile(
            name: "unknown endpoint key",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  user:\n    path: /u\n    heders: {}\n",
            expected:
                "profiles/t.yaml:6:5: unknown key 'heders' in endpoint 'user'; expected one of auth, body, body_text, "
                + "cache, description, envelope, events, form, headers, identity, json, method, multipart, paginate, "
                + "params, path, query, redirects, retry, store, tags, timeout, volatile",
            kind: .unknownKey),
        BrokenProfile(
            name: "unknown envelope key in endpoint",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  user: {path: /u, envelope: {modle: data}}\n",
            expected: "profiles/t.yaml:4:31: unknown key 'modle' in 'envelope' of endpoint 'user'; expected one of "
                + "coerce_status, model, require_http_success, status, success, tip",
            kind: .unknownKey),
        BrokenProfile(
            name: "bool as string",
            yaml: "name: t\nbase_url: http://x\ntls_verify: \"yes\"\n",
            expected: "profiles/t.yaml:3:13: expected a bool for 'tls_verify', found a string",
            kind: .wrongType),
        BrokenProfile(
            name: "list as headers",
            yaml: "name: t\nbase_url: http://x\nheaders: [Accept]\n",
            expected: "profiles/t.yaml:3:10: expected a mapping for 'headers', found a list",
            kind: .wrongType),
        BrokenProfile(
            name: "mapping as name",
            yaml: "name: {a: 1}\nbase_url: http://x\n",
            expected: "profiles/t.yaml:1:7: expected a string for 'name', found a mapping",
            kind: .wrongType),
        BrokenProfile(
            name: "null in success list",
            yaml: "name: t\nbase_url: http://x\nenvelope:\n  success: [0, ~]\n",
            expected: "profiles/t.yaml:4:16: expected a number, string or bool for 'envelope.success', found null",
            kind: .wrongType),
        BrokenProfile(
            name: "missing base_url",
            yaml: "name: t\ndescription: no url\n",
            expected: "profiles/t.yaml:1:1: missing required key 'base_url' in profile",
            kind: .missingField),
        BrokenProfile(
            name: "missing endpoint path",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  user:\n    method: GET\n",
            expected: "profiles/t.yaml:5:5: missing required key 'path' in endpoint 'user'",
            kind: .missingField),
        BrokenProfile(
            name: "missing bearer token",
            yaml: "name: t\nbase_url: http://x\nauth:\n  bearer: {optional: true}\n",
            expected: "profiles/t.yaml:4:11: missing required key 'token' in 'auth.bearer'",
            kind: .missingField),
        BrokenProfile(
            name: "empty segment in model path",
            yaml: "name: t\nbase_url: http://x\nenvelope:\n  model: data>>id\n",
            expected: "profiles/t.yaml:4:15: invalid profile path 'data>>id' for 'envelope.model': empty segment",
            kind: .invalidValue),
        BrokenProfile(
            name: "bad escape in quoted tip path",
            yaml: "name: t\nbase_url: http://x\nenvelope:\n  tip: [msg, 'a\\b']\n",
            expected: "profiles/t.yaml:4:16: invalid profile path 'a\\b' for 'envelope.tip': "
                + "unknown escape '\\b': only '\\>' and '\\\\' are escapes",
            kind: .invalidValue),
        BrokenProfile(
            name: "unknown placeholder",
            yaml: "name: t\nbase_url: \"${nope:x}/api\"\n",
            expected: "profiles/t.yaml:2:12: invalid placeholder '${nope:x}': expected '${env:NAME}', "
                + "'${var:NAME}', '${file:PATH}', '${cmd:COMMAND}', '${prompt:Label}', '${demo:base_url}' or '${param}'",
            kind: .invalidValue),
        BrokenProfile(
            name: "lone dollar",
            yaml: "name: t\nbase_url: http://x\nheaders:\n  X-Price: costs $5\n",
            expected: "profiles/t.yaml:4:18: a '$' must start '${…}' or be doubled as '$$' in 'costs $5'",
            kind: .invalidValue),
        BrokenProfile(
            name: "unclosed path brace",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  user: {path: /users/{id}/x{y}\n",
            expected:
                "profiles/t.yaml:4:23: malformed YAML: while parsing a flow mapping did not find expected ',' or '}'",
            kind: .malformedYAML),
        BrokenProfile(
            name: "unclosed placeholder in path",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  user:\n    path: /users/{id\n",
            expected: "profiles/t.yaml:5:18: '{' without a closing '}' in path '/users/{id'",
            kind: .invalidValue),
        BrokenProfile(
            name: "bad duration",
            yaml: "name: t\nbase_url: http://x\ntimeouts: {connect: 10 sec}\n",
            expected:
                "profiles/t.yaml:3:21: invalid duration '10 sec' for 'timeouts.connect'; use a number with ms, s, m or h",
            kind: .invalidValue),
        BrokenProfile(
            name: "unknown method",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  user: {path: /u, method: FETCH}\n",
            expected:
                "profiles/t.yaml:4:28: unknown method 'FETCH' in endpoint 'user'; expected one of GET, POST, PUT, "
                + "PATCH, DELETE, HEAD, OPTIONS",
            kind: .invalidValue),
        BrokenProfile(
            name: "two auth kinds",
            yaml: "name: t\nbase_url: http://x\nauth:\n  bearer: {token: a}\n  header: {name: X, value: b}\n",
            expected:
                "profiles/t.yaml:4:3: 'auth' needs exactly one of bearer, basic, header, query, oauth2, login; found 2",
            kind: .invalidValue),
        BrokenProfile(
            name: "name differs from file",
            yaml: "name: github\nbase_url: http://x\n",
            expected: "profiles/t.yaml:1:7: profile name 'github' does not match the file name 't'",
            kind: .invalidValue),
        BrokenProfile(
            name: "nested store too deep",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  e:\n    path: /e\n    store:\n      table: a\n"
                + "      nested: {b: {table: b, nested: {c: {table: c, nested: {d: {table: d, nested: {e: {table: e}}}}}}}}\n",
            expected:
                "profiles/t.yaml:8:84: 'nested.d' of 'nested.c' of 'nested.b' of 'store' of endpoint 'e' nests tables "
                + "more than 4 deep",
            kind: .invalidValue),
        BrokenProfile(
            name: "model in a nested store",
            yaml: "name: t\nbase_url: http://x\nendpoints:\n  e:\n    path: /e\n"
                + "    store: {table: a, nested: {owner: {table: u, model: x}}}\n",
            expected:
                "profiles/t.yaml:6:50: unknown key 'model' in 'nested.owner' of 'store' of endpoint 'e'; expected one of "
                + "identity, nested, table",
            kind: .unknownKey),
    ]

    @Test(arguments: broken)
    func brokenProfileFails(_ broken: BrokenProfile) {
        let error = profileError { _ = try parseProfile(broken.yaml) }
        #expect(error?.description == broken.expected)
        #expect(error?.kind == broken.kind)
    }

    /// A request that cannot be built, and the exact error.
    struct BrokenRequest: Sendable, CustomTestStringConvertible {
        let name: String
        let endpoint: String
        let parameters: [String: String]
        let expected: String
        let kind: ProfileError.Kind
        var testDescription: String { name }
    }

    static let requestProfile = """
        name: t
        base_url: http://x
        auth:
          header: {name: X-Key, value: "${env:API_KEY}"}
        endpoints:
          user:
            path: /users/{username}
            query: {page: "${page}"}
            params:
              page: {default: "1"}
          plain:
            path: /plain
        """

    static let brokenRequests: [BrokenRequest] = [
        BrokenRequest(
            name: "missing path parameter", endpoint: "user", parameters: [:],
            expected:
                "profiles/t.yaml:7:11: missing parameter 'username' for endpoint 'user' (used in '/users/{username}')",
            kind: .missingParameter),
        BrokenRequest(
            name: "unknown parameter", endpoint: "user", parameters: ["username": "a", "usrname": "b"],
            expected: "profiles/t.yaml:6:3: unknown parameter 'usrname' for endpoint 'user'; declared: page, username",
            kind: .unknownParameter),
        BrokenRequest(
            name: "parameter for an endpoint without any", endpoint: "plain", parameters: ["id": "1"],
            expected: "profiles/t.yaml:11:3: unknown parameter 'id' for endpoint 'plain'; it declares none",
            kind: .unknownParameter),
        BrokenRequest(
            name: "missing environment variable", endpoint: "plain", parameters: [:],
            expected: "profiles/t.yaml:4:33: environment variable 'API_KEY' is not set; profile 't' needs it for "
                + "'auth.header.value'",
            kind: .missingEnvironmentVariable),
        BrokenRequest(
            name: "unknown endpoint", endpoint: "users", parameters: [:],
            expected: "profiles/t.yaml: unknown endpoint 'users' in profile 't'; expected one of user, plain",
            kind: .unknownEndpoint),
    ]

    @Test(arguments: brokenRequests)
    func brokenRequestFails(_ broken: BrokenRequest) throws {
        let profile = try parseProfile(Self.requestProfile)
        let error = profileError {
            _ = try profile.resolveRequest(endpoint: broken.endpoint, parameters: broken.parameters, environment: [:])
        }
        #expect(error?.description == broken.expected)
        #expect(error?.kind == broken.kind)
    }

    @Test func environmentIsOnlyNeededByRequestsThatUseIt() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: http://x
            endpoints:
              a: {path: /a, headers: {X-A: "${env:ONLY_A}"}}
              b: {path: /b}
            """)
        let b = try profile.resolveRequest(endpoint: "b", parameters: [:], environment: [:])
        #expect(b.url == "http://x/b")
        let error = profileError { _ = try profile.resolveRequest(endpoint: "a", parameters: [:], environment: [:]) }
        #expect(
            error?.description
                == "profiles/t.yaml:4:33: environment variable 'ONLY_A' is not set; profile 't' needs it for header 'X-A'"
        )
    }
}
