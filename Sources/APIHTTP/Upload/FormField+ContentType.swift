extension FormField {
    /// The media type sent in the part's `Content-Type` header, or `nil` when the part has none.
    ///
    /// An explicit ``contentType`` wins. A file's type is otherwise guessed from its path's extension, the way
    /// curl does; text values, including text read from a file, carry no `Content-Type`.
    ///
    /// ```swift
    /// FormField(name: "a", source: .file(path: "x.PNG")).effectiveContentType   // "image/png"
    /// FormField(name: "a", source: .file(path: "x.bin")).effectiveContentType   // "application/octet-stream"
    /// FormField(name: "a", source: .text("hi")).effectiveContentType            // nil
    /// ```
    public var effectiveContentType: String? {
        if let contentType { return contentType }
        guard case .file(let path) = source else { return nil }
        return Self.guessedContentType(forPath: path)
    }

    /// The filename sent in `Content-Disposition`, or `nil` for a text value.
    ///
    /// ```swift
    /// FormField(name: "a", source: .file(path: "/tmp/shots/x.png")).effectiveFilename  // "x.png"
    /// ```
    public var effectiveFilename: String? {
        guard case .file(let path) = source else { return nil }
        if let filename { return filename }
        return path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The media type for a path's extension, compared without case; `application/octet-stream` when unknown.
    static func guessedContentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        let pathExtension = name[name.index(after: dot)...].lowercased()
        return mediaTypesByExtension[pathExtension] ?? "application/octet-stream"
    }

    private static let mediaTypesByExtension: [String: String] = [
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "pdf": "application/pdf",
        "json": "application/json",
        "xml": "application/xml",
        "txt": "text/plain",
        "csv": "text/csv",
        "html": "text/html",
        "zip": "application/zip",
        "gz": "application/gzip",
    ]
}
