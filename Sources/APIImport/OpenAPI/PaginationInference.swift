import APIMapping
import Foundation

/// Infers how list operations page, from their 2xx answers' headers and schemas and their query
/// parameters, in this order:
///
/// 1. a `Link` response header: `{link: next}`;
/// 2. the next page's URL in the body (`next_page_url`, `next_page_uri`, `links>next`, `next` with
///    `format: uri`) at any depth: `{next_url: meta>next_page_url}`;
/// 3. a cursor in the body (`next_cursor`, `nextPageToken`, `response_metadata>next_cursor`…) and a
///    query parameter to send it back in (`cursor`, `after`, `page_token`…);
/// 4. `has_more` with a `starting_after` parameter (Stripe's): the last item's `id` is the cursor;
/// 5. a page-number parameter (`page`, with `per_page`/`page_size`/`limit` as the size);
/// 6. `offset` with `limit`.
///
/// When most paging endpoints share one block it becomes the profile's `paginate:`; the others
/// get their own. Each block's comment says what it was inferred from.
struct PaginationInference {
    let store: SourceStore

    static let cursorKeys: Set<String> = [
        "next_cursor", "nextcursor", "next_page_token", "nextpagetoken", "cursor", "next_token", "nexttoken",
        "end_cursor", "endcursor", "after",
    ]
    static let cursorParameters = [
        "cursor", "after", "page_token", "pagetoken", "next_cursor", "start_cursor", "next_token", "continuation",
    ]
    static let nextURLKeys: Set<String> = ["next_page_url", "next_page_uri", "nextpageurl", "next_url", "nexturl"]
    static let pageParameters = ["page", "page_number", "pagenumber"]
    static let sizeParameters = ["per_page", "page_size", "pagesize", "perpage", "size", "limit", "count"]

    mutating func apply(to draft: inout ProfileDraft, schemas: [Located?], headers: [[String]]) throws(ImportError) {
        var blocks: [Int: PaginationDraft] = [:]
        for index in draft.endpoints.indices where draft.endpoints[index].method == "GET" {
            let endpoint = draft.endpoints[index]
            let schema = index < schemas.count ? schemas[index] : nil
            if let block = try infer(endpoint, schema: schema, headers: index < headers.count ? headers[index] : []) {
                blocks[index] = block
            }
        }
        guard !blocks.isEmpty else { return }
        // The most common block, when it covers most paging endpoints (and two at least), is the profile's.
        var counts: [PaginationDraft: Int] = [:]
        for block in blocks.values { counts[block, default: 0] += 1 }
        let shared = counts.max { left, right in
            left.value != right.value ? left.value < right.value : left.key.flow > right.key.flow
        }
        if let shared, shared.value >= 2, Double(shared.value) >= Double(blocks.count) * 0.6 {
            var profileBlock = shared.key
            profileBlock.reason += " (\(shared.value) of \(blocks.count) paging endpoints)"
            draft.paginate = profileBlock
            for (index, block) in blocks where block != shared.key { draft.endpoints[index].paginate = block }
        } else {
            for (index, block) in blocks { draft.endpoints[index].paginate = block }
        }
    }

    private func infer(_ endpoint: EndpointDraft, schema: Located?, headers: [String]) throws(ImportError)
        -> PaginationDraft?
    {
        let query = endpoint.query.map(\.name)
        func parameter(_ candidates: [String]) -> String? {
            for candidate in candidates {
                if let item = endpoint.query.first(where: { $0.name.lowercased() == candidate }),
                    item.value.hasPrefix("${"), item.value.hasSuffix("}")
                {
                    // The parameter's own name (`${per_page}`), which the walker sets.
                    return String(item.value.dropFirst(2).dropLast())
                }
            }
            return nil
        }
        let size = parameter(Self.sizeParameters)
        if headers.contains("link") {
            return PaginationDraft(fields: [("link", "next")], reason: "inferred from the answer's Link header")
        }
        var found = Found()
        if let schema { try walk(schema, path: [], depth: 0, into: &found) }
        if let next = found.nextURL {
            return PaginationDraft(fields: [("next_url", next)], reason: "inferred from `\(next)` in the answer")
        }
        if let cursor = found.cursor, let param = parameter(Self.cursorParameters) {
            var fields = [("cursor", cursor), ("param", param)]
            if let size { fields.append(("size", size)) }
            return PaginationDraft(
                fields: fields, reason: "inferred from `\(cursor)` in the answer and the `\(param)` parameter")
        }
        if let hasMore = found.hasMore, let param = parameter(["starting_after"]), let items = found.items {
            return PaginationDraft(
                fields: [("cursor", items + ">-1>id"), ("param", param), ("has_more", hasMore)],
                reason: "inferred from `\(hasMore)` and the `\(param)` parameter: the last item's id is the cursor")
        }
        if let page = parameter(Self.pageParameters), query.count >= 1 {
            var fields = [("page", page)]
            if let size { fields.append(("size", size)) }
            if let hasMore = found.hasMore { fields.append(("has_more", hasMore)) }
            return PaginationDraft(fields: fields, reason: "inferred from the `\(page)` parameter")
        }
        if let offset = parameter(["offset", "start"]), let size {
            return PaginationDraft(
                fields: [("offset", offset), ("limit", size)],
                reason: "inferred from the `\(offset)` and `\(size)` parameters")
        }
        return nil
    }

    /// What an answer's schema holds that tells how it pages, as profile paths.
    private struct Found {
        var nextURL: String?
        var cursor: String?
        var hasMore: String?
        /// The first array of the answer: the page's items.
        var items: String?
    }

    /// Looks through an answer's schema, four levels deep, for paging fields.
    private func walk(_ raw: Located, path: [String], depth: Int, into found: inout Found) throws(ImportError) {
        guard depth < 4 else { return }
        var skeleton = SchemaSkeleton(store: store)
        let properties = try skeleton.objectProperties(raw).all
        for (key, rawProperty) in properties {
            let property = try store.resolve(rawProperty)
            let object = property.value.objectValue
            let lower = key.lowercased()
            let type = SchemaSkeleton.type(of: object)
            let full = (path + [key]).joined(separator: ">")
            if found.nextURL == nil, type == "string" || type == nil {
                let isURL = object?["format"]?.stringValue == "uri" || object?["format"]?.stringValue == "url"
                if Self.nextURLKeys.contains(lower)
                    || (lower == "next" && (isURL || path.last?.lowercased() == "links"))
                    || (lower == "next" && path.last?.lowercased() == "pages")
                {
                    found.nextURL = full
                }
            }
            if found.cursor == nil, Self.cursorKeys.contains(lower), type == "string" || type == nil {
                found.cursor = full
            }
            if found.hasMore == nil, lower == "has_more" || lower == "hasmore" { found.hasMore = full }
            if found.items == nil, type == "array" { found.items = full }
            if type == "object" || object?["properties"] != nil || object?["allOf"] != nil {
                try walk(property, path: path + [key], depth: depth + 1, into: &found)
            }
        }
    }
}
