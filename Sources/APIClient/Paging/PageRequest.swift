import APIHTTP
import Foundation

/// What one page's request changes in the call it continues.
///
/// ```swift
/// var next = PageRequest()
/// next.parameters["page"] = "3"                          // on the query unless the endpoint places it
/// next.url = "https://api.github.com/user/repos?page=3"  // a Link header's target
/// ```
public struct PageRequest: Hashable, Sendable {
    /// Values for the endpoint's parameters and its paging parameters, over the call's.
    public var parameters: [String: String] = [:]
    /// An absolute URL replacing the resolved one (a `Link` header's target).
    public var url: String?

    /// A request that changes nothing: the first page.
    public init() {}
}

extension ResolvedRequest {
    /// This request with its URL replaced by the page's link, if it has one.
    ///
    /// A replacing URL keeps the profile's `auth.query` item (`?api_key=…`) when the link lacks it.
    ///
    /// - Parameters:
    ///   - page: What the page changes.
    ///   - authQuery: The name of the profile's `auth.query` item, if it has one.
    package func applying(_ page: PageRequest, authQuery: String?) -> ResolvedRequest {
        var request = self
        if let url = page.url {
            let key = authQuery.flatMap { name in URLQuery.items(of: self.url).last { $0.name == name } }
            request.url = url
            if let key, !URLQuery.items(of: url).contains(where: { $0.name == key.name }) {
                request.url = URLQuery.setting([key], in: url)
            }
        }
        return request
    }
}

extension ResolvedRequest {
    /// This request with a call's own body in place of the endpoint's, and its content type.
    ///
    /// - Parameter body: The body; `nil` changes nothing.
    package func applying(_ body: BodyOverride?) -> ResolvedRequest {
        guard let body else { return self }
        var request = self
        func setContentType(_ value: String) {
            request.headers.removeAll { $0.name.lowercased() == "content-type" }
            request.headers.append(HTTPHeader(name: "Content-Type", value: value))
        }
        switch body {
        case .bytes(let bytes, let contentType):
            request.body = bytes
            request.upload = nil
            if let contentType { setContentType(contentType) }
        case .declared(let bytes, let fallback):
            let declared =
                request.upload == nil ? request.headers.last { $0.name.lowercased() == "content-type" }?.value : nil
            request.body = bytes
            request.upload = nil
            setContentType(declared ?? fallback)
        case .form(let upload):
            request.body = nil
            request.upload = upload
            setContentType(upload.contentType)
        }
        return request
    }
}

/// Reading and setting the query items of a URL string, keeping everything else as written.
package enum URLQuery {
    /// A query item, not encoded.
    package struct Item: Hashable, Sendable {
        /// The name.
        package var name: String
        /// The value.
        package var value: String

        /// Creates an item.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The query items, names and values percent-decoded (`+` as a space).
    ///
    /// - Parameter url: The URL.
    package static func items(of url: String) -> [URLQuery.Item] {
        let (_, query, _) = split(url)
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacing("+", with: " ")
                return spaced.removingPercentEncoding ?? String(spaced)
            }
            return URLQuery.Item(name: decode(pair[0]), value: pair.count > 1 ? decode(pair[1]) : "")
        }
    }

    /// The URL with these items set: each replaces the items of its name, or is appended.
    ///
    /// - Parameters:
    ///   - items: The items to set.
    ///   - url: The URL.
    package static func setting(_ items: [URLQuery.Item], in url: String) -> String {
        let (base, query, fragment) = split(url)
        var parts = query.map { $0.split(separator: "&", omittingEmptySubsequences: true).map(String.init) } ?? []
        for item in items {
            let encoded = PercentEncoding.encode(item.name) + "=" + PercentEncoding.encode(item.value)
            let matching = parts.indices.filter { index in
                let name = parts[index].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let decoded = name.replacing("+", with: " ")
                return (decoded.removingPercentEncoding ?? String(decoded)) == item.name
            }
            if let first = matching.first {
                parts[first] = encoded
                for index in matching.dropFirst().reversed() { parts.remove(at: index) }
            } else {
                parts.append(encoded)
            }
        }
        var result = String(base)
        if !parts.isEmpty { result += "?" + parts.joined(separator: "&") }
        if let fragment { result += "#" + fragment }
        return result
    }

    private static func split(_ url: String) -> (base: Substring, query: Substring?, fragment: Substring?) {
        var rest = Substring(url)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        guard let mark = rest.firstIndex(of: "?") else { return (rest, nil, fragment) }
        return (rest[..<mark], rest[rest.index(after: mark)...], fragment)
    }
}
