import APIMapping

/// Reads HAR 1.2 entries into captured requests, counting what it skips.
struct HAREntryReader {
    let options: HARImportOptions
    /// Why entries were skipped, and how many.
    private(set) var skipped: [String: Int] = [:]
    private(set) var skippedHeaders: [String] = []
    private(set) var droppedCookies = 0

    init(options: HARImportOptions) {
        self.options = options
    }

    private static let staticExtensions: Set<String> = [
        "js", "mjs", "css", "png", "jpg", "jpeg", "gif", "svg", "ico", "webp", "avif", "woff", "woff2", "ttf",
        "otf", "eot", "map", "html", "htm",
    ]

    /// The entry's request, or `nil` when it is skipped (and counted).
    mutating func read(_ entry: JSONNode, path: String) throws(HARImportError) -> CapturedRequest? {
        let requestPath = path + ".request"
        let request = entry["request"]
        let method = try Self.string(request?["method"], path: requestPath + ".method")
        let urlText = try Self.string(request?["url"], path: requestPath + ".url")
        guard let url = RequestURL(urlText), url.scheme == "http" || url.scheme == "https" else {
            skip("not an http(s) URL")
            return nil
        }
        if options.apiCallsOnly {
            if let type = entry["_resourceType"]?.stringValue?.lowercased(), !["xhr", "fetch"].contains(type) {
                skip("browser \(type) requests")
                return nil
            }
            let last = url.path.split(separator: "/").last ?? ""
            if let dot = last.lastIndex(of: "."),
                Self.staticExtensions.contains(last[last.index(after: dot)...].lowercased())
            {
                skip("static files")
                return nil
            }
            if method.uppercased() == "OPTIONS" {
                skip("CORS preflights (OPTIONS)")
                return nil
            }
        }
        var captured = CapturedRequest(method: method, url: url, headers: headers(request?["headers"]))
        if let postData = request?["postData"], postData.kind == .object {
            body(postData, into: &captured)
        }
        captured.preferredID = entry["_endpoint"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return captured
    }

    private mutating func skip(_ reason: String) { skipped[reason, default: 0] += 1 }

    private mutating func headers(_ node: JSONNode?) -> [DraftHeader] {
        var kept: [DraftHeader] = []
        for header in Self.elements(node) {
            guard let name = header["name"]?.stringValue, let value = header["value"]?.stringValue else { continue }
            if name.lowercased() == "cookie", !options.includeCookies {
                droppedCookies += 1
            } else if options.skips(name), name.lowercased() != "cookie" {
                if !name.hasPrefix(":"), !skippedHeaders.contains(name.lowercased()) {
                    skippedHeaders.append(name.lowercased())
                }
            } else {
                kept.append(DraftHeader(name: name, value: value))
            }
        }
        return kept
    }

    /// `postData`: multipart `params`, else `text`, else url-encoded `params`; its `mimeType` as Content-Type.
    private func body(_ postData: JSONNode, into request: inout CapturedRequest) {
        let mimeType = postData["mimeType"]?.stringValue ?? ""
        let params = Self.elements(postData["params"]).map { param in
            (
                name: param["name"]?.stringValue ?? "", value: param["value"]?.stringValue ?? "",
                fileName: param["fileName"]?.stringValue
            )
        }
        if mimeType.lowercased().hasPrefix("multipart/form-data"), !params.isEmpty {
            request.body = .multipart(
                params.map { DraftHeader(name: $0.name, value: $0.fileName.map { "@" + $0 } ?? $0.value) })
            request.headers.removeAll { $0.name.lowercased() == "content-type" }
            return
        }
        if let text = postData["text"]?.stringValue {
            request.body = .text(text)
        } else if !params.isEmpty {
            request.body = .text(
                params.map { CurlEncoding.escape($0.name) + "=" + CurlEncoding.escape($0.value) }.joined(separator: "&")
            )
        } else {
            return
        }
        if request.header("Content-Type") == nil, !mimeType.isEmpty {
            request.headers.append(DraftHeader(name: "Content-Type", value: mimeType))
        }
    }

    /// An array's elements; none for a missing value or another kind.
    static func elements(_ node: JSONNode?) -> [JSONNode] {
        guard let node, node.kind == .array else { return [] }
        return Array(node.elements)
    }

    static func string(_ node: JSONNode?, path: String) throws(HARImportError) -> String {
        guard let value = node?.stringValue else { throw HARImportError(.missingString, path: path) }
        return value
    }
}
