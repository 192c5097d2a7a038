import APIHTTP
import APIMapping
import APITesting
import Foundation
import Testing

@testable import APIClient

/// `paginate:` as a profile declares it, `Link` headers, and the page walker over a stub server.
@Suite struct PaginationTests {
    struct DeclarationCase: Sendable, CustomTestStringConvertible {
        let yaml: String
        let expected: Pagination?
        /// Part of the error message, when the declaration is refused.
        let error: String?
        var testDescription: String { yaml }
    }

    static let declarations: [DeclarationCase] = [
        .init(yaml: "{link: next}", expected: Pagination(style: .link(relation: "next")), error: nil),
        .init(
            yaml: "{page: p, size: per_page, total: data>total}",
            expected: Pagination(
                style: .page(parameter: "p", start: 1), sizeParameter: "per_page", total: path("data>total")),
            error: nil),
        .init(
            yaml: "{has_more: data>hasMore, start: 0}",
            expected: Pagination(style: .page(parameter: "page", start: 0), hasMore: path("data>hasMore")), error: nil),
        .init(
            yaml: "{offset: offset, limit: limit, items: data>rows, max_pages: 5}",
            expected: Pagination(
                style: .offset(parameter: "offset"), sizeParameter: "limit", items: path("data>rows"), maxPages: 5),
            error: nil),
        .init(
            yaml: "{cursor: data>next, param: after}",
            expected: Pagination(style: .cursor(path: path("data>next"), parameter: "after")), error: nil),
        .init(yaml: "{link: next, page: page}", expected: nil, error: "keep one way to ask for pages"),
        .init(yaml: "{cursor: data>next}", expected: nil, error: "no 'param'"),
        .init(yaml: "{size: per_page}", expected: nil, error: "needs one of"),
        .init(yaml: "{page: page, max_pages: 0}", expected: nil, error: "must be in 1...1000000"),
        .init(yaml: "{page: page, start: -1}", expected: nil, error: "must be in 0...1000000"),
        .init(yaml: "{link: next, start: 2}", expected: nil, error: "goes with 'page'"),
        .init(yaml: "{page: \"a b\"}", expected: nil, error: "is not a parameter name"),
        .init(yaml: "{page: page, size: s, limit: l}", expected: nil, error: "keep one"),
        .init(yaml: "{pages: page}", expected: nil, error: "pages"),
        .init(yaml: "true", expected: nil, error: "say how pages are asked for"),
        .init(yaml: "{link: \"\"}", expected: nil, error: "must be one relation type"),
    ]

    @Test(arguments: declarations)
    func aDeclarationIsReadOrRefusedWithItsReason(_ testCase: DeclarationCase) throws {
        let yaml = "name: t\nbase_url: https://api.example.com\npaginate: \(testCase.yaml)\nendpoints: {}\n"
        if let expected = testCase.expected {
            #expect(try parseProfile(yaml).paginate == expected)
        } else {
            let error = try #require(profileError { _ = try parseProfile(yaml) })
            #expect(error.line == 3, "\(error)")
            #expect(error.message.contains(testCase.error ?? "?"), "\(error.message)")
        }
    }

