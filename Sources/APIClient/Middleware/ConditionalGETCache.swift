import Synchronization

/// Reuses a stored response when the server answers `304 Not Modified`.
///
/// A `200` answer to a `GET` that carries `ETag` or `Last-Modified` is kept (up to
/// ``maximumEntries`` responses and ``maximumBytes`` of bodies, oldest dropped first). The next
/// `GET` of the same URL is sent with `If-None-Match` / `If-Modified-Since`; on `304` the stored
/// response is returned with the 304's timing and an `apiexplore-cache: revalidated` header, so
/// the reuse is visible, never silent.
///
/// ```swift
/// let cache = ConditionalGETCache()
/// let chain = MiddlewareChain([cache], transport: transport)
/// ```
public final class ConditionalGETCache: Middleware {
    /// The header added to a response served from the cache after a `304`.
    public static let revalidatedHeader = (name: "apiexplore-cache", value: "revalidated")

    /// The most responses kept.
    public let maximumEntries: Int
    /// The most body bytes kept in all.
    public let maximumBytes: Int

    private struct Entry {
        var response: HTTPResponseRecord
        var etag: String?
        var lastModified: String?
    }

    private let entries = Mutex<[(url: String, entry: Entry)]>([])

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumEntries: The most responses kept.
    ///   - maximumBytes: The most body bytes kept in all.
    public init(maximumEntries: Int = 256, maximumBytes: Int = 32 << 20) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        guard request.method.uppercased() == "GET" else { return try await next(request) }
        let cached = entries.withLock { list in list.last { $0.url == request.url }?.entry }
        var conditional = request
        if let cached, request.header("If-None-Match") == nil, request.header("If-Modified-Since") == nil {
            if let etag = cached.etag { conditional.headers.append((name: "If-None-Match", value: etag)) }
            if let date = cached.lastModified { conditional.headers.append((name: "If-Modified-Since", value: date)) }
        }
        let response = try await next(conditional)
        if response.status == 304, let cached, conditional.headers.count > request.headers.count {
            var reused = cached.response
            reused.timing = response.timing
            reused.headers.append(Self.revalidatedHeader)
            return reused
        }
        store(response, for: request.url)
        return response
    }

    private func store(_ response: HTTPResponseRecord, for url: String) {
        let etag = response.header("ETag")
        let lastModified = response.header("Last-Modified")
        guard response.status == 200, etag != nil || lastModified != nil, response.body.count <= maximumBytes else {
            return
        }
        entries.withLock { list in
            list.removeAll { $0.url == url }
            list.append((url, Entry(response: response, etag: etag, lastModified: lastModified)))
            var bytes = list.reduce(0) { $0 + $1.entry.response.body.count }
            while list.count > maximumEntries || bytes > maximumBytes {
                bytes -= list.removeFirst().entry.response.body.count
            }
        }
    }
}
