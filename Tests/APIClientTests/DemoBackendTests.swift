import APIClient
import APIDemoBackend
import APIHTTP
import APIMapping
import APITesting
import Testing

@Suite("DemoBackend")
struct DemoBackendTests {
    /// One route of the demo, and what its response must contain.
    struct RouteCase: CustomTestStringConvertible, Sendable {
        var name: String
        var method = "GET"
        var path: String
        var headers: [(name: String, value: String)] = []
        var body: String?
        var status = 200
        var contentType = "application/json; charset=utf-8"
        var header: (name: String, value: String)?
        var values: [(path: String, value: JSONValue)] = []

        var testDescription: String { name }
    }

    static let envelopeCases: [RouteCase] = [
        RouteCase(
            name: "code/msg/data success",
            path: "/cmd/users/1001",
            values: [
                ("code", 0), ("msg", "成功"), ("data>name", "张伟"), ("data>profile>address>city", "杭州市"),
                ("data>tags>1", "徒步"),
            ]
        ),
        RouteCase(
            name: "code/msg/data failure with HTTP 200",
            path: "/cmd/orders",
            values: [("code", 40013), ("msg", "invalid token"), ("data", nil)]
        ),
        RouteCase(name: "code/msg/data unknown user", path: "/cmd/users/7", values: [("code", 40404)]),
        RouteCase(
            name: "gank results",
            path: "/gank/data/android",
            values: [("error", false), ("results>0>who", "代码家"), ("results>1>images", [])]
        ),
        RouteCase(name: "gank failure", path: "/gank/data/broken", values: [("error", true), ("results", [])]),
        RouteCase(
            name: "MoyaMapper nested error",
            path: "/gank/moya/failure",
            values: [("error>errCode", 1002), ("error>errMsg", "请求过于频繁，请稍后再试")]
        ),
        RouteCase(
            name: "indodax success",
            path: "/indodax/getInfo",
            values: [("success", 1), ("return>balance>btc", "0.01850000"), ("return>name", "Budi Santoso")]
        ),
        RouteCase(
            name: "indodax failure",
            path: "/indodax/tradeHistory",
            values: [("success", 0), ("error", "Invalid credentials")]
        ),
        RouteCase(
            name: "JSend success",
            path: "/jsend/posts/42",
            values: [("status", "success"), ("data>post>id", 42), ("data>post>author>name", "Ada Lovelace")]
        ),
        RouteCase(
            name: "JSend fail is a 400",
            method: "POST",
            path: "/jsend/posts",
            body: "{}",
            status: 400,
            values: [("status", "fail"), ("data>title", "A title is required")]
        ),
        RouteCase(
            name: "JSend error is a 500",
            path: "/jsend/broken",
            status: 500,
            values: [("status", "error"), ("code", 5003)]
        ),
        RouteCase(
            name: "Slack without token",
            method: "POST",
            path: "/slack/auth.test",
            values: [("ok", false), ("error", "invalid_auth")]
        ),
        RouteCase(
            name: "Slack with token",
            method: "POST",
            path: "/slack/auth.test",
            headers: [("Authorization", "Bearer xoxb-demo")],
            values: [("ok", true), ("team", "apiexplore 演示"), ("user_id", "U0DEMO001")]
        ),
    ]

    static let gitHubCases: [RouteCase] = [
        RouteCase(
            name: "GitHub user",
            path: "/github/users/octocat",
            header: ("X-RateLimit-Limit", "60"),
            values: [("login", "octocat"), ("public_repos", 45), ("email", nil)]
        ),
        RouteCase(
            name: "GitHub repository",
            path: "/github/repos/octocat/hello-world",
            header: ("X-RateLimit-Remaining", "59"),
            values: [("full_name", "octocat/hello-world"), ("owner>login", "octocat"), ("license>spdx_id", "MIT")]
        ),
        RouteCase(
            name: "GitHub issues",
            path: "/github/repos/octocat/hello-world/issues",
            values: [("0>number", 1347), ("0>labels>0>name", "bug"), ("1>title", "支持中文文档")]
        ),
        RouteCase(
            name: "GitHub search",
            path: "/github/search/repositories?q=swift",
            values: [("total_count", 3), ("items>0>name", "hello-world"), ("incomplete_results", false)]
        ),
        RouteCase(
            name: "GitHub validation failure",
            path: "/github/search/repositories",
            status: 422,
            values: [("message", "Validation Failed"), ("errors>0>field", "q"), ("errors>0>code", "missing")]
        ),
        RouteCase(
            name: "GitHub not found",
            path: "/github/users/nobody",
            status: 404,
            values: [("message", "Not Found"), ("documentation_url", "https://docs.github.com/rest")]
        ),
        RouteCase(
            name: "GitHub rate limit",
            path: "/github/rate_limit",
            values: [("resources>core>limit", 60), ("rate>remaining", 59)]
        ),
    ]

