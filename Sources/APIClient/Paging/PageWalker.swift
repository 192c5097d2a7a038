import APIHTTP
public import APIMapping
import Crypto
import Foundation

/// Walks an endpoint's pages: after each exchange, the page's items and what to ask for next, or
/// why the walk is over.
///
/// ```swift
/// var walker = PageWalker(pagination: pages, parameters: ["per_page": "50"])
/// var request = PageRequest()
/// while true {
///     let exchange = try await client.call(profile: github, endpoint: "repos", page: request)
///     let page = walker.advance(after: exchange)
///     page.items.forEach { print($0.jsonText()) }
///     guard case .next(let next) = page.step else { break }
///     request = next
/// }
/// ```
///
/// Nothing is kept across pages but counts and a 16-byte digest of each cursor or link followed
/// (cursors are refused past 4 KiB), so memory stays small however many
/// pages come.
public struct PageWalker: Sendable {
    /// What comes after a page.
    public enum Step: Hashable, Sendable {
        /// Ask for this page next.
        case next(PageRequest)
        /// The walk is over.
        case finished(Stop)
    }

    /// Why a walk ended.
    public enum Stop: Hashable, Sendable, CustomStringConvertible {
        /// The last page came: the reason in words ("no next link", "all 612 items").
        case lastPage(String)
        /// The page limit was reached while more pages were announced or possible.
        case limit(Int)
        /// The page failed (business or HTTP); its status and outcome are in its exchange.
        case failure(ExchangeOutcome)
        /// A cursor, link or page came back that was already followed, or a cursor is absurdly long:
        /// the API loops or misbehaves.
        case loop(String)
        /// The next link leads to another origin (its host named, never its query, which may carry a
        /// key); it is not followed, so credentials stay put.
        case foreignLink(String)
        /// The items path selects nothing in a successful page.
        case missingItems(ProfilePath)

        /// Whether every page was fetched: the walk reached the last page.
        public var isComplete: Bool { if case .lastPage = self { true } else { false } }

        /// The reason in words: `last page: all 95 items`, `stopped: the cursor 'c-again' came back (the API loops)`.
        public var description: String {
            switch self {
            case .lastPage(let reason): "last page: \(reason)"
            case .limit(let pages): "stopped at the page limit (\(pages) pages)"
            case .failure(let outcome): "stopped: the page was a \(outcome.rawValue)"
            case .loop(let what): "stopped: \(what) came back (the API loops)"
            case .foreignLink(let host): "stopped: the next link goes to another origin (\(host)); not followed"
            case .missingItems(let path): "stopped: the items path '\(path)' selects nothing"
            }
        }
    }

    /// One page's items and what comes next.
    public struct Page: Sendable {
        /// The page's items: the elements of an array model, or the model itself.
        public let items: [JSONNode]
        /// What comes next.
        public let step: Step
    }

    /// The declaration walked.
    public let pagination: Pagination
    /// The most pages this walk fetches.
    public let limit: Int
    /// Pages seen so far.
    public private(set) var pagesFetched = 0
    /// Items seen so far.
    public private(set) var itemsSeen = 0
    /// The total number of items, once a page said it.
    public private(set) var totalItems: Int?
    /// The total number of pages of the whole list, once a page said it or the total and the page
    /// size give it.
    public private(set) var totalPages: Int?

    private var pageSize: Int?
    /// The page size the call asked for: what the server's page numbers count in.
    private let requestedSize: Int?
    private var number: Int
    private let firstNumber: Int
    private var offset: Int
    private let firstOffset: Int
    /// The page number and offset of the page last read (the next request's are already ahead).
    private var read: (number: Int, offset: Int) = (0, 0)
    /// Digests of the links and cursors followed: a loop guard whose memory does not grow with
    /// what a server puts in them.
    private var followed: Set<FollowedDigest> = []
    private var previousFingerprint: Int?

