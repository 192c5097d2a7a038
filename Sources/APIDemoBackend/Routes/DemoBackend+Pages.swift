import Hummingbird

/// One list, served in every paging style a profile can declare, each inside a `code`/`msg`/`data`
/// envelope except the `Link` one (bare JSON, as GitHub sends it).
///
/// The list has `count` items (default 95, at most 10,000,000), `{"id":N,"name":"item N"}` from 1.
/// Hazards: `/pages/loop` sends the same cursor forever, `/pages/fail` fails at page `fail_at`
/// with code 40013, `/pages/foreign` links to another origin; `delay_ms` (at most 1 s) slows each page.
extension DemoBackend {
    static func addPageRoutes(to router: Router<DemoRequestContext>) {
        router.get("/pages/link") { request, _ -> Response in
            let list = PageList(request)
            let page = max(list.int("page") ?? 1, 1)
            let size = list.size("per_page")
            try await list.delay()
            var headers = HTTPFields()
            let lastPage = max((list.count + size - 1) / size, 1)
            func link(_ page: Int, _ rel: String) -> String {
                "<http://\(request.head.authority ?? "127.0.0.1")/pages/link?page=\(page)&per_page=\(size)"
                    + "&count=\(list.count)>; rel=\"\(rel)\""
            }
            var links: [String] = []
            if page < lastPage { links += [link(page + 1, "next"), link(lastPage, "last")] }
            if page > 1 { links.append(link(1, "first")) }
            if !links.isEmpty { headers[HTTPFields.Element.Name("Link")!] = links.joined(separator: ", ") }
            return .json("[" + list.items(from: (page - 1) * size, size: size) + "]", headers: headers)
        }
        router.get("/pages/numbered") { request, _ -> Response in
            let list = PageList(request)
            let page = max(list.int("page") ?? 1, 1)
            let size = list.size("per_page")
            try await list.delay()
            return .json(
                #"{"code":0,"msg":"ok","data":{"total":\#(list.count),"page":\#(page),"#
                    + #""list":[\#(list.items(from: (page - 1) * size, size: size))]}}"#)
        }
        router.get("/pages/has-more") { request, _ -> Response in
            let list = PageList(request)
            let page = max(list.int("page") ?? 1, 1)
            let size = list.size("size")
            try await list.delay()
            let more = page * size < list.count
            return .json(
                #"{"code":0,"msg":"ok","data":{"hasMore":\#(more),"list":["#
                    + list.items(from: (page - 1) * size, size: size) + "]}}")
        }
        router.get("/pages/offset") { request, _ -> Response in
            let list = PageList(request)
            let offset = max(list.int("offset") ?? 0, 0)
            let size = list.size("limit")
            try await list.delay()
            return .json(
                #"{"code":0,"msg":"ok","data":{"total":\#(list.count),"items":["#
                    + list.items(from: offset, size: size) + "]}}")
        }
        router.get("/pages/cursor") { request, _ -> Response in
            let list = PageList(request)
            // The cursor is "c" + the offset of the next item.
            let cursor = request.uri.queryParameters.get("cursor") ?? ""
            let offset = cursor.hasPrefix("c") ? min(max(Int(cursor.dropFirst()) ?? 0, 0), 10_000_000) : 0
            let size = list.size("limit")
            try await list.delay()
            let next = offset + size < list.count ? #""c\#(offset + size)""# : "null"
            return .json(
                #"{"code":0,"msg":"ok","data":{"items":[\#(list.items(from: offset, size: size))],"#
                    + #""next_cursor":\#(next)}}"#)
        }
        router.get("/pages/loop") { request, _ -> Response in
            let list = PageList(request)
            let cursor = request.uri.queryParameters.get("cursor") ?? ""
            let offset = cursor.isEmpty ? 0 : 10
            return .json(
                #"{"code":0,"msg":"ok","data":{"items":[\#(list.items(from: offset, size: 10))],"#
                    + #""next_cursor":"c-again"}}"#)
        }
        router.get("/pages/fail") { request, _ -> Response in
            let list = PageList(request)
            let page = max(list.int("page") ?? 1, 1)
            let size = list.size("per_page")
            guard page < (list.int("fail_at") ?? 3) else {
                return .json(#"{"code":40013,"msg":"invalid token","data":null}"#)
            }
            return .json(
                #"{"code":0,"msg":"ok","data":{"total":\#(list.count),"page":\#(page),"#
                    + #""list":[\#(list.items(from: (page - 1) * size, size: size))]}}"#)
        }
        router.get("/pages/foreign") { request, _ -> Response in
            let list = PageList(request)
            var headers = HTTPFields()
            headers[HTTPFields.Element.Name("Link")!] = #"<http://attacker.invalid/steal?page=2>; rel="next""#
            return .json("[" + list.items(from: 0, size: 10) + "]", headers: headers)
        }
    }
}

/// The query of a paging request: the list's size, page sizes and the delay, each bounded.
private struct PageList {
    let request: Request
    let count: Int

    init(_ request: Request) {
        self.request = request
        count = min(max(request.uri.queryParameters.get("count", as: Int.self) ?? 95, 0), 10_000_000)
    }

    func int(_ name: String) -> Int? {
        request.uri.queryParameters.get(name, as: Int.self).map { min($0, 10_000_000) }
    }

    func size(_ name: String) -> Int {
        min(max(int(name) ?? 10, 1), 1000)
    }

    func delay() async throws {
        let milliseconds = min(max(int("delay_ms") ?? 0, 0), 1000)
        if milliseconds > 0 { try await Task.sleep(for: .milliseconds(milliseconds)) }
    }

    /// Items `offset + 1 …` up to `size` of them, as JSON members of an array.
    func items(from offset: Int, size: Int) -> String {
        guard offset < count else { return "" }
        let last = min(offset + size, count)
        return (offset + 1...last).map { #"{"id":\#($0),"name":"item \#($0)"}"# }.joined(separator: ",")
    }
}