    static let hazardCases: [RouteCase] = [
        RouteCase(
            name: "terminal escapes",
            path: "/hazards/escapes",
            values: [
                ("title", "\u{1B}[2J\u{1B}[HScreen cleared"), ("bell", "ding\u{07}dong"),
                ("csi8bit", "\u{9B}31mred via C1 CSI"), ("nested>list>0", "\u{1B}[31m红色\u{1B}[0m"),
            ]
        ),
        RouteCase(
            name: "HTML 503",
            path: "/hazards/html503",
            status: 503,
            contentType: "text/html; charset=utf-8",
            header: ("Retry-After", "120")
        ),
        RouteCase(name: "slow without delay", path: "/hazards/slow?delay_ms=0", values: [("slow", true)]),
        RouteCase(
            name: "drip",
            path: "/hazards/drip?chunks=3&interval_ms=0",
            values: [("0>chunk", 0), ("2>chunk", 2), ("2>text", "一滴")]
        ),
        RouteCase(name: "redirects followed", path: "/hazards/redirect?n=2", values: [("redirected", true)]),
        RouteCase(
            name: "gzip decoded",
            path: "/hazards/gzip",
            header: ("Content-Encoding", "gzip"),
            values: [("compressed", true), ("items>0>title", "压缩的响应")]
        ),
    ]

    @Test(arguments: envelopeCases + gitHubCases + hazardCases)
    func route(_ route: RouteCase) async throws {
        try await withDemo { backend, transport in
            let record = try await transport.send(
                HTTPRequestSpec(
                    method: route.method,
                    url: backend.baseURL + route.path,
                    headers: route.headers,
                    body: route.body.map { Array($0.utf8) }
                )
            )
            #expect(record.status == route.status)
            #expect(record.header("content-type") == route.contentType)
            if let header = route.header {
                #expect(record.header(header.name) == header.value)
            }
            for expected in route.values {
                #expect(try record.value(at: expected.path) == expected.value, "at \(expected.path)")
            }
        }
    }

    @Test func gitHubPaginationLinks() async throws {
        try await withDemo { backend, transport in
            let url = backend.baseURL + "/github/users/octocat/repos"
            let first = try await transport.send(HTTPRequestSpec(url: url + "?per_page=20"))
            #expect(try first.json().root.count == 20)
            let link = try #require(first.header("link"))
            #expect(link.contains("/github/users/octocat/repos?page=2&per_page=20>; rel=\"next\""))
            #expect(link.contains("?page=3&per_page=20>; rel=\"last\""))

            let last = try await transport.send(HTTPRequestSpec(url: url + "?page=3&per_page=20"))
            #expect(try last.json().root.count == 5)
            #expect(try last.value(at: "4>name") == "demo-repo-45")
            let lastLink = try #require(last.header("link"))
            #expect(!lastLink.contains("rel=\"next\""))
            #expect(lastLink.contains("?page=2&per_page=20>; rel=\"prev\""))
        }
    }

    @Test func gitHubETagAnswersNotModified() async throws {
        try await withDemo { backend, transport in
            let url = backend.baseURL + "/github/users/octocat"
            let first = try await transport.send(HTTPRequestSpec(url: url))
            let etag = try #require(first.header("etag"))

            let cached = try await transport.send(HTTPRequestSpec(url: url, headers: [("If-None-Match", etag)]))
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
            #expect(cached.header("etag") == etag)

            let stale = try await transport.send(HTTPRequestSpec(url: url, headers: [("If-None-Match", "\"old\"")]))
            #expect(stale.status == 200)
            #expect(try stale.value(at: "login") == "octocat")
        }
    }

