import Crypto
public import Foundation
import Synchronization

/// Reuses a stored response when the server answers `304 Not Modified`.
///
/// A `200` answer to a `GET` that carries `ETag` or `Last-Modified` (and not `Cache-Control:
/// no-store`) is kept, without its `Set-Cookie` (up to ``maximumEntries`` responses and
/// ``maximumBytes`` of bodies, oldest dropped first), one per URL and `Accept`, with a hash of the
/// request's credentials (`Authorization`, `Cookie`, headers marked secret): a request with other
/// credentials never sees it. The next such `GET` is sent with `If-None-Match` /
/// `If-Modified-Since`; on `304` the stored response is returned with the 304's timing, its
/// updated validators, and an `apiexplore-cache: revalidated` header, so the reuse is visible,
/// never silent. Any other answer drops the stored entry.
///
/// Given a `directory`, stored responses also go to disk (see `ValidatorStore`: one 0600 file
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

    private struct Kept {
        var response: HTTPResponseRecord
        var etag: String?
        var lastModified: String?
        var credential: String
    }

    private let entries = Mutex<[(key: String, entry: Kept)]>([])
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
        let key = [request.url, request.header("Accept") ?? ""].joined(separator: "\u{0}")
        let credential = Self.credential(of: request)
        let cached =
            (entries.withLock { list in list.last { $0.key == key }?.entry } ?? stored(key))
            .flatMap { $0.credential == credential ? $0 : nil }
        var conditional = request
        if let cached, request.header("If-None-Match") == nil, request.header("If-Modified-Since") == nil {
            if let etag = cached.etag { conditional.headers.append((name: "If-None-Match", value: etag)) }
            if let date = cached.lastModified { conditional.headers.append((name: "If-Modified-Since", value: date)) }
        }
        let response = try await next(conditional)
        if response.status == 304, var reused = cached?.response, conditional.headers.count > request.headers.count {
            // RFC 9111 §4.3.4: the 304's fields replace the stored ones (its new cookies and rate
            // limits included); only the stored body's framing stays.
            for name in Set(response.headers.map { $0.name.lowercased() }) where !Self.framing.contains(name) {
                reused.headers.removeAll { $0.name.lowercased() == name }
                reused.headers += response.headers.filter { $0.name.lowercased() == name }
            }
            store(reused, under: key, credential: credential)
            reused.timing = response.timing
            reused.headers.append(Self.revalidatedHeader)
            reused.servedFromCache = true
            reused.attempts = response.attempts
            return reused
        }
        store(response, under: key, credential: credential)
        return response
    }

    /// Fields that describe the stored body's bytes, which a 304 does not change.
    private static let framing: Set<String> = ["content-length", "content-encoding", "transfer-encoding"]

    /// Who asked: the SHA-256 of every credential the request carries (`Authorization`, `Cookie`
    /// and the headers marked secret, such as a login's `X-Auth-Token`), so one credential never
    /// sees a body stored for another.
    static func credential(of request: HTTPRequestSpec) -> String {
        let names = request.redactedHeaderNames.union(["authorization", "cookie", "proxy-authorization"])
        let values = request.headers.filter { names.contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()):\($0.value)" }.sorted()
        return SHA256.hash(data: Data(values.joined(separator: "\u{0}").utf8)).map { String(format: "%02x", $0) }
            .joined()
    }

    /// The response stored on disk under `key`, if any.
    private func stored(_ key: String) -> Kept? {
        guard let disk else { return nil }
        do {
            guard let entry = try disk.load(key) else { return nil }
            return Kept(
                response: entry.response, etag: entry.etag, lastModified: entry.lastModified,
                credential: entry.credential)
        } catch {
            report(error.description)
            return nil
        }
    }

    /// Whether a response may be kept: a 200 with a validator, not too big, not `no-store`.
    private func isStorable(_ response: HTTPResponseRecord) -> Bool {
        response.status == 200 && (response.header("ETag") != nil || response.header("Last-Modified") != nil)
            && response.body.count <= maximumBytes
            && !(response.header("Cache-Control")?.lowercased().contains("no-store") ?? false)
    }

    /// Keeps a storable response (without its cookies, which belong to the jar), or forgets what
    /// was stored under `key`. One entry per URL: a new credential replaces the old one's body.
    private func store(_ response: HTTPResponseRecord, under key: String, credential: String) {
        var kept = response
        kept.headers.removeAll {
            $0.name.lowercased() == "set-cookie" || $0.name == Self.revalidatedHeader.name
        }
        let storable = isStorable(kept)
        let entry = Kept(
            response: kept, etag: kept.header("ETag"), lastModified: kept.header("Last-Modified"),
            credential: credential)
        if let disk {
            do {
                if storable {
                    let record = ValidatorStore.Record(
                        kept, etag: entry.etag, lastModified: entry.lastModified, credential: credential)
                    // Only a new file can push the folder past its limit: revalidations do not list it.
                    if try disk.save(record, under: key) { try disk.prune(keeping: maximumEntries) }
                } else {
                    try disk.remove(key)
                }
            } catch {
                report(error.description)
            }
        }
        entries.withLock { list in
            list.removeAll { $0.key == key }
            guard storable else { return }
            list.append((key, entry))
            var bytes = list.reduce(0) { $0 + $1.entry.response.body.count }
            while list.count > maximumEntries || bytes > maximumBytes {
                bytes -= list.removeFirst().entry.response.body.count
            }
        }
    }
}
