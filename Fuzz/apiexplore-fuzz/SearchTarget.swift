import APIClient
import APIMapping

/// `/` search over hostile bodies, and history rows' parameters read back from hostile URLs.
///
/// The first line is the query (a literal, or a regex after `re:`), the rest the body: every match
/// must lie inside the body with ascending lines, and a body that parses as JSON is searched as a
/// tree too. The first line is also read as a URL the `user` endpoint sent.
let searchTarget = FuzzTarget(
    name: "search", summary: "/ search over raw bytes and trees; endpoint parameters read back from URLs",
    seeds: {
        [
            Array("needle\n{\"a\":\"needle\",\"b\":[1,2,\"Needle\"]}".utf8),
            Array("re:^n.*e$\nfirst line\nneedle\n\u{E9}t\u{E9}".utf8),
            Array("杭州\n{\"city\":\"杭州市\",\"esc\":\"\\u676d\\u5dde\"}".utf8),
            Array("re:[a-\n\u{FF}\u{FE}needle".utf8),
            Array("http://x/users/%E5%BC%A0?lang=zh#f\n".utf8),
        ]
    },
    dictionary: .tokens(["re:", "\n", "\\u", "\"", "[", "]", "{", "}", "*", "^", "$", "%", "?", "/users/", "#"]),
    run: { bytes in
        let newline = bytes.firstIndex(of: 10) ?? bytes.count
        let query = String(decoding: bytes[..<newline], as: UTF8.self)
        let body = Array(bytes[min(newline + 1, bytes.count)...])
        _ = userEndpoint?.parameters(inURL: query)
        let search: TextSearch
        do {
            search = try TextSearch(query)
        } catch {
            return false
        }
        var previousLine = 0
        for match in search.matches(in: body) ?? [] {
            guard match.range.lowerBound >= 0, match.range.upperBound <= body.count, match.line >= previousLine else {
                fatalError("a match outside the body or out of order: \(match) in \(body.count) bytes")
            }
            previousLine = match.line
        }
        do {
            let document = try JSONDocument(parsing: body)
            _ = search.matchingRows(in: document.root)
        } catch {
            return true
        }
        return true
    })

/// The endpoint whose path template the URLs are read against.
private let userEndpoint: Endpoint? = {
    do {
        let profile = try Profile(
            yaml:
                "name: f\nbase_url: http://x\nendpoints:\n  user: {path: \"/users/{id}.json\", query: {q: \"${q}\"}}\n",
            file: "f.yaml")
        return profile.endpoint("user")
    } catch {
        fatalError("the fuzz profile is invalid: \(error)")
    }
}()
