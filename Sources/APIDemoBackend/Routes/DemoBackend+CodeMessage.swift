import Hummingbird

/// `code`/`msg`/`data` envelopes, as many Chinese app backends send them: the HTTP status is always 200 and
/// the outcome is in `code`.
extension DemoBackend {
    static func addCodeMessageRoutes(to router: Router<DemoRequestContext>) {
        router.get("/cmd/users/:id") { _, context -> Response in
            let id = context.parameters.get("id", as: Int.self) ?? 0
            guard id == 1001 || id == 1002 else {
                return .json(#"{"code":40404,"msg":"用户不存在","data":null}"#)
            }
            let name = id == 1001 ? "张伟" : "李娜"
            return .json(
                """
                {"code":0,"msg":"成功","data":{"id":\(id),"name":"\(name)","nickname":"小\(name.suffix(1))",\
                "city":"杭州","vip":true,"balance":1288.5,"tags":["摄影","徒步"],\
                "profile":{"email":"user\(id)@example.cn","phone":"+86 138 0000 \(id)",\
                "address":{"province":"浙江省","city":"杭州市","street":"文一西路 969 号"}},\
                "lastLogin":"2026-11-20T08:31:00+08:00"}}
                """
            )
        }
        router.get("/cmd/users") { _, _ -> Response in
            .json(
                """
                {"code":0,"msg":"成功","data":{"total":2,"page":1,"list":[\
                {"id":1001,"name":"张伟","city":"杭州"},{"id":1002,"name":"李娜","city":"成都"}]}}
                """
            )
        }
        router.get("/cmd/orders") { _, _ -> Response in
            .json(#"{"code":40013,"msg":"invalid token","data":null}"#)
        }
    }
}
