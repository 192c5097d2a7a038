import APIMapping
import Hummingbird

/// A code/msg/data route whose business code the caller chooses: the history's tip catalogue
/// (`apiexplore history tips`) and the mocks replaying it need sessions with many distinct codes.
///
/// - `GET /cmd/codes/:code` answers `{"code": code, "msg": tip, "data": …}` over HTTP 200: code 0
///   succeeds (`data` is `{"code": 0}`), any other code fails with `data: null`.
/// - The tip is `?msg=TEXT` when given, else the code's own from ``businessCodeTips``, else
///   `"code N"`. Some of the built-in tips hold what a YAML writer must quote: `:`, `#`, quotes,
///   a line break and an ESC.
/// - A code that is not an integer of at most 9 digits answers HTTP 400, code `40000`.
extension DemoBackend {
    /// The tips of the codes `/cmd/codes/:code` knows without `?msg=`.
    static let businessCodeTips: [Int: String] = [
        0: "成功",
        40013: "invalid token",
        40100: "token: expired # sign in again",
        40300: #"quota "daily" exceeded"#,
        40404: "用户不存在",
        42900: "too many requests\nretry later",
        50000: "internal \u{1B}[31merror\u{1B}[0m",
    ]

    static func addBusinessCodeRoutes(to router: Router<DemoRequestContext>) {
        router.get("/cmd/codes/:code") { request, context -> Response in
            let text = context.parameters.get("code") ?? ""
            // At most 9 digits: any such number fits an Int and a JSON number as it is written.
            guard text.count <= 10, let code = Int(text), abs(code) < 1_000_000_000 else {
                return .json(#"{"code":40000,"msg":"the code must be an integer","data":null}"#, status: .badRequest)
            }
            let tip = request.uri.queryParameters.get("msg") ?? businessCodeTips[code] ?? "code \(code)"
            let data = code == 0 ? #"{"code":0}"# : "null"
            return .json(#"{"code":\#(code),"msg":\#(JSONValue.string(tip).jsonText()),"data":\#(data)}"#)
        }
    }
}
