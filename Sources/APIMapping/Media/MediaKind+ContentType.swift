extension MediaKind {
    /// The kind a `Content-Type` header claims, or `nil` when it claims nothing that can be checked.
    ///
    /// Parameters (`; charset=utf-8`), letter case and surrounding whitespace are ignored. Structured
    /// suffixes count (`application/problem+json` is JSON, `image/svg+xml` is XML), `text/html` is HTML, any
    /// other `text/*` and the common textual `application/*` types (JavaScript, form data, YAML, CSV) are
    /// text. Audio, video, fonts and image formats without a kind of their own are `.binary`.
    ///
    /// `nil` means the header says nothing: it is missing, empty, malformed, `application/octet-stream`
    /// (which servers send when they do not know), or an `application/*` type this table does not know.
    ///
    /// ```swift
    /// MediaKind.declared("application/vnd.api+json; charset=UTF-8")  // .json
    /// MediaKind.declared(" Text/CSV ")                               // .text
    /// MediaKind.declared("image/jpg")                                // .jpeg
    /// MediaKind.declared("application/octet-stream")                 // nil
    /// MediaKind.declared(nil)                                        // nil
    /// ```
    ///
    /// - Parameter contentType: The header's value as received, or `nil` when there was none.
    /// - Returns: The claimed kind, or `nil` when the header says nothing checkable.
    public static func declared(_ contentType: String?) -> MediaKind? {
        guard let contentType else { return nil }
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let mediaType = essence.trimmingWhitespace().lowercased()
        let parts = mediaType.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        let (type, subtype) = (String(parts[0]), String(parts[1]))
        if let kind = exactTypes[mediaType] {
            return kind
        }
        if subtype == "json" || subtype.hasSuffix("+json") { return .json }
        if subtype == "xml" || subtype.hasSuffix("+xml") { return .xml }
        switch type {
        case "text": return .text
        case "image", "audio", "video", "font", "model": return .binary
        default: return nil
        }
    }

    private static let exactTypes: [String: MediaKind] = [
        "text/html": .html,
        "application/x-ndjson": .json,
        "application/ndjson": .json,
        "image/png": .png,
        "image/apng": .png,
        "image/jpeg": .jpeg,
        "image/jpg": .jpeg,
        "image/pjpeg": .jpeg,
        "image/gif": .gif,
        "image/webp": .webp,
        "image/bmp": .bmp,
        "image/x-bmp": .bmp,
        "image/x-ms-bmp": .bmp,
        "application/pdf": .pdf,
        "application/zip": .zip,
        "application/x-zip-compressed": .zip,
        "application/gzip": .gzip,
        "application/x-gzip": .gzip,
        "application/javascript": .text,
        "application/x-javascript": .text,
        "application/ecmascript": .text,
        "application/x-www-form-urlencoded": .text,
        "application/yaml": .text,
        "application/x-yaml": .text,
        "application/toml": .text,
        "application/csv": .text,
        "application/sql": .text,
        "application/graphql": .text,
    ]
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
