import Foundation
import Hummingbird
import Synchronization

/// Routes for retries and cookies:
///
/// - `GET /flaky/:key?fail=N&status=503&retry_after=S`: answers `status` (with `Retry-After: S`
///   when given) to the first N requests for `key`, then `{"code":0,"msg":"ok","data":{"attempts":N+1}}`.
/// - `GET /cookies/set?name=…&value=…&path=…&max_age=…`: sets one cookie.
/// - `GET /cookies/echo` and any path under it: returns the `Cookie` header it received.
/// - `GET /cache/item`: ETag `"item-v1"`; every answer, 200 or 304, sets a new `visit` cookie and
///   one less `X-RateLimit-Remaining`, so a client can tell a 304's fields from the stored ones.
///
/// Every answer is in the code/msg/data family.
extension DemoBackend {
    static func addBehaviourRoutes(to router: Router<DemoRequestContext>) {
        let counts = Mutex([String: Int]())
        router.get("/flaky/:key") { request, context -> Response in
            let key = context.parameters.get("key") ?? ""
            let query = request.uri.queryParameters
            let fail = min(max(query.get("fail", as: Int.self) ?? 2, 0), 100)
            let status = query.get("status", as: Int.self).flatMap { (500...599).contains($0) ? $0 : nil } ?? 503
            let attempt = counts.withLock { counts in
                counts[key, default: 0] += 1
                return counts[key] ?? 0
            }
            guard attempt > fail else {
                var headers = HTTPFields()
                if let seconds = query.get("retry_after", as: Int.self) { headers[.retryAfter] = String(seconds) }
                return .json(
                    #"{"code":50300,"msg":"try again","data":null}"#, status: .init(code: status), headers: headers)
            }
            return .json(#"{"code":0,"msg":"ok","data":{"attempts":\#(attempt)}}"#)
        }
        router.get("/cookies/set") { request, _ -> Response in
            let query = request.uri.queryParameters
            let name = query["name"].map(String.init) ?? "session"
            let value = query["value"].map(String.init) ?? "demo"
            var cookie = "\(name)=\(value); Path=\(query["path"].map(String.init) ?? "/cookies"); HttpOnly"
            if let maxAge = query.get("max_age", as: Int.self) { cookie += "; Max-Age=\(maxAge)" }
            var headers = HTTPFields()
            headers[.setCookie] = cookie
            return .json(#"{"code":0,"msg":"ok","data":{"set":"\#(name)"}}"#, headers: headers)
        }
        let echo: @Sendable (Request, DemoRequestContext) async throws -> Response = { request, _ in
            let cookie = request.headers[.cookie] ?? ""
            let text = cookie.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return .json(#"{"code":0,"msg":"ok","data":{"cookie":"\#(text)"}}"#)
        }
        let visits = Mutex(0)
        router.get("/cache/item") { request, _ -> Response in
            let visit = visits.withLock { count in
                count += 1
                return count
            }
            var headers = HTTPFields()
            headers[.eTag] = #""item-v1""#
            headers[.setCookie] = "visit=\(visit); Path=/"
            headers[HTTPFields.Element.Name("X-RateLimit-Limit")!] = "100"
            headers[HTTPFields.Element.Name("X-RateLimit-Remaining")!] = String(100 - visit)
            if request.headers[.ifNoneMatch] == #""item-v1""# {
                return Response(status: .notModified, headers: headers)
            }
            return .json(#"{"code":0,"msg":"ok","data":{"item":"kept"}}"#, headers: headers)
        }
        router.get("/cookies/echo", use: echo)
        router.get("/cookies/echo/**", use: echo)
    }
}
