import Hummingbird

/// JSend envelopes: `success` with data, `fail` (a 400: the caller's fault), `error` (a 500: ours).
extension DemoBackend {
    static func addJSendRoutes(to router: Router<DemoRequestContext>) {
        router.get("/jsend/posts/:id") { _, context -> Response in
            let id = context.parameters.get("id", as: Int.self) ?? 0
            return .json(
                """
                {"status":"success","data":{"post":{"id":\(id),"title":"A blog post about envelopes",\
                "body":"Most APIs wrap their payload.","author":{"id":7,"name":"Ada Lovelace"},\
                "comments":[{"id":1,"text":"很有帮助！"}]}}}
                """
            )
        }
        router.post("/jsend/posts") { _, _ -> Response in
            .json(
                """
                {"status":"fail","data":{"title":"A title is required",\
                "body":"Body must be at least 10 characters"}}
                """,
                status: .badRequest
            )
        }
        router.get("/jsend/broken") { _, _ -> Response in
            .json(
                #"{"status":"error","message":"Unable to communicate with database","code":5003}"#,
                status: .internalServerError
            )
        }
    }
}
