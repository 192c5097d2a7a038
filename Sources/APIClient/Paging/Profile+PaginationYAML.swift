import APIMapping
import Yams

extension Profile {
    /// The keys `paginate:` may have.
    package static let paginationKeys = [
        "link", "page", "start", "size", "offset", "limit", "cursor", "param", "has_more", "total", "total_pages",
        "items", "max_pages", "next_url",
    ]

    /// A `paginate:` block: `false` turns paging off (for an endpoint), a mapping declares it.
    ///
    /// Exactly one of `link`, `page`, `offset` and `cursor` says how the next page is asked for;
    /// `has_more` alone means page numbers in a `page` parameter.
    static func pagination(_ node: Node, _ reader: ProfileYAMLReader, of owner: String? = nil)
        throws(ProfileError) -> BehaviourOverride<Pagination>
    {
        let suffix = owner.map { " of \($0)" } ?? ""
        let what = "'paginate'" + suffix
        func label(_ key: String) -> String { "'paginate.\(key)'" + suffix }
        if node.tagName == .bool {
            guard try !reader.bool(node, what) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "\(what) is true: say how pages are asked for, such as {link: next} or {page: page}")
            }
            return .off
        }
        let fields = try reader.fields(node, what, allowed: paginationKeys)
        func name(_ key: String) throws(ProfileError) -> String? {
            guard let node = fields[key] else { return nil }
            let value = try reader.string(node, label(key))
            guard Template.isName(value) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "\(label(key)) '\(value)' is not a parameter name: use letters, digits, '_' and '-'")
            }
            return value
        }
        func path(_ key: String) throws(ProfileError) -> ProfilePath? {
            try fields[key].map { node throws(ProfileError) in try reader.path(node, label(key)) }
        }
        let styles = ["link", "page", "offset", "cursor", "next_url"].filter { fields[$0] != nil }
        if styles.count > 1 {
            throw ProfileError(
                .invalidValue, at: reader.location(node),
                "\(what) has \(styles.map { "'\($0)'" }.joined(separator: " and ")): keep one way to ask for pages")
        }
        let style: Pagination.Style
        switch styles.first {
        case "link"?:
            let relation = try reader.string(fields["link"]!, label("link")).lowercased()
            guard !relation.isEmpty, !relation.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(fields["link"]!),
                    "\(label("link")) must be one relation type, such as next")
            }
            style = .link(relation: relation)
        case "offset"?:
            style = .offset(parameter: try name("offset")!)
        case "next_url"?:
            style = .nextURL(path: try path("next_url")!)
        case "cursor"?:
            guard let parameter = try name("param") else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "\(what) reads a cursor but has no 'param' to send it back in")
            }
            style = .cursor(path: try path("cursor")!, parameter: parameter)
        default:
            guard fields["page"] != nil || fields["has_more"] != nil else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "\(what) needs one of 'link', 'next_url', 'page', 'offset', 'cursor' or 'has_more'")
            }
            var start = 1
            if let node = fields["start"] {
                start = try reader.int(node, label("start"))
                guard InputRanges.pageStart.contains(start) else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(node),
                        "\(label("start")) must be in \(InputRanges.pageStart.lowerBound)..."
                            + "\(InputRanges.pageStart.upperBound)")
                }
            }
            style = .page(parameter: try name("page") ?? "page", start: start)
        }
        if let start = fields["start"], !style.isPage {
            throw ProfileError(.invalidValue, at: reader.location(start), "\(label("start")) goes with 'page'")
        }
        if let param = fields["param"], !style.isCursor {
            throw ProfileError(.invalidValue, at: reader.location(param), "\(label("param")) goes with 'cursor'")
        }
        if let size = fields["size"], fields["limit"] != nil {
            throw ProfileError(
                .invalidValue, at: reader.location(size), "\(what) has 'size' and 'limit': they mean the same; keep one"
            )
        }
        let sizeParameter = try name("size")
        let limitParameter = try name("limit")
        var pagination = Pagination(
            style: style, sizeParameter: sizeParameter ?? limitParameter, total: try path("total"),
            totalPages: try path("total_pages"), hasMore: try path("has_more"), items: try path("items"))
        if let node = fields["max_pages"] {
            pagination.maxPages = try reader.int(node, label("max_pages"))
            guard InputRanges.pages.contains(pagination.maxPages) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "\(label("max_pages")) must be in \(InputRanges.pages.lowerBound)...\(InputRanges.pages.upperBound)"
                )
            }
        }
        return .set(pagination)
    }
}
