public import APIMapping

/// How an endpoint's list answers come in pages, declared once per profile (`paginate:`) and
/// changed or turned off (`paginate: false`) per endpoint.
///
/// ```yaml
/// paginate: {link: next}                                         # RFC 8288 Link headers (GitHub)
/// paginate: {page: page, size: per_page, total: data>total}      # page numbers
/// paginate: {cursor: data>next_cursor, param: cursor}            # a cursor inside the envelope
/// paginate: {has_more: data>hasMore}                             # page numbers until hasMore is false
/// paginate: {offset: offset, limit: limit, total: data>total}    # offsets
/// paginate: {next_url: meta>next_page_url}                       # the next page's URL in the body
/// ```
///
/// A walk stops at the last page (no next link, no cursor, an empty or short page, the total
/// reached, a false `has_more`), at the page limit, on a business or HTTP failure, and when a
/// cursor or link repeats (a loop guard).
public struct Pagination: Hashable, Sendable {
    /// How the next page is asked for.
    public enum Style: Hashable, Sendable {
        /// Follow the `Link` header's link with this relation (`next`), on the same origin only.
        case link(relation: String)
        /// A page-number parameter, counting from `start` unless the call gives one.
        case page(parameter: String, start: Int)
        /// An offset parameter, advanced by the number of items each page had.
        case offset(parameter: String)
        /// A cursor read from each answer at `path` and sent back as `parameter`.
        case cursor(path: ProfilePath, parameter: String)
        /// The next page's URL read from each answer at `path` (`meta>next_page_url`), followed on
        /// the same origin only, as a `Link` header's.
        case nextURL(path: ProfilePath)
    }

    /// How the next page is asked for.
    public var style: Style
    /// The page-size parameter (`size:` or `limit:`): its value tells a short, last page apart.
    public var sizeParameter: String?
    /// Where the total number of items is, in the body.
    public var total: ProfilePath?
    /// Where the total number of pages is, in the body.
    public var totalPages: ProfilePath?
    /// Where a "more pages follow" flag is, in the body; `false` ends the walk.
    public var hasMore: ProfilePath?
    /// Where a page's items are, in the body; `nil` uses the envelope's model.
    public var items: ProfilePath?
    /// The most pages one walk fetches when the caller sets no limit (`max_pages:`).
    public var maxPages: Int

    /// The default ``maxPages``.
    public static let defaultMaxPages = 10_000

    /// Creates a declaration.
    ///
    /// ```swift
    /// let pages = Pagination(style: .cursor(path: try ProfilePath("data>next"), parameter: "cursor"))
    /// ```
    ///
    /// - Parameters:
    ///   - style: How the next page is asked for.
    ///   - sizeParameter: The page-size parameter.
    ///   - total: Where the total number of items is.
    ///   - totalPages: Where the total number of pages is.
    ///   - hasMore: Where the "more pages" flag is.
    ///   - items: Where a page's items are; `nil` for the envelope's model.
    ///   - maxPages: The most pages a walk fetches without a limit of its own.
    public init(
        style: Style, sizeParameter: String? = nil, total: ProfilePath? = nil, totalPages: ProfilePath? = nil,
        hasMore: ProfilePath? = nil, items: ProfilePath? = nil, maxPages: Int = Pagination.defaultMaxPages
    ) {
        self.style = style
        self.sizeParameter = sizeParameter
        self.total = total
        self.totalPages = totalPages
        self.hasMore = hasMore
        self.items = items
        self.maxPages = maxPages
    }
}

extension Pagination.Style {
    var isPage: Bool { if case .page = self { true } else { false } }
    var isCursor: Bool { if case .cursor = self { true } else { false } }
    /// Whether each next page is a URL to follow (a `Link` header's, or one in the body).
    var followsURLs: Bool {
        switch self {
        case .link, .nextURL: true
        default: false
        }
    }
}

extension Profile {
    /// How `endpoint` pages: its own `paginate:`, else the profile's; `nil` when it does not.
    ///
    /// ```swift
    /// github.pagination(for: "repos")?.style  // .link(relation: "next")
    /// ```
    ///
    /// - Parameter endpoint: The endpoint id.
    public func pagination(for endpoint: String) -> Pagination? {
        guard let found = self.endpoint(endpoint) else { return nil }
        return found.paginate.applied(to: paginate)
    }

    /// The parameters an endpoint's paging sends (`page`, `per_page`, `cursor`…): every endpoint
    /// that pages accepts them, on the query when its templates do not place them.
    ///
    /// - Parameter endpoint: The endpoint id.
    func pagingParameters(_ endpoint: String) -> [String] {
        guard let pagination = pagination(for: endpoint) else { return [] }
        var names: [String] = []
        switch pagination.style {
        case .link, .nextURL: break
        case .page(let parameter, _), .offset(let parameter), .cursor(_, let parameter): names.append(parameter)
        }
        if let size = pagination.sizeParameter { names.append(size) }
        return names
    }
}
