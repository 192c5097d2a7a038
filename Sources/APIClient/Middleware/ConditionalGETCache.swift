public import Foundation
import Synchronization

/// Reuses a stored response when the server answers `304 Not Modified`.
///
/// A `200` answer to a `GET` that carries `ETag` or `Last-Modified` is kept (up to
/// ``maximumEntries`` responses and ``maximumBytes`` of bodies, oldest dropped first), keyed by
/// the URL and the request's `Accept` and `Authorization` values (so one credential never sees a
/// body stored for another). The next such `GET` is sent with `If-None-Match` /
/// `If-Modified-Since`; on `304` the stored response is returned with the 304's timing, its
/// updated validators, and an `apiexplore-cache: revalidated` header, so the reuse is visible,
/// never silent. Any other answer drops the stored entry.
///
/// With a ``directory``, stored responses also go to disk (see `ValidatorStore`: one 0600 file
/// per key, named by its SHA-256), so the next process revalidates what this one fetched. A file
/// that cannot be read or written costs only the reuse; ``report`` hears why.
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

    private let entries = Mutex<[(key: String, entry: Entry)]>([])
    private let disk: ValidatorStore?
    /// Hears why a stored response could not be read or written.
    public let report: @Sendable (String) -> Void

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumEntries: The most responses kept.
    ///   - maximumBytes: The most body bytes kept in all.
    ///   - directory: Where responses persist between runs; `nil` keeps them in memory only.
    ///   - report: Hears why a stored response could not be read or written.
    public init(
        maximumEntries: Int = 256, maximumBytes: Int = 32 << 20, directory: URL? = nil,
        report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.disk = directory.map { ValidatorStore(directory: $0) }
        self.report = report
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        guard request.method.uppercased() == "GET" else { return try await next(request) }
        let key = [request.url, request.header("Accept") ?? "", request.header("Authorization") ?? ""]
            .joined(separator: "\u{0}")
        let cached = entries.withLock { list in list.last { $0.key == key }?.entry } ?? stored(key)
        var conditional = request
        if let cached, request.header("If-None-Match") == nil, request.header("If-Modified-Since") == nil {
            if let etag = cached.etag { conditional.headers.append((name: "If-None-Match", value: etag)) }
            if let date = cached.lastModified { conditional.headers.append((name: "If-Modified-Since", value: date)) }
        }
        let response = try await next(conditional)
        if response.status == 304, var reused = cached?.response, conditional.headers.count > request.headers.count {
            // The 304's validators and dates replace the stored ones.
            for (name, value) in response.headers
            where ["etag", "last-modified", "date", "cache-control", "expires"]
                .contains(name.lowercased())
            {
                reused.headers.removeAll { $0.name.lowercased() == name.lowercased() }
                reused.headers.append((name: name, value: value))
            }
            store(reused, under: key)
            reused.timing = response.timing
            reused.headers.append(Self.revalidatedHeader)
            reused.servedFromCache = true
            reused.attempts = response.attempts
            return reused
        }
        store(response, under: key)
        return response
    }

    /// The response stored on disk under `key`, if any.
    private func stored(_ key: String) -> Entry? {
        guard let disk else { return nil }
        do {
            guard let entry = try disk.load(key) else { return nil }
            return Entry(response: entry.response, etag: entry.etag, lastModified: entry.lastModified)
        } catch {
            report(error.description)
            return nil
        }
    }

    /// Keeps a storable response, or forgets what was stored under `key`.
    private func store(_ response: HTTPResponseRecord, under key: String) {
        let etag = response.header("ETag")
        let lastModified = response.header("Last-Modified")
        if let disk {
            do {
                if response.status == 200, etag != nil || lastModified != nil, response.body.count <= maximumBytes {
                    var kept = response
                    kept.headers.removeAll { $0.name == Self.revalidatedHeader.name }
                    try disk.save(ValidatorStore.Entry(kept, etag: etag, lastModified: lastModified), under: key)
                } else {
                    try disk.remove(key)
                }
            } catch {
                report(error.description)
            }
        }
        entries.withLock { list in
            list.removeAll { $0.key == key }
            guard response.status == 200, etag != nil || lastModified != nil, response.body.count <= maximumBytes else {
                return
            }
            list.append((key, Entry(response: response, etag: etag, lastModified: lastModified)))
            var bytes = list.reduce(0) { $0 + $1.entry.response.body.count }
            while list.count > maximumEntries || bytes > maximumBytes {
                bytes -= list.removeFirst().entry.response.body.count
            }
        }
    }
}