    /// Why a walk cannot start with these parameters: a page number, offset or page size that is
    /// not a whole number in its range; `nil` when it can.
    ///
    /// ```swift
    /// PageWalker.problem(pagination: pages, parameters: ["page": "abc"])
    /// // "the page parameter 'page' is 'abc', not a whole number in 0...1000000000"
    /// ```
    ///
    /// - Parameters:
    ///   - pagination: How the endpoint pages.
    ///   - parameters: The call's parameters, defaults included.
    public static func problem(pagination: Pagination, parameters: [String: String]) -> String? {
        var checks: [(role: String, name: String, range: ClosedRange<Int>)] = []
        switch pagination.style {
        case .page(let name, _): checks.append(("page", name, InputRanges.pageNumber))
        case .offset(let name): checks.append(("offset", name, InputRanges.pageOffset))
        case .link, .cursor, .nextURL: break
        }
        if let size = pagination.sizeParameter { checks.append(("page size", size, InputRanges.pageSize)) }
        for check in checks {
            guard let text = parameters[check.name] else { continue }
            guard let value = Int(text), check.range.contains(value) else {
                return "the \(check.role) parameter '\(check.name)' is '\(text.prefix(40))', not a whole number in "
                    + "\(check.range.lowerBound)...\(check.range.upperBound)"
            }
        }
        return nil
    }

    /// Starts a walk. Values outside their ranges (see ``problem(pagination:parameters:)``) are
    /// ignored here; check them first to tell the user.
    ///
    /// - Parameters:
    ///   - pagination: How the endpoint pages.
    ///   - parameters: The call's parameters, defaults included (the first page, the page size).
    ///   - limit: The most pages; `nil` for the declaration's `max_pages`.
    public init(pagination: Pagination, parameters: [String: String], limit: Int? = nil) {
        self.pagination = pagination
        self.limit = max(1, min(limit ?? pagination.maxPages, pagination.maxPages))
        func value(_ name: String?, in range: ClosedRange<Int>) -> Int? {
            name.flatMap { parameters[$0] }.flatMap { Int($0) }.flatMap { range.contains($0) ? $0 : nil }
        }
        pageSize = value(pagination.sizeParameter, in: InputRanges.pageSize)
        requestedSize = pageSize
        switch pagination.style {
        case .page(let parameter, let start):
            number = value(parameter, in: InputRanges.pageNumber) ?? start
            offset = 0
        case .offset(let parameter):
            number = 0
            offset = value(parameter, in: InputRanges.pageOffset) ?? 0
        case .cursor(_, let parameter):
            (number, offset) = (0, 0)
            if let cursor = parameters[parameter] { followed.insert(FollowedDigest(cursor)) }
        case .link, .nextURL:
            (number, offset) = (0, 0)
        }
        (firstNumber, firstOffset) = (number, offset)
        read = (number, offset)
    }

    /// The page the walk is at, counted in the whole list from 1 where the style tells (a walk from
    /// `page=4` is at page 4), else the pages fetched.
    public var currentPage: Int {
        switch pagination.style {
        case .page(_, let start): return read.number - start + 1
        case .offset:
            guard let size = requestedSize ?? pageSize, size > 0 else { return pagesFetched }
            return read.offset / size + 1
        default: return pagesFetched
        }
    }

    /// The items the walk skipped by starting later than the first page: a walk from page 4 of 25
    /// items has the total in reach after 20 items of 95.
    private var itemsBefore: Int {
        switch pagination.style {
        case .page(_, let start):
            let size = requestedSize ?? pageSize ?? 0
            let (skipped, overflow) = max(firstNumber - start, 0).multipliedReportingOverflow(by: size)
            return overflow ? Int.max / 2 : skipped
        case .offset: return firstOffset
        default: return 0
        }
    }

