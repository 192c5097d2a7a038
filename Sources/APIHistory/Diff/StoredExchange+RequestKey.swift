/// What a request was, as history stored it: its method, URL (path and query parameters, secrets
/// masked) and body. Two exchanges of one endpoint with the same key asked the same question, so
/// a value that differs between their answers changed by itself; with different keys it may differ
/// because the question did (`user id=1001` and `user id=1002`).
///
/// ```swift
/// let a = try await store.exchange(id: 12)!.requestKey  // GET …/users/1001
/// let b = try await store.exchange(id: 14)!.requestKey  // GET …/users/1002
/// a == b  // false: a diff of #12 and #14 detects no volatile paths
/// ```
public struct RequestKey: Sendable, Hashable, CustomStringConvertible {
    /// The method.
    public let method: String
    /// The URL as stored.
    public let url: String
    /// The request body as stored, if any.
    public let body: [UInt8]?

    /// `GET http://…/users/1001` (and ` with a body of N bytes` when there was one).
    public var description: String {
        "\(method) \(url)" + (body.map { $0.isEmpty ? "" : " with a body of \($0.count) bytes" } ?? "")
    }
}

extension StoredExchange {
    /// The request this exchange answered (see ``RequestKey``).
    public var requestKey: RequestKey {
        RequestKey(method: entry.method, url: entry.url, body: requestBody)
    }
}
