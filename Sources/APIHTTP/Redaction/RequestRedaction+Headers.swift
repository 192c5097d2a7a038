extension RequestRedaction {
    /// Header names, lower-case, whose values carry URIs a server issues: `Link` (each `<…>`),
    /// `Location` and `Content-Location`.
    ///
    /// A paging link or a presigned redirect can hold a credential the request never sent
    /// (`<…?page=2&access_token=…>`), so masking the request's own secrets is not enough.
    public static let uriHeaders: Set<String> = ["link", "location", "content-location"]

    /// A header value with the named query parameters (and any user info) masked in every URI it
    /// carries, as ``redact(url:names:)`` masks a request URL; a header outside ``uriHeaders`` is
    /// returned as it is.
    ///
    /// In `Link`, each `<…>` is a URI and the parameters after it are kept byte for byte; an
    /// unclosed `<` masks to the end of the value. `Location` and `Content-Location` are one URI.
    ///
    /// ```swift
    /// RequestRedaction.redact(header: "Link", value: "</items?page=2&access_token=XYZ>; rel=\"next\"")
    /// // "</items?page=2&access_token=••••>; rel=\"next\""
    /// RequestRedaction.redact(header: "Location", value: "https://cdn.test/f?signature=abc")
    /// // "https://cdn.test/f?signature=••••"
    /// ```
    ///
    /// - Parameters:
    ///   - name: The header name, any case.
    ///   - value: The header value.
    ///   - names: The query parameter names to mask, compared without case.
    /// - Returns: The value with those URIs masked.
    public static func redact(header name: String, value: String, names: Set<String> = defaultQueryNames) -> String {
        switch name.lowercased() {
        case "location", "content-location": return redact(url: value, names: names)
        case "link": break
        default: return value
        }
        // Linear: each `<…>` is masked once and everything between is copied.
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            result += rest[...open]
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(of: ">") else {
                return result + redact(url: String(inside), names: names)
            }
            result += redact(url: String(inside[..<close]), names: names)
            rest = inside[close...]
        }
        return result + rest
    }
}