    @Test(arguments: [
        ("/feeds/rss", "application/rss+xml; charset=utf-8", "<content:encoded><![CDATA[<h1>信封</h1>"),
        ("/feeds/atom", "application/atom+xml; charset=utf-8", "<feed xmlns=\"http://www.w3.org/2005/Atom\">"),
    ])
    func feed(path: String, contentType: String, excerpt: String) async throws {
        try await withDemo { backend, transport in
            let record = try await transport.send(HTTPRequestSpec(url: backend.baseURL + path))
            #expect(record.status == 200)
            #expect(record.header("content-type") == contentType)
            #expect(record.text.hasPrefix("<?xml"))
            #expect(record.text.contains(excerpt))
        }
    }

    @Test func echoReturnsTheRequest() async throws {
        try await withDemo { backend, transport in
            let record = try await transport.send(
                HTTPRequestSpec(
                    method: "PUT",
                    url: backend.baseURL + "/hazards/echo?q=%E4%B8%AD%E6%96%87&api_key=s3cret",
                    headers: [("Authorization", "Bearer abc"), ("X-Trace", "1"), ("X-Trace", "2")],
                    body: Array(#"{"name":"张伟"}"#.utf8)
                )
            )
            #expect(try record.value(at: "method") == "PUT")
            #expect(try record.value(at: "path") == "/hazards/echo")
            #expect(try record.value(at: "query") == [["q", "中文"], ["api_key", "s3cret"]])
            #expect(try record.value(at: "body") == #"{"name":"张伟"}"#)
            let headers = try #require(try record.value(at: "headers")?.arrayValue)
            #expect(headers.contains(["Authorization", "Bearer abc"]))
            #expect(headers.filter { $0.arrayValue?.first == "X-Trace" }.map { $0.arrayValue?.last } == ["1", "2"])
        }
    }

    @Test func largeBodyIsValidJSONOfTheAnnouncedLength() async throws {
        try await withDemo { backend, transport in
            let record = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/large?size=1000000"))
            #expect(record.status == 200)
            #expect(record.header("content-length") == String(record.body.count))
            #expect(record.body.count <= 1_000_000)
            #expect(record.body.count > 990_000)
            let document = try record.json()
            #expect(document.root.count > 10_000)
            #expect(try record.value(at: "-1>city") == "杭州")
        }
    }

    @Test(arguments: [0, 1, 60, 61, 200])
    func largeBodyIsValidJSONAtTinySizes(size: Int) async throws {
        try await withDemo { backend, transport in
            let record = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/large?size=\(size)"))
            #expect(record.header("content-length") == String(record.body.count))
            #expect(record.body.count <= max(size, 2))
            #expect(try record.json().root.kind == .array)
        }
    }

    @Test func gzipIsSentCompressed() async throws {
        try await withDemo(loopbackConfiguration { $0.acceptsCompression = false }) { backend, transport in
            let record = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/gzip"))
            #expect(record.body.prefix(3) == [0x1f, 0x8b, 8])
        }
    }

    @Test(arguments: [0, 1, 257, 258, 259, 100_000])
    func gzipBombIsRealDeflate(size: Int) async throws {
        try await withDemo(loopbackConfiguration { $0.maximumDecompressionRatio = 10_000 }) { backend, transport in
            let record = try await transport.send(
                HTTPRequestSpec(url: backend.baseURL + "/hazards/gzip-bomb?size=\(size)"))
            #expect(record.status == 200)
            #expect(try record.value(at: "padding") == .string(String(repeating: " ", count: size)))
        }
    }

    @Test func runServesInTheForegroundUntilCancelled() async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let server = Task { try await DemoBackend.run(port: 0) { continuation.yield($0) } }
        var readiness = ports.makeAsyncIterator()
        let port = try #require(await readiness.next())
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let result: Result<HTTPResponseRecord, TransportError>
        do throws(TransportError) {
            result = .success(try await transport.send(HTTPRequestSpec(url: "http://127.0.0.1:\(port)/cmd/users/1002")))
        } catch {
            result = .failure(error)
        }
        try await transport.shutdown()
        server.cancel()
        #expect(await server.result.isSuccess)
        #expect(try result.get().value(at: "data>name") == "李娜")
    }

    @Test func stopsAndFreesThePort() async throws {
        let backend = try await DemoBackend.start()
        #expect(backend.port > 0)
        #expect(backend.baseURL == "http://127.0.0.1:\(backend.port)")
        await backend.stop()
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
