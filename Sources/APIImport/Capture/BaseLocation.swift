/// Where a profile's base URL points: an origin and a path prefix, and how paths relate to it.
struct BaseLocation {
    var origin: String
    /// `""` or `/v1` (no trailing slash).
    var prefix: String

    init(origin: String, prefix: String) {
        self.origin = origin
        self.prefix = prefix
    }

    init?(_ baseURL: String) {
        guard let url = RequestURL(baseURL) else { return nil }
        origin = url.origin
        prefix = String(url.path.reversed().drop { $0 == "/" }.reversed())
    }

    /// The URL's path after the prefix (`/users`), or `nil` when it is not under this base.
    func relativePath(of url: RequestURL) -> String? {
        guard url.origin == origin else { return nil }
        if url.path == prefix { return "/" }
        guard url.path.hasPrefix(prefix + "/") else { return nil }
        return String(url.path.dropFirst(prefix.count))
    }

    /// The common leading segments of the paths' folders that look like an API root: `api`, `rest`,
    /// a version (`v1`, `v2beta`, `1`, `3.0`), a dated version (`2010-04-01`), or a bot token (`bot123:AA…`).
    static func commonPrefix(of paths: [String]) -> [String] {
        var common: [String]?
        for path in paths {
            let folders = Array(path.split(separator: "/").map(String.init).dropLast())
            guard let current = common else {
                common = folders
                continue
            }
            common = Array(zip(current, folders).prefix { $0 == $1 }.map(\.0))
        }
        return Array((common ?? []).prefix(while: isRootLike))
    }

    static func isRootLike(_ segment: String) -> Bool {
        let lower = segment.lowercased()
        if ["api", "rest", "_api"].contains(lower) || isBotToken(segment) { return true }
        if lower.hasPrefix("v"), lower.dropFirst().first?.isNumber == true, lower.count <= 8 { return true }
        if !lower.isEmpty, lower.allSatisfy({ $0.isNumber || $0 == "." }), lower.count <= 3 { return true }
        let parts = lower.split(separator: "-")
        return (2...3).contains(parts.count) && parts[0].count == 4
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// Telegram's `bot<id>:<secret>` path segment.
    static func isBotToken(_ segment: String) -> Bool {
        guard segment.hasPrefix("bot"), let colon = segment.firstIndex(of: ":") else { return false }
        let id = segment[segment.index(segment.startIndex, offsetBy: 3)..<colon]
        return !id.isEmpty && id.allSatisfy(\.isNumber) && segment.distance(from: colon, to: segment.endIndex) > 10
    }
}
