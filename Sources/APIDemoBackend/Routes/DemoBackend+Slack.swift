import Hummingbird

/// Slack Web API style: always HTTP 200, `ok` says whether it worked. A call succeeds only with the bearer
/// token `xoxb-demo`.
extension DemoBackend {
    static func addSlackRoutes(to router: Router<DemoRequestContext>) {
        router.on("/slack/auth.test", method: .post) { request, _ -> Response in slackAuthTest(request) }
        router.get("/slack/auth.test") { request, _ -> Response in slackAuthTest(request) }
    }

    private static func slackAuthTest(_ request: Request) -> Response {
        guard request.headers[.authorization] == "Bearer xoxb-demo" else {
            return .json(#"{"ok":false,"error":"invalid_auth"}"#)
        }
        return .json(
            """
            {"ok":true,"url":"https://apiexplore-demo.slack.com/","team":"apiexplore 演示","user":"demo-bot",\
            "team_id":"T0DEMO001","user_id":"U0DEMO001","bot_id":"B0DEMO001","is_enterprise_install":false}
            """
        )
    }
}
