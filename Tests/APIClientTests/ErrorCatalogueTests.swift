import APIHTTP
import APIMapping
import Foundation
import Testing

@testable import APIClient

/// `errors:` in a profile: lookup by status value (numbers by value) or tip, uncatalogued codes,
/// and the reader's errors with their locations.
@Suite struct ErrorCatalogueTests {
    static let profileYAML = """
        name: shop
        base_url: http://shop.test
        envelope: {status: code, success: 0, tip: msg, model: data}
        errors:
          40013: {name: token_expired, message: Sign in again, action: reauth}
          invalid_auth: {name: invalid_auth}
        endpoints:
          me: {path: /me}
        """

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let status: Int
        let body: String
        let expected: BusinessError?
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "a catalogued number", status: 200, body: #"{"code":40013,"msg":"expired"}"#,
            expected: BusinessError(
                code: "40013", name: "token_expired", message: "Sign in again", action: .reauth, catalogued: true)),
        Case(
            name: "the same number written otherwise", status: 200, body: #"{"code":40013.0,"msg":"expired"}"#,
            expected: BusinessError(
                code: "40013.0", name: "token_expired", message: "Sign in again", action: .reauth, catalogued: true)),
        Case(
            name: "a string is not a number", status: 200, body: #"{"code":"40013","msg":"expired"}"#,
            expected: BusinessError(code: "40013", name: nil, message: nil, action: .fail, catalogued: false)),
        Case(
            name: "the tip names it when the status is a flag", status: 200, body: #"{"code":1,"msg":"invalid_auth"}"#,
            expected: BusinessError(
                code: "invalid_auth", name: "invalid_auth", message: nil, action: .fail, catalogued: true)),
        Case(
            name: "an unknown failing code", status: 200, body: #"{"code":99,"msg":"odd"}"#,
            expected: BusinessError(code: "99", name: nil, message: nil, action: .fail, catalogued: false)),
        Case(name: "a success has none", status: 200, body: #"{"code":0,"msg":"ok","data":{}}"#, expected: nil),
        Case(
            name: "an HTTP failure carrying a catalogued code", status: 401, body: #"{"code":40013,"msg":"expired"}"#,
            expected: BusinessError(
                code: "40013", name: "token_expired", message: "Sign in again", action: .reauth, catalogued: true)),
    ]

    @Test(arguments: cases)
    func lookup(_ testCase: Case) throws {
        let profile = try Profile(yaml: Self.profileYAML, file: "profiles/shop.yaml")
        let document = try JSONDocument(parsing: testCase.body)
        let evaluation = profile.envelope.evaluate(httpStatus: testCase.status, body: document.root)
        #expect(profile.errors.businessError(for: evaluation) == testCase.expected)
    }

    struct Broken: CustomTestStringConvertible, Sendable {
        let name: String
        let yaml: String
        let error: String
        var testDescription: String { name }
    }

    static let broken = [
        Broken(
            name: "unknown action", yaml: "errors:\n  1: {name: a, action: retry}\n",
            error: "profiles/t.yaml:4:24: unknown action 'retry' for error '1'; expected one of fail, reauth"),
        Broken(
            name: "a name used twice", yaml: "errors:\n  1: {name: a}\n  2: {name: a}\n",
            error: "profiles/t.yaml:5:13: the error name 'a' is used twice"),
        Broken(
            name: "a name with spaces", yaml: "errors:\n  1: {name: \"a b\"}\n",
            error: "profiles/t.yaml:4:14: invalid error name 'a b': use letters, digits, '_' and '-'"),
        Broken(
            name: "too many attempts", yaml: "retry: {attempts: 99}\n",
            error: "profiles/t.yaml:3:19: 'retry.attempts' must be in 1...10"),
        Broken(
            name: "a status out of range", yaml: "retry: {on: [700]}\n",
            error:
                "profiles/t.yaml:3:14: expected an HTTP status (100-599) or 'transport' for 'retry.on', found a number"),
        Broken(
            name: "an unknown log level", yaml: "log: {file: x.log, level: loud}\n",
            error: "profiles/t.yaml:3:27: unknown log level 'loud'; expected one of debug, info, warning"),
        Broken(
            name: "a log file outside the log folder", yaml: "log: {file: ~/.bashrc}\n",
            error: "profiles/t.yaml:3:13: 'log.file' must be a file name inside apiexplore's log folder (logs/ in "
                + "its state folder), such as 'github.log'; a profile cannot choose a file elsewhere. To log "
                + "somewhere else, pass --log-file PATH or set 'logs: {PROFILE: PATH}' in "
                + "~/.config/apiexplore/config.yaml"),
        Broken(
            name: "a log file that climbs out", yaml: "log: {file: ../../.profile}\n",
            error: "profiles/t.yaml:3:13: 'log.file' must be a file name inside apiexplore's log folder (logs/ in "
                + "its state folder), such as 'github.log'; a profile cannot choose a file elsewhere. To log "
                + "somewhere else, pass --log-file PATH or set 'logs: {PROFILE: PATH}' in "
                + "~/.config/apiexplore/config.yaml"),
        Broken(
            name: "authorization code without its URL",
            yaml: "auth: {oauth2: {grant: authorization_code, token_url: http://t/token, client_id: c}}\n",
            error: "profiles/t.yaml:3:16: 'auth.oauth2' with grant authorization_code needs 'authorize_url'"),
        Broken(
            name: "a login through a missing endpoint", yaml: "auth: {login: {endpoint: signin, token: data>token}}\n",
            error: "profiles/t.yaml:3:7: 'auth.login.endpoint' names 'signin', which is not an endpoint of this profile"
        ),
    ]

    @Test(arguments: broken)
    func brokenBehaviourIsLocated(_ broken: Broken) {
        do {
            _ = try Profile(yaml: "name: t\nbase_url: http://x\n" + broken.yaml, file: "profiles/t.yaml")
            Issue.record("accepted")
        } catch {
            #expect(error.description == broken.error)
        }
    }

    @Test func endpointsOverrideTheProfilesRetryAndCache() throws {
        let profile = try Profile(
            yaml: """
                name: t
                base_url: http://x
                retry: {attempts: 4, on: [502, transport], backoff: 1s}
                cache: true
                endpoints:
                  create: {method: POST, path: /c, retry: false, cache: false}
                  read: {path: /r}
                  feed: {path: /f, retry: {attempts: 2}}
                """, file: "profiles/t.yaml")
        #expect(profile.retry == RetryPolicy(attempts: 4, statuses: [502], transport: true, backoff: .seconds(1)))
        #expect(profile.cache == CachePolicy(etag: true))
        #expect(profile.endpoint("create")?.retry.applied(to: profile.retry) == nil)
        #expect(profile.endpoint("create")?.cache.applied(to: profile.cache) == nil)
        #expect(profile.endpoint("read")?.retry.applied(to: profile.retry) == profile.retry)
        #expect(profile.endpoint("feed")?.retry.applied(to: profile.retry)?.attempts == 2)
    }
}
