import Foundation
import Hummingbird
import Synchronization

/// An answer that changes between calls, in the code/msg/data family, for diffs:
/// `GET /cmd/inventory?v=N` gives version N of a small inventory, with a `served_at` time and a
/// `request_id` that change on every call.
///
/// Version 1 has a pen and ink; from version 2 a pad comes first and the ink costs 5 + (N − 1), so
/// `v=1` then `v=2` differ in one added element and one price, apart from the volatile fields.
extension DemoBackend {
    static func addInventoryRoutes(to router: Router<DemoRequestContext>) {
        let served = Mutex(0)
        router.get("/cmd/inventory") { request, _ -> Response in
            let version = request.uri.queryParameters.get("v", as: Int.self) ?? 1
            guard (1...1_000_000).contains(version) else {
                return .json(#"{"code":40001,"msg":"v must be between 1 and 1000000","data":null}"#)
            }
            let call = served.withLock { count in
                count += 1
                return count
            }
            var items = [
                #"{"id":1,"name":"pen","price":3}"#,
                #"{"id":2,"name":"ink","price":\#(5 + version - 1)}"#,
            ]
            if version >= 2 { items.insert(#"{"id":3,"name":"pad","price":2}"#, at: 0) }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let time = formatter.string(from: Date())
            return .json(
                #"{"code":0,"msg":"成功","data":{"version":\#(version),"served_at":"\#(time)","request_id":"req-\#(call)","#
                    + #""items":[\#(items.joined(separator: ","))]}}"#)
        }
    }
}
