import Hummingbird

/// A `code`/`msg`/`data` user whose shape changes at a known step, for schema drift.
///
/// `GET /drift/user?step=N&at=K` (both from 1, at most 1,000,000; `at` defaults to 5): before step `K`
/// the user's `age` is an integer and the items have `sku` and `qty`; from step `K` on, `age` is a
/// string and every item also has a `price`. `role` alternates between `admin` and `member`.
///
/// ```text
/// GET /drift/user?step=4  → {"code":0,"msg":"成功","data":{"user":{"id":4,"name":"user 4","age":34,"role":"admin"},
///                            "items":[{"sku":"sku-4","qty":2}]}}
/// GET /drift/user?step=5  → {…"user":{"id":5,"name":"user 5","age":"35","role":"member"},
///                            "items":[{"sku":"sku-5","qty":3,"price":9.5}]}}
/// ```
extension DemoBackend {
    static func addDriftRoutes(to router: Router<DemoRequestContext>) {
        router.get("/drift/user") { request, _ -> Response in
            func number(_ name: String, default value: Int) -> Int {
                let given = request.uri.queryParameters.get(name, as: Int.self) ?? value
                return min(max(given, 1), 1_000_000)
            }
            let step = number("step", default: 1)
            let changed = step >= number("at", default: 5)
            let age = 30 + step % 7
            let role = step % 2 == 0 ? "admin" : "member"
            let price = changed ? #","price":9.5"# : ""
            return .json(
                #"{"code":0,"msg":"成功","data":{"user":{"id":\#(step),"name":"user \#(step)","#
                    + #""age":\#(changed ? "\"\(age)\"" : "\(age)"),"role":"\#(role)"},"#
                    + #""items":[{"sku":"sku-\#(step)","qty":\#(1 + step % 3)\#(price)}]}}"#)
        }
    }
}
