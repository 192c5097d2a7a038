import Hummingbird

/// A GitHub-like REST API: plain JSON resources (no envelope), `Link` pagination, `X-RateLimit-*` headers,
/// ETags answered with 304, and GitHub's 404 and 422 error shapes.
extension DemoBackend {
    static let gitHubUser = "octocat"
    static let gitHubRepositoryCount = 45
    static let gitHubUserETag = #""demo-octocat-v1""#

    static func addGitHubRoutes(to router: Router<DemoRequestContext>) {
        router.get("/github/users/:username") { request, context -> Response in
            let username = context.parameters.get("username") ?? ""
            guard username == gitHubUser else { return gitHubNotFound() }
            var headers = gitHubRateLimitHeaders()
            headers[.eTag] = gitHubUserETag
            if request.headers[.ifNoneMatch] == gitHubUserETag {
                return Response(status: .notModified, headers: headers)
            }
            return .json(gitHubUserJSON, headers: headers)
        }
        router.get("/github/users/:username/repos") { request, context -> Response in
            let username = context.parameters.get("username") ?? ""
            guard username == gitHubUser else { return gitHubNotFound() }
            return gitHubRepositoryPage(request: request, path: "/github/users/\(username)/repos")
        }
        router.get("/github/repos/:owner/:repo") { _, context -> Response in
            let owner = context.parameters.get("owner") ?? ""
            let repo = context.parameters.get("repo") ?? ""
            guard owner == gitHubUser, repo == "hello-world" else { return gitHubNotFound() }
            return .json(gitHubRepositoryJSON(index: 1), headers: gitHubRateLimitHeaders())
        }
        router.get("/github/repos/:owner/:repo/issues") { _, context -> Response in
            let owner = context.parameters.get("owner") ?? ""
            let repo = context.parameters.get("repo") ?? ""
            guard owner == gitHubUser, repo == "hello-world" else { return gitHubNotFound() }
            return .json(gitHubIssuesJSON, headers: gitHubRateLimitHeaders())
        }
        router.get("/github/search/repositories") { request, _ -> Response in
            guard let query = request.uri.queryParameters.get("q"), !query.isEmpty else {
                return .json(
                    """
                    {"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}],\
                    "documentation_url":"https://docs.github.com/v3/search","status":"422"}
                    """,
                    status: .unprocessableContent
                )
            }
            let items = (1...3).map { gitHubRepositoryJSON(index: $0) }.joined(separator: ",")
            return .json(#"{"total_count":3,"incomplete_results":false,"items":[\#(items)]}"#)
        }
        router.get("/github/rate_limit") { _, _ -> Response in
            .json(
                """
                {"resources":{"core":{"limit":60,"remaining":59,"reset":1763805600,"used":1,"resource":"core"},\
                "search":{"limit":10,"remaining":10,"reset":1763802060,"used":0,"resource":"search"}},\
                "rate":{"limit":60,"remaining":59,"reset":1763805600,"used":1,"resource":"core"}}
                """,
                headers: gitHubRateLimitHeaders()
            )
        }
    }

    static func gitHubNotFound() -> Response {
        .json(
            #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#,
            status: .notFound,
            headers: gitHubRateLimitHeaders()
        )
    }

    static func gitHubRateLimitHeaders() -> HTTPFields {
        var headers = HTTPFields()
        headers[HTTPFields.Element.Name("X-RateLimit-Limit")!] = "60"
        headers[HTTPFields.Element.Name("X-RateLimit-Remaining")!] = "59"
        headers[HTTPFields.Element.Name("X-RateLimit-Reset")!] = "1763805600"
        headers[HTTPFields.Element.Name("X-RateLimit-Used")!] = "1"
        headers[HTTPFields.Element.Name("X-RateLimit-Resource")!] = "core"
        return headers
    }

    /// One page of the user's repositories, with GitHub's `Link` header (`next`, `last`, `first`, `prev`).
    static func gitHubRepositoryPage(request: Request, path: String) -> Response {
        let perPage = min(max(request.uri.queryParameters.get("per_page", as: Int.self) ?? 30, 1), 100)
        let lastPage = max((gitHubRepositoryCount + perPage - 1) / perPage, 1)
        let page = min(max(request.uri.queryParameters.get("page", as: Int.self) ?? 1, 1), lastPage + 1)
        let first = (page - 1) * perPage + 1
        let last = min(page * perPage, gitHubRepositoryCount)
        let items = first <= last ? (first...last).map { gitHubRepositoryJSON(index: $0) } : []

        var headers = gitHubRateLimitHeaders()
        func link(_ page: Int, _ rel: String) -> String {
            "<http://\(request.head.authority ?? "127.0.0.1")\(path)?page=\(page)&per_page=\(perPage)>; rel=\"\(rel)\""
        }
        var links: [String] = []
        if page < lastPage { links += [link(page + 1, "next"), link(lastPage, "last")] }
        if page > 1 { links += [link(1, "first"), link(page - 1, "prev")] }
        if !links.isEmpty { headers[HTTPFields.Element.Name("Link")!] = links.joined(separator: ", ") }
        return .json("[" + items.joined(separator: ",") + "]", headers: headers)
    }

    static func gitHubRepositoryJSON(index: Int) -> String {
        let names = ["hello-world", "Spoon-Knife", "linguist", "octocat.github.io", "git-consortium", "test-repo1"]
        let name = index <= names.count ? names[index - 1] : "demo-repo-\(index)"
        let language = ["Swift", "Ruby", "Go", "TypeScript", "Rust"][index % 5]
        return """
            {"id":\(1_296_268 + index),"node_id":"MDEwOlJlcG9zaXRvcnkx","name":"\(name)",\
            "full_name":"octocat/\(name)","private":false,"owner":{"login":"octocat","id":583231,\
            "type":"User","site_admin":false},"description":"Demo repository #\(index) — 演示仓库",\
            "fork":\(index % 4 == 0),"language":"\(language)","stargazers_count":\(index * 137 % 2000),\
            "forks_count":\(index * 31 % 500),"open_issues_count":\(index % 7),"topics":["demo","api"],\
            "license":\(index % 3 == 0 ? "null" : #"{"key":"mit","name":"MIT License","spdx_id":"MIT"}"#),\
            "created_at":"2011-01-26T19:01:12Z","pushed_at":"2026-11-0\(index % 9 + 1)T12:00:00Z"}
            """
    }

    static let gitHubUserJSON = """
        {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==","type":"User","site_admin":false,\
        "name":"The Octocat","company":"@github","blog":"https://github.blog","location":"San Francisco",\
        "email":null,"hireable":null,"bio":null,"public_repos":45,"public_gists":8,"followers":21000,\
        "following":9,"created_at":"2011-01-25T18:44:36Z","updated_at":"2026-09-22T11:25:01Z"}
        """

    static let gitHubIssuesJSON = """
        [{"id":1,"number":1347,"title":"Found a bug","state":"open","locked":false,\
        "user":{"login":"octocat","id":583231},"labels":[{"id":208045946,"name":"bug","color":"f29513"}],\
        "assignees":[],"comments":3,"body":"I'm having a problem with this.\\n\\n复现步骤见下。",\
        "created_at":"2026-04-22T13:33:48Z","closed_at":null},\
        {"id":2,"number":1348,"title":"支持中文文档","state":"closed","locked":false,\
        "user":{"login":"monalisa","id":2},"labels":[],"assignees":[{"login":"octocat","id":583231}],\
        "comments":0,"body":null,"created_at":"2026-05-01T09:00:00Z","closed_at":"2026-05-03T10:00:00Z"}]
        """
}