    /// Reads one page's exchange: its items, and the next request or why the walk is over.
    ///
    /// - Parameter exchange: The page's exchange.
    public mutating func advance(after exchange: APIExchange) -> Page {
        pagesFetched += 1
        read = (number, offset)
        if pagesFetched == 1, pagination.style.followsURLs { followed.insert(FollowedDigest(exchange.request.url)) }
        guard exchange.evaluation.outcome == .success else {
            return Page(items: [], step: .finished(.failure(exchange.evaluation.outcome)))
        }
        let root = exchange.evaluation.body
        let itemsPath = pagination.items ?? exchange.evaluation.modelPath
        guard let selected = root.flatMap({ itemsPath.select(in: $0) }) else {
            return Page(items: [], step: .finished(.missingItems(itemsPath)))
        }
        let items: [JSONNode] =
            switch selected.kind {
            case .array: Array(selected.elements)
            case .null: []
            default: [selected]
            }
        itemsSeen += items.count
        if pagesFetched == 1, !items.isEmpty {
            // A server that caps the page size below the one asked for sends fewer: its first page
            // says what a full page is, so a later page is short only against that.
            if let asked = pageSize, items.count < asked { pageSize = items.count }
            if pageSize == nil { pageSize = items.count }
        }
        if let root {
            if let path = pagination.total, let total = Self.count(path.select(in: root)) { totalItems = total }
            if let path = pagination.totalPages, let pages = Self.count(path.select(in: root)) { totalPages = pages }
        }
        if pagination.totalPages == nil, let totalItems, let pageSize {
            totalPages = totalItems / pageSize + (totalItems % pageSize == 0 ? 0 : 1)
        }
        return Page(items: items, step: nextStep(exchange: exchange, root: root, items: items))
    }

    private mutating func nextStep(exchange: APIExchange, root: JSONNode?, items: [JSONNode]) -> Step {
        if let path = pagination.hasMore, let root, let more = Self.flag(path.select(in: root)), !more {
            return .finished(.lastPage("\(path) is false"))
        }
        if let totalItems, itemsBefore.addingReportingOverflow(itemsSeen).partialValue >= totalItems {
            return .finished(.lastPage("all \(totalItems) items"))
        }
        if items.isEmpty, !pagination.style.isCursor { return .finished(.lastPage("an empty page")) }
        if let totalPages, pagination.totalPages != nil, currentPage >= totalPages {
            return .finished(.lastPage("page \(currentPage) of \(totalPages)"))
        }
        var next = PageRequest()
        switch pagination.style {
        case .link(let relation):
            let links = LinkHeader(exchange.response.headers.filter { $0.name.lowercased() == "link" }.map(\.value))
            guard let target = links.target(relation: relation) else {
                return .finished(.lastPage("no '\(relation)' link"))
            }
            guard let url = Self.resolve(target, against: exchange.request.url) else {
                return .finished(.foreignLink(Self.host(of: target)))
            }
            guard followed.insert(FollowedDigest(url)).inserted else { return .finished(.loop("the next link")) }
            next.url = url
        case .nextURL(let path):
            guard let root, let node = path.select(in: root), let target = node.stringValue, !target.isEmpty else {
                return .finished(.lastPage("no next URL at \(path)"))
            }
            guard let url = Self.resolve(target, against: exchange.request.url) else {
                return .finished(.foreignLink(Self.host(of: target)))
            }
            guard followed.insert(FollowedDigest(url)).inserted else { return .finished(.loop("the next URL")) }
            next.url = url
        case .cursor(let path, let parameter):
            guard let root, let node = path.select(in: root), let cursor = Self.text(node), !cursor.isEmpty else {
                return .finished(.lastPage(items.isEmpty ? "an empty page" : "no next cursor"))
            }
            guard cursor.utf8.count <= InputRanges.cursorBytes else {
                return .finished(.loop("a cursor of \(cursor.utf8.count) bytes (over \(InputRanges.cursorBytes))"))
            }
            guard followed.insert(FollowedDigest(cursor)).inserted else {
                return .finished(.loop("the cursor '\(cursor.prefix(40))'"))
            }
            next.parameters[parameter] = cursor
        case .page(let parameter, _):
            if isShort(items) { return .finished(.lastPage("a short page (\(items.count) items)")) }
            if repeatsPreviousPage(items) { return .finished(.loop("the same items as the page before")) }
            guard number < InputRanges.pageNumber.upperBound else { return .finished(.limit(pagesFetched)) }
            number += 1
            next.parameters[parameter] = String(number)
        case .offset(let parameter):
            if isShort(items) { return .finished(.lastPage("a short page (\(items.count) items)")) }
            if repeatsPreviousPage(items) { return .finished(.loop("the same items as the page before")) }
            let (moved, overflow) = offset.addingReportingOverflow(items.count)
            guard !overflow, InputRanges.pageOffset.contains(moved) else { return .finished(.limit(pagesFetched)) }
            offset = moved
            next.parameters[parameter] = String(offset)
        }
        if pagesFetched >= limit { return .finished(.limit(limit)) }
        return .next(next)
    }