    @Test func anEndpointInheritsChangesOrTurnsOffTheProfilesPaging() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: https://api.example.com
            paginate: {link: next}
            endpoints:
              repos: {path: /repos}
              search: {path: /search, paginate: {page: page}}
              one: {path: /one, paginate: false}
            """)
        #expect(profile.pagination(for: "repos")?.style == .link(relation: "next"))
        #expect(profile.pagination(for: "search")?.style == .page(parameter: "page", start: 1))
        #expect(profile.pagination(for: "one") == nil)
        #expect(profile.pagination(for: "unknown") == nil)
    }

    struct LinkCase: Sendable, CustomTestStringConvertible {
        let values: [String]
        let next: String?
        var testDescription: String { values.joined(separator: " | ") }
    }

    @Test(arguments: [
        LinkCase(
            values: [#"<https://a.test/r?page=2>; rel="next", <https://a.test/r?page=9>; rel="last""#],
            next: "https://a.test/r?page=2"),
        LinkCase(
            values: [#"<https://a.test/r?page=9>; rel="last""#, #"<https://a.test/r?page=3>; rel=next"#],
            next: "https://a.test/r?page=3"),
        LinkCase(values: [#"<https://a.test/x>; rel="prev next"; title="a, b; c""#], next: "https://a.test/x"),
        LinkCase(values: [#"<https://a.test/x>; REL="Next""#], next: "https://a.test/x"),
        LinkCase(
            values: [#"<https://a.test/1>; title="rel=next", <https://a.test/2>; rel="next""#], next: "https://a.test/2"
        ),
        LinkCase(values: [#"garbage, <https://a.test/2>; rel="next""#], next: "https://a.test/2"),
        LinkCase(values: [#"<https://a.test/unterminated; rel="next""#], next: nil),
        LinkCase(values: [""], next: nil),
        LinkCase(values: [String(repeating: "<;\",", count: 5000)], next: nil),
    ])
    func linkHeadersGiveTheirNextTarget(_ testCase: LinkCase) {
        #expect(LinkHeader(testCase.values).target(relation: "next") == testCase.next)
    }

    @Test(arguments: [
        ("https://a.test/r?page=1&per_page=5", [("page", "2")], "https://a.test/r?page=2&per_page=5"),
        ("https://a.test/r", [("cursor", "a b&c")], "https://a.test/r?cursor=a%20b%26c"),
        ("https://a.test/r?x=1#frag", [("page", "3")], "https://a.test/r?x=1&page=3#frag"),
        ("https://a.test/r?page=1&page=2", [("page", "7")], "https://a.test/r?page=7"),
    ])
    func queryItemsAreSetInPlace(_ url: String, _ items: [(String, String)], _ expected: String) {
        let set = items.map { URLQuery.Item(name: $0.0, value: $0.1) }
        #expect(URLQuery.setting(set, in: url) == expected)
    }

    // MARK: - Walks over a stub server

    /// A list of `count` items, `{"id": N}`, served by `serve` for the page the request asks for.
    static func walk(
        _ yaml: String, limit: Int? = nil, parameters: [String: String] = [:],
        serve: @escaping @Sendable (HTTPRequestSpec) -> StubTransport.Answer
    ) async throws -> (ids: [Int], pages: Int, stop: PageWalker.Stop, urls: [String]) {
        let profile = try parseProfile(
            """
            name: t
            base_url: https://api.example.com
            auth: {query: {name: key, value: k1}}
            envelope: {status: code, success: 0, model: data}
            endpoints:
              list:
                path: /list
                \(yaml)
            """)
        let transport = StubTransport(answer: serve)
        let client = ProfileClient(transport: transport, environment: [:])
        var walker = PageWalker(
            pagination: try #require(profile.pagination(for: "list")), parameters: parameters, limit: limit)
        var options = CallOptions()
        var ids: [Int] = []
        while true {
            let exchange = try await client.call(
                profile: profile, endpoint: "list", parameters: parameters, options: options)
            let result = walker.advance(after: exchange)
            ids += result.items.compactMap { $0["id"]?.numberValue?.int }
            switch result.step {
            case .next(let next): options.page = next
            case .finished(let stop): return (ids, walker.pagesFetched, stop, transport.requests.map(\.url))
            }
        }
    }

    static func query(_ url: String, _ name: String) -> String? {
        URLQuery.items(of: url).last { $0.name == name }?.value
    }

    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"id":\#($0)}"# }.joined(separator: ",")
    }

    @Test func aCursorThatComesBackStopsTheWalk() async throws {
        let walk = try await Self.walk("paginate: {cursor: data>next, param: cursor, items: data>items}") { request in
            let cursor = Self.query(request.url, "cursor")
            return .json(
                #"{"code":0,"data":{"items":[\#(Self.items(cursor == nil ? 1..<3 : 3..<5))],"next":"same"}}"#)
        }
        #expect(walk.ids == [1, 2, 3, 4])
        #expect(walk.stop == .loop("the cursor 'same'"))
        #expect(walk.pages == 2)
    }

    @Test func aServerIgnoringThePageNumberIsCaughtAtTheSecondPage() async throws {
        let walk = try await Self.walk("paginate: {page: page}") { _ in
            .json(#"{"code":0,"data":[\#(Self.items(1..<4))]}"#)
        }
        #expect(walk.pages == 2)
        #expect(walk.stop == .loop("the same items as the page before"))
    }

    /// The server sends 3 items a page. Asked for 3, a page of 2 is short; asked for 10, the first
    /// page sets what a full page is (a server that caps the size), and the walk still ends there.
    @Test(arguments: ["3", "10"])
    func aShortPageEndsAWalkThatKnowsItsPageSize(_ requested: String) async throws {
        let walk = try await Self.walk(
            "query: {n: \"${n}\"}\n    params: {n: {default: \"\(requested)\"}}\n    paginate: {page: page, size: n}"
        ) { request in
            let page = Int(Self.query(request.url, "page") ?? "1") ?? 1
            let start = (page - 1) * 3 + 1
            return .json(#"{"code":0,"data":[\#(Self.items(start..<min(start + 3, 9)))]}"#)
        }
        #expect(walk.ids == Array(1..<9))
        #expect(walk.stop == .lastPage("a short page (2 items)"))
        // The page number went on the URL: the endpoint does not template it.
        #expect(walk.urls.map { Self.query($0, "page") } == [nil, "2", "3"])
    }

    @Test func theTotalEndsAnOffsetWalkAndTheAuthQueryStays() async throws {
        let walk = try await Self.walk("paginate: {offset: skip, total: data>total, items: data>rows}") { request in
            let skip = Int(Self.query(request.url, "skip") ?? "0") ?? 0
            return .json(#"{"code":0,"data":{"total":"7","rows":[\#(Self.items(skip + 1..<min(skip + 4, 8)))]}}"#)
        }
        #expect(walk.ids == Array(1...7))
        #expect(walk.stop == .lastPage("all 7 items"))
        #expect(walk.urls.allSatisfy { Self.query($0, "key") == "k1" })
    }

    @Test func aBusinessFailureStopsTheWalkAndGivesNoItems() async throws {
        let walk = try await Self.walk("paginate: {page: page}") { request in
            Self.query(request.url, "page") == "3"
                ? .json(#"{"code":40013,"data":[{"id":99}]}"#)
                : .json(
                    #"{"code":0,"data":[\#(Self.items(1..<3))]}"#.replacing(
                        "1", with: Self.query(request.url, "page") ?? "1"))
        }
        #expect(walk.pages == 3)
        #expect(walk.stop == .failure(.businessFailure))
        #expect(!walk.ids.contains(99))
    }

    @Test func linksAreFollowedOnTheSameOriginOnlyAndKeepTheAuthQuery() async throws {
        let walk = try await Self.walk(
            "paginate: {link: next}\n    envelope: {status: null, success: http, model: \"\"}"
        ) {
            request in
            switch Self.query(request.url, "page") {
            case nil: .json("[\(Self.items(1..<3))]", headers: [("Link", #"</list?page=2>; rel="next""#)])
            case "2"?:
                .json("[\(Self.items(3..<5))]", headers: [("Link", #"<https://evil.test/list?page=3>; rel="next""#)])
            default: .json("[]")
            }
        }
        #expect(walk.ids == [1, 2, 3, 4])
        #expect(walk.stop == .foreignLink("evil.test"))
        #expect(walk.urls == ["https://api.example.com/list?key=k1", "https://api.example.com/list?page=2&key=k1"])
    }

    @Test func theLimitStopsAWalkThatWouldGoOn() async throws {
        let walk = try await Self.walk("paginate: {cursor: data>next, param: c, items: data>items}", limit: 2) {
            request in
            let cursor = Int(Self.query(request.url, "c") ?? "0") ?? 0
            return .json(#"{"code":0,"data":{"items":[\#(Self.items(cursor..<cursor + 1))],"next":\#(cursor + 1)}}"#)
        }
        #expect(walk.ids == [0, 1])
        #expect(walk.stop == .limit(2))
    }

    @Test(
        arguments: [
            (
                ["page": "-9223372036854775808"],
                "the page parameter 'page' is '-9223372036854775808', not a whole number"
            ),
            (["page": "9223372036854775807"], "not a whole number in 0...1000000000"),
            (["page": "abc"], "the page parameter 'page' is 'abc'"),
            (["per_page": "0"], "the page size parameter 'per_page' is '0'"),
            (["page": "7", "per_page": "50"], nil),
        ] as [([String: String], String?)])
    func aWalkRefusesNumbersOutOfRangeBeforeItStarts(_ parameters: [String: String], _ message: String?) {
        let pages = Pagination(style: .page(parameter: "page", start: 1), sizeParameter: "per_page")
        let problem = PageWalker.problem(pagination: pages, parameters: parameters)
        if let message {
            #expect(problem?.contains(message) == true, "\(problem ?? "nil")")
        } else {
            #expect(problem == nil)
        }
        // Even unchecked, the walker takes no number out of range into its arithmetic.
        let offsets = Pagination(style: .offset(parameter: "page"), total: path("total"))
        #expect(PageWalker(pagination: offsets, parameters: parameters).currentPage == 0)
    }

    @Test func aCursorThatRepeatsTheFirstOneIsCaughtAtOnce() async throws {
        let walk = try await Self.walk(
            "paginate: {cursor: data>next, param: cursor, items: data>items}", parameters: ["cursor": "start"]
        ) { _ in
            .json(#"{"code":0,"data":{"items":[\#(Self.items(1..<3))],"next":"start"}}"#)
        }
        #expect(walk.pages == 1)
        #expect(walk.stop == .loop("the cursor 'start'"))
    }

    @Test func aStopNeverRepeatsALinksQueryWhichMayHoldAKey() async throws {
        let walk = try await Self.walk(
            "paginate: {link: next}\n    envelope: {status: null, success: http, model: \"\"}"
        ) {
            request in
            Self.query(request.url, "page") == nil
                ? .json("[\(Self.items(1..<3))]", headers: [("Link", #"</list?page=2&key=k1>; rel="next""#)])
                : .json("[\(Self.items(3..<5))]", headers: [("Link", #"</list?page=2&key=k1>; rel="next""#)])
        }
        #expect(walk.stop == .loop("the next link"))
        #expect(!walk.stop.description.contains("k1"))
        let foreign = try await Self.walk(
            "paginate: {link: next}\n    envelope: {status: null, success: http, model: \"\"}"
        ) { _ in
            .json("[\(Self.items(1..<3))]", headers: [("Link", #"<https://evil.test/x?key=k1>; rel="next""#)])
        }
        #expect(foreign.stop.description == "stopped: the next link goes to another origin (evil.test); not followed")
        #expect(foreign.urls.allSatisfy { $0.hasPrefix("https://api.example.com/") })
    }
}

private func path(_ text: String) -> ProfilePath {
    do {
        return try ProfilePath(text)
    } catch {
        fatalError("bad test path \(text): \(error)")
    }
}
