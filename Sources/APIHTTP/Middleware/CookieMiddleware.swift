public import Foundation
import Synchronization

/// Sends the cookies a ``CookieJar`` holds for each request and keeps the ones responses set.
///
/// With a file, the jar is read when the middleware is made and saved (0600, atomically) after
/// every response that changed it, so cookies outlive the process; session cookies never reach
/// the file. A request that already carries a `Cookie` header is sent as it is.
///
/// ```swift
/// let cookies = try CookieMiddleware(file: "/home/me/.local/state/apiexplore/cookies/shop.json")
/// let chain = MiddlewareChain([cookies], transport: transport)
/// ```
public final class CookieMiddleware: Middleware {
    private let jar: Mutex<CookieJar>
    /// Where the jar persists; `nil` keeps it in memory.
    public let file: String?
    /// Hears what could not be saved and which cookies were refused.
    public let report: @Sendable (String) -> Void

    /// Creates the middleware, reading the jar from `file` when it exists.
    ///
    /// - Parameters:
    ///   - file: Where the jar persists; `nil` keeps it in memory.
    ///   - report: Hears what could not be saved and which cookies were refused.
    /// - Throws: ``CookieJarError`` when the file exists but does not read.
    public init(file: String?, report: @escaping @Sendable (String) -> Void = { _ in }) throws(CookieJarError) {
        self.file = file
        self.report = report
        jar = Mutex(try file.map { path throws(CookieJarError) in try CookieJar.load(from: path) } ?? CookieJar())
    }

    /// The unexpired cookies, for listings.
    public func cookies(now: Date = Date()) -> [Cookie] {
        jar.withLock { $0.cookies(now: now) }
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        var request = request
        if request.header("Cookie") == nil,
            let header = jar.withLock({ jar in jar.cookieHeader(for: request.url, now: Date()) })
        {
            request.headers.append((name: "Cookie", value: header))
        }
        let response = try await next(request)
        let values = response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        guard !values.isEmpty else { return response }
        let file = self.file
        // Saved while the jar is locked, so a later jar is never overwritten by an earlier one.
        let (rejections, saveError) = jar.withLock { jar -> ([CookieRejection], CookieJarError?) in
            let rejections = jar.receive(setCookie: values, from: request.url, now: Date())
            guard let file else { return (rejections, nil) }
            do throws(CookieJarError) {
                try jar.save(to: file)
                return (rejections, nil)
            } catch {
                return (rejections, error)
            }
        }
        for rejection in rejections { report("\(rejection)") }
        if let saveError { report("\(saveError)") }
        return response
    }
}
