/// What ``HARImport`` keeps from captured traffic.
///
/// ```swift
/// var options = HARImportOptions()
/// options.includeCookies = true          // keep Cookie headers, as ${env:…} placeholders
/// options.skippedHeaders.insert("x-request-id")
/// ```
public struct HARImportOptions: Hashable, Sendable {
    /// Whether `Cookie` headers are kept (as `${env:NAME_COOKIE}`); by default they are dropped with a comment.
    public var includeCookies = false
    /// Whether only API calls are kept: entries a browser marks as documents, scripts, styles, images or
    /// fonts (`_resourceType`), static files (`.js`, `.css`, `.png`, …) and CORS preflights (`OPTIONS`) are skipped.
    public var apiCallsOnly = true
    /// Header names dropped (lower-case; a trailing `*` matches a prefix). HTTP/2 pseudo-headers (`:authority`)
    /// are always dropped.
    public var skippedHeaders: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "te", "transfer-encoding", "upgrade",
        "proxy-connection", "accept-encoding", "priority", "upgrade-insecure-requests", "sec-*", "user-agent",
        "origin", "referer", "dnt", "pragma", "cache-control", "accept-language", "if-none-match",
        "if-modified-since",
    ]

    /// Creates the default options.
    public init() {}

    func skips(_ header: String) -> Bool {
        let name = header.lowercased()
        if name.hasPrefix(":") || skippedHeaders.contains(name) { return true }
        return skippedHeaders.contains { $0.hasSuffix("*") && name.hasPrefix($0.dropLast()) }
    }
}
