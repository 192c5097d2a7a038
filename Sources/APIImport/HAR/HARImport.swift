import APIHTTP
import APIMapping

/// Imports an HTTP Archive (HAR 1.2) into a profile draft: one endpoint per distinct call.
///
/// Entries become requests from `log.entries[].request` (`method`, `url`, `headers`, `postData`
/// with `mimeType`, `text` and `params`; the query is read from the URL). Then:
///
/// - Browser noise is dropped: pseudo-headers (`:authority`), hop-by-hop and transport headers
///   (`Host`, `Content-Length`, `Connection`, `Accept-Encoding`), `sec-*`, `User-Agent`, … (see
///   ``HARImportOptions/skippedHeaders``); `Cookie` headers are dropped with a comment unless
///   ``HARImportOptions/includeCookies``. Non-API entries (documents, scripts, images, static files,
///   `OPTIONS` preflights) are skipped and counted in the comments.
/// - Ids in paths become placeholders named after the segment before them (`/users/1001` →
///   `/users/{user_id}`; `{id}`, `{id2}` when there is no such segment), with the first value seen
///   as the parameter's default; requests with the same method and templated path are one endpoint.
/// - The most common scheme and host is the base URL; requests to other hosts are skipped and
///   listed in a comment.
/// - Credentials become auth with `${env:NAME}` placeholders, as for curl commands.
/// - apiexplore's own export (`_endpoint`, `_profile` on each entry) keeps the endpoint ids, and
///   merges entries by id; values it redacted (`••••`) become placeholders instead of defaults.
///
/// ```swift
/// let draft = try HARImport.profile(from: harText, name: "shop")
/// draft.baseURL                                   // "https://shop.example.com/api/v2"
/// draft.endpoints.map { "\($0.method) \($0.path)" } // ["GET /products/{product_id}", "POST /cart/items"]
/// ```
public enum HARImport {
    /// Imports a HAR document.
    ///
    /// ```swift
    /// let text = try String(contentsOfFile: "session.har", encoding: .utf8)
    /// let draft = try HARImport.profile(from: text, name: "shop")
    /// ```
    ///
    /// - Parameters:
    ///   - text: The HAR JSON.
    ///   - name: The profile's name; also the prefix of invented variable names.
    ///   - options: What to keep.
    /// - Returns: The draft; what was skipped or guessed is in its comments.
    /// - Throws: ``HARImportError`` when the text is not JSON, has no `log.entries`, or an entry lacks
    ///   its `request.method` or `request.url`.
    public static func profile(from text: String, name: String, options: HARImportOptions = HARImportOptions())
        throws(HARImportError) -> ProfileDraft
    {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: text)
        } catch {
            let position = TextLocation(offset: error.offset, line: error.line, column: error.column)
            throw HARImportError(.notJSON, path: "$", position: position, detail: error.message)
        }
        let log = document.root["log"]
        guard let entries = log?["entries"], entries.kind == .array else {
            throw HARImportError(.notHAR, path: "$.log.entries")
        }
        var reader = HAREntryReader(options: options)
        var requests: [CapturedRequest] = []
        var exportedProfiles: [String] = []
        for (index, entry) in entries.elements.enumerated() {
            if let request = try reader.read(entry, path: "$.log.entries[\(index)]") { requests.append(request) }
            if let profile = entry["_profile"]?.stringValue, !exportedProfiles.contains(profile) {
                exportedProfiles.append(profile)
            }
        }
        let creator = log?["creator"]?["name"]?.stringValue ?? "an unknown tool"
        var comments = ["imported from a HAR file by \(creator) with \(entries.count) entries"]
        if !exportedProfiles.isEmpty {
            comments.append("exported from profile " + exportedProfiles.joined(separator: ", "))
        }
        let origin = mostCommonOrigin(requests)
        let others = requests.filter { $0.url.origin != origin }
        if !others.isEmpty {
            comments.append("skipped \(others.count) requests to other hosts: " + countedOrigins(others))
        }
        requests.removeAll { $0.url.origin != origin }
        for (reason, count) in reader.skipped.sorted(by: { $0.key < $1.key }) {
            comments.append("skipped \(count) \(reason)")
        }
        if !reader.skippedHeaders.isEmpty {
            comments.append("dropped browser headers: " + reader.skippedHeaders.joined(separator: ", "))
        }
        if reader.droppedCookies > 0 {
            comments.append(
                "dropped the Cookie header of \(reader.droppedCookies) requests (includeCookies keeps them)")
        }
        guard let origin else {
            var draft = ProfileDraft(name: name, baseURL: "")
            draft.comments = comments + ["no API request found"]
            return draft
        }
        var assembler = ProfileAssembler(name: name, origin: origin)
        assembler.templatePaths = true
        assembler.comments = comments
        return assembler.assemble(requests)
    }

    private static func mostCommonOrigin(_ requests: [CapturedRequest]) -> String? {
        var counts: [String: Int] = [:]
        for request in requests { counts[request.url.origin, default: 0] += 1 }
        let best = counts.values.max() ?? 0
        return requests.first { counts[$0.url.origin] == best }?.url.origin
    }

    private static func countedOrigins(_ requests: [CapturedRequest]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for request in requests {
            if counts[request.url.origin] == nil { order.append(request.url.origin) }
            counts[request.url.origin, default: 0] += 1
        }
        return order.map { "\($0) (\(counts[$0] ?? 0))" }.joined(separator: ", ")
    }
}
