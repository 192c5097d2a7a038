import Hummingbird

/// gank.io-style `error`/`results` envelopes, and MoyaMapper-style nested `error.errMsg` failures.
extension DemoBackend {
    static func addGankRoutes(to router: Router<DemoRequestContext>) {
        router.get("/gank/data/android") { _, _ -> Response in
            .json(
                """
                {"error":false,"results":[\
                {"_id":"5e777432b11d7a4b5e8f2a31","desc":"Android 自定义 View 从入门到放弃",\
                "publishedAt":"2020-03-22T10:15:00.0Z","type":"Android","url":"https://example.cn/a/1",\
                "who":"代码家","images":["https://img.example.cn/1.png"]},\
                {"_id":"5e777432b11d7a4b5e8f2a32","desc":"Kotlin 协程实战","publishedAt":"2020-03-21T09:00:00.0Z",\
                "type":"Android","url":"https://example.cn/a/2","who":"Jason","images":[]}]}
                """
            )
        }
        router.get("/gank/data/broken") { _, _ -> Response in
            .json(#"{"error":true,"results":[]}"#)
        }
        router.get("/gank/moya/failure") { _, _ -> Response in
            .json(#"{"error":{"errCode":1002,"errMsg":"请求过于频繁，请稍后再试"},"results":null}"#)
        }
    }
}