    /// Whether a page has fewer items than the page size, when nothing more authoritative says more follow.
    private func isShort(_ items: [JSONNode]) -> Bool {
        guard pagination.hasMore == nil, pagination.total == nil, pagination.totalPages == nil,
            pagination.sizeParameter != nil, let pageSize
        else { return false }
        return items.count < pageSize
    }

    /// A count in the body: a non-negative integer, or a string of one (`"612"`).
    static func count(_ node: JSONNode?) -> Int? {
        guard let node else { return nil }
        let number = node.numberValue ?? node.stringValue.flatMap { JSONNumber($0) }
        guard let value = number?.int, value >= 0 else { return nil }
        return value
    }

    /// A flag in the body: a bool, `"true"`/`"false"`, or 0/1.
    static func flag(_ node: JSONNode?) -> Bool? {
        guard let node else { return nil }
        if let bool = node.boolValue { return bool }
        if let text = node.stringValue?.lowercased() {
            switch text {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        }
        if let number = node.numberValue { return number.numericallyCompare(JSONNumber(0)) != .equal }
        return nil
    }

    /// A cursor: a string as it is, a number as its JSON text.
    private static func text(_ node: JSONNode) -> String? {
        switch node.kind {
        case .string: node.stringValue
        case .number: node.numberValue?.text
        default: nil
        }
    }

    /// Whether a page has the items of the one before (a server ignoring the page number); only
    /// page and offset walks ask, as links and cursors have their own guard.
    private mutating func repeatsPreviousPage(_ items: [JSONNode]) -> Bool {
        let fingerprint = Self.fingerprint(items)
        defer { previousFingerprint = fingerprint }
        return fingerprint == previousFingerprint
    }

    /// A page's items, summed up to tell a page that repeats the one before.
    private static func fingerprint(_ items: [JSONNode]) -> Int {
        var hasher = Hasher()
        hasher.combine(items.count)
        for item in items { hasher.combine(item.jsonText()) }
        return hasher.finalize()
    }

    /// The host a link names, for a message that must not repeat its query (it may carry a key).
    static func host(of target: String) -> String {
        URL(string: target)?.host ?? "a relative link that does not resolve"
    }

    /// A link's target made absolute against the page's URL; `nil` when it leaves the page's origin.
    package static func resolve(_ target: String, against base: String) -> String? {
        guard let baseURL = URL(string: base), let url = URL(string: target, relativeTo: baseURL)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == baseURL.scheme?.lowercased(),
            url.host?.lowercased() == baseURL.host?.lowercased(), url.port == baseURL.port
        else { return nil }
        return url.absoluteString
    }
}

/// The first 16 bytes of a cursor's or link's SHA-256: what the loop guard remembers of it.
struct FollowedDigest: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    init(_ text: String) {
        let digest = Array(SHA256.hash(data: Array(text.utf8)))
        var (high, low): (UInt64, UInt64) = (0, 0)
        for byte in digest[0..<8] { high = high << 8 | UInt64(byte) }
        for byte in digest[8..<16] { low = low << 8 | UInt64(byte) }
        (self.high, self.low) = (high, low)
    }
}
