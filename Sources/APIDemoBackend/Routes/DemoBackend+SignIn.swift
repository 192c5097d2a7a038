import Crypto
import Foundation
import Hummingbird
import Synchronization

/// An OAuth 2.0 authorization server and a session-token login, for the sign-in flows:
///
/// - `POST /oauth/token`: `client_credentials` (HTTP Basic `demo-client:demo-secret`),
///   `refresh_token` (rotating), `authorization_code` (PKCE S256 checked) and the device grant.
///   `?ttl=N` sets `expires_in` (3600 by default).
/// - `GET /oauth/authorize`: redirects straight back to `redirect_uri` with a code and the state.
/// - `POST /oauth/device` and `GET /oauth/device/approve?user_code=…`: the device flow.
/// - `GET /oauth/me`: needs a live bearer token; 401 otherwise.
/// - `GET /oauth/stats`: how many tokens each grant issued; `POST /oauth/revoke` ends every access token.
/// - `POST /session/login`, `GET /session/profile`, `POST /session/expire`, `GET /session/stats`: a code/msg/data API
///   whose expired session is business code `40013` inside HTTP 200; the login also sets a `sid` cookie.
extension DemoBackend {
    final class SignInServer: Sendable {
        struct State {
            var next = 1
            var access: [String: Date] = [:]
            var refresh: Set<String> = []
            var codes: [String: String] = [:]
            var devices: [String: (userCode: String, approved: Bool)] = [:]
            var sessions: Set<String> = []
            var logins = 0
            var loginAttempts = 0
            var grants: [String: Int] = [:]
        }

        let state = Mutex(State())

        /// Issues a token pair for `grant`; tokens carry a random part, so a test can look for them in files.
        func issue(ttl: Int, grant: String) -> String {
            let random = UUID().uuidString.prefix(8).lowercased()
            return state.withLock { state in
                let id = state.next
                state.next += 1
                state.grants[grant, default: 0] += 1
                state.access["at-\(id)-\(random)"] = Date().addingTimeInterval(TimeInterval(ttl))
                state.refresh.insert("rt-\(id)-\(random)")
                return #"{"access_token":"at-\#(id)-\#(random)","token_type":"Bearer","expires_in":\#(ttl),"#
                    + #""refresh_token":"rt-\#(id)-\#(random)"}"#
            }
        }
    }

