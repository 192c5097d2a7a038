import APIHTTP
import Foundation

/// What a user changed in a resolved request before sending it: the method, the URL, the query
/// items, the headers and the body (the terminal UI's edit form, `r` on a history row).
///
/// An edit never needs a secret's value: an item the user did not touch is ``Value/kept``, and
/// takes the value of the same-named item of the request the edit is applied to. So the same edit
/// sends the real request (applied to the resolved one) and prints a curl line (applied to the
/// shell template, where the kept value is `${TOKEN}`).
///
/// ```swift
/// var edit = RequestEdit()
/// edit.query = [.init(name: "id", value: .text("1002")), .init(name: "api_key", value: .kept)]
/// edit.headers = [.init(name: "X-Trace", value: .text("on"))]
/// var options = CallOptions()
/// options.edit = edit
/// let exchange = try await client.call(profile: demo, endpoint: "user", options: options)
/// ```
public struct RequestEdit: Sendable, Hashable {
    /// The value of an edited item.
    public enum Value: Sendable, Hashable {
        /// This text.
        case text(String)
        /// The value the request had for the same-named item (the first not yet taken); the item is
        /// dropped when it had none.
        case kept
    }

    /// A query item or a header, in order.
    public struct Item: Sendable, Hashable {
        /// The name (header names compare case-insensitively).
        public var name: String
        /// The value.
        public var value: Value

        /// Creates an item.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - value: The value, or ``Value/kept``.
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The method; `nil` keeps the request's.
    public var method: String?
    /// The URL without its query (`https://api.example.com/users/7`); `nil` keeps the request's.
    public var url: String?
    /// Every query item, in order; `nil` keeps the request's query as it is.
    public var query: [Item]?
    /// Every header, in order; `nil` keeps the request's headers.
    public var headers: [Item]?
    /// The body; `nil` keeps the request's.
    public var body: [UInt8]?

    /// An edit that changes nothing.
    public init(
        method: String? = nil, url: String? = nil, query: [Item]? = nil, headers: [Item]? = nil, body: [UInt8]? = nil
    ) {
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
    }
}

extension ResolvedRequest {
    /// This request with an edit applied: kept items take this request's values, unless the edit
    /// moves the request to another origin, where kept items (the secrets the form never showed)
    /// are left out.
    ///
    /// ```swift
    /// request.url                     // https://x.test/users/7?api_key=k&page=1
    /// request.applying(RequestEdit(query: [.init(name: "page", value: .text("2")),
    ///                                      .init(name: "api_key", value: .kept)])).url
    /// // https://x.test/users/7?page=2&api_key=k
    /// ```
    ///
    /// - Parameter edit: The edit; `nil` changes nothing.
    public func applying(_ edit: RequestEdit?) -> ResolvedRequest {
        guard let edit else { return self }
        var request = self
        if let method = edit.method?.uppercased(), !method.isEmpty { request.method = method }
        let (base, query) = Self.split(url)
        var newURL = edit.url ?? base
        let keeps =
            ProfileClient.absolute(newURL)?.origin.lowercased() == ProfileClient.absolute(url)?.origin.lowercased()
        if let items = edit.query {
            // Raw item texts, so a kept value stays byte for byte what it was (a stand-in, an encoding).
            var remaining = query.map { part -> (name: String, text: Substring) in
                let name = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let spaced = name.replacing("+", with: " ")
                return (spaced.removingPercentEncoding ?? String(spaced), part)
            }
            var parts: [String] = []
            for item in items {
                switch item.value {
                case .text(let value):
                    parts.append(PercentEncoding.encode(item.name) + "=" + PercentEncoding.encode(value))
                case .kept:
                    if keeps, let index = remaining.firstIndex(where: { $0.name == item.name }) {
                        parts.append(String(remaining.remove(at: index).text))
                    }
                }
            }
            if !parts.isEmpty { newURL += (newURL.contains("?") ? "&" : "?") + parts.joined(separator: "&") }
        } else if !query.isEmpty, keeps {
            newURL += "?" + query.joined(separator: "&")
        }
        request.url = newURL
        if let items = edit.headers {
            var remaining = headers
            request.headers = items.compactMap { item in
                switch item.value {
                case .text(let value):
                    return HTTPHeader(name: item.name, value: value)
                case .kept:
                    guard keeps,
                        let index = remaining.firstIndex(where: { $0.name.lowercased() == item.name.lowercased() })
                    else { return nil }
                    return remaining.remove(at: index)
                }
            }
        } else if !keeps {
            // Headers the edit did not list stay only when they carry no credential.
            let credentials: Set<String> = ["authorization", "proxy-authorization", "cookie"]
            request.headers = headers.filter { header in
                !credentials.contains(header.name.lowercased())
                    && !redaction.secrets.contains { !$0.isEmpty && header.value.contains($0) }
            }
        }
        if let body = edit.body {
            request.body = body
            request.upload = nil
        }
        return request
    }

    /// The URL before its query, and the query's `&`-separated parts as written (the fragment dropped).
    static func split(_ url: String) -> (base: String, query: [Substring]) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), []) }
        let query = rest[rest.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true)
        return (String(rest[..<mark]), query)
    }
}