    static func addSignInRoutes(to router: Router<DemoRequestContext>) {
        let server = SignInServer()
        router.post("/oauth/token") { request, context -> Response in
            let form = try await formFields(request, context)
            let ttl = request.uri.queryParameters.get("ttl", as: Int.self).map { min(max($0, 0), 86_400) } ?? 3600
            func refuse(_ error: String, _ status: HTTPResponse.Status = .badRequest, _ detail: String? = nil)
                -> Response
            {
                let description = detail.map { #","error_description":"\#($0)""# } ?? ""
                return .json(#"{"error":"\#(error)"\#(description)}"#, status: status)
            }
            switch form["grant_type"] {
            case "client_credentials":
                let expected = "Basic " + Data("demo-client:demo-secret".utf8).base64EncodedString()
                guard request.headers[.authorization] == expected else {
                    return refuse("invalid_client", .unauthorized)
                }
                return .json(server.issue(ttl: ttl, grant: "client_credentials"))
            case "refresh_token":
                let token = form["refresh_token"] ?? ""
                let known = server.state.withLock { $0.refresh.remove(token) != nil }
                // Like many servers, the refusal quotes what it refused.
                return known
                    ? .json(server.issue(ttl: ttl, grant: "refresh_token"))
                    : refuse("invalid_grant", .badRequest, "unknown refresh token \(token.prefix(64))")
            case "authorization_code":
                let challenge = server.state.withLock { $0.codes.removeValue(forKey: form["code"] ?? "") }
                guard let challenge, let verifier = form["code_verifier"], s256(verifier) == challenge else {
                    return refuse("invalid_grant")
                }
                return .json(server.issue(ttl: ttl, grant: "authorization_code"))
            case "urn:ietf:params:oauth:grant-type:device_code":
                let device = server.state.withLock { $0.devices[form["device_code"] ?? ""] }
                guard let device else { return refuse("expired_token") }
                guard device.approved else { return refuse("authorization_pending") }
                server.state.withLock { _ = $0.devices.removeValue(forKey: form["device_code"] ?? "") }
                return .json(server.issue(ttl: ttl, grant: "device_code"))
            default:
                return refuse("unsupported_grant_type")
            }
        }
        router.get("/oauth/authorize") { request, _ -> Response in
            let query = request.uri.queryParameters
            guard let redirect = query["redirect_uri"].map(String.init), let state = query["state"].map(String.init),
                let challenge = query["code_challenge"].map(String.init), query["code_challenge_method"] == "S256"
            else { return .json(#"{"error":"invalid_request"}"#, status: .badRequest) }
            let code = server.state.withLock { state in
                let code = "code-\(state.next)"
                state.next += 1
                state.codes[code] = challenge
                return code
            }
            var headers = HTTPFields()
            headers[.location] = "\(redirect)?code=\(code)&state=\(state)"
            return Response(status: .found, headers: headers)
        }
        router.post("/oauth/device") { _, _ -> Response in
            let (device, user) = server.state.withLock { state in
                let id = state.next
                state.next += 1
                state.devices["dc-\(id)"] = ("USER-\(id)", false)
                return ("dc-\(id)", "USER-\(id)")
            }
            return .json(
                #"{"device_code":"\#(device)","user_code":"\#(user)","verification_uri":"https://example.test/device","expires_in":600,"interval":1}"#
            )
        }
        router.get("/oauth/device/approve") { request, _ -> Response in
            let user = request.uri.queryParameters["user_code"].map(String.init) ?? ""
            let approved = server.state.withLock { state in
                guard let key = state.devices.first(where: { $0.value.userCode == user })?.key else { return false }
                state.devices[key]?.approved = true
                return true
            }
            return .json(#"{"approved":\#(approved)}"#, status: approved ? .ok : .notFound)
        }
        router.get("/oauth/me") { request, _ -> Response in
            let token = request.headers[.authorization].flatMap {
                $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil
            }
            let live = server.state.withLock { state in token.flatMap { state.access[$0] }.map { $0 > Date() } ?? false
            }
            guard live, let token else { return .json(#"{"message":"Bad credentials"}"#, status: .unauthorized) }
            return .json(#"{"login":"demo","token":"\#(token)"}"#)
        }
        router.get("/oauth/stats") { _, _ -> Response in
            let grants = server.state.withLock { $0.grants }
            let fields = grants.sorted { $0.key < $1.key }.map { #""\#($0.key)":\#($0.value)"# }
            return .json("{" + fields.joined(separator: ",") + "}")
        }
        router.post("/oauth/revoke") { _, _ -> Response in
            server.state.withLock { $0.access.removeAll() }
            return .json(#"{"revoked":true}"#)
        }
        router.post("/session/login") { request, context -> Response in
            let body = try await request.body.collect(upTo: 4096)
            server.state.withLock { $0.loginAttempts += 1 }
            guard String(buffer: body).contains(#""password":"demo-password""#) else {
                return .json(#"{"code":40100,"msg":"wrong password","data":null}"#)
            }
            let token = server.state.withLock { state in
                state.logins += 1
                let token = "st-\(state.next)-\(UUID().uuidString.prefix(8).lowercased())"
                state.next += 1
                state.sessions.insert(token)
                return token
            }
            // Like many session APIs, the login also sets a session cookie.
            var headers = HTTPFields()
            headers[.setCookie] = "sid=sess-\(UUID().uuidString.prefix(8).lowercased()); Path=/; HttpOnly; Max-Age=3600"
            return .json(#"{"code":0,"msg":"ok","data":{"token":"\#(token)"}}"#, headers: headers)
        }
        router.get("/session/profile") { request, _ -> Response in
            let token = request.headers[.authorization].flatMap {
                $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil
            }
            let (live, logins) = server.state.withLock { state in
                (token.map { state.sessions.contains($0) } ?? false, state.logins)
            }
            guard live else { return .json(#"{"code":40013,"msg":"token expired","data":null}"#) }
            return .json(#"{"code":0,"msg":"ok","data":{"name":"Ada","logins":\#(logins)}}"#)
        }
        router.get("/session/stats") { _, _ -> Response in
            let (attempts, logins) = server.state.withLock { ($0.loginAttempts, $0.logins) }
            return .json(#"{"attempts":\#(attempts),"logins":\#(logins)}"#)
        }
        router.post("/session/expire") { _, _ -> Response in
            server.state.withLock { $0.sessions.removeAll() }
            return .json(#"{"code":0,"msg":"ok","data":null}"#)
        }
    }

    /// The form fields of an `application/x-www-form-urlencoded` body.
    static func formFields(_ request: Request, _ context: DemoRequestContext) async throws -> [String: String] {
        let body = String(buffer: try await request.body.collect(upTo: 65_536))
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    static func s256(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
