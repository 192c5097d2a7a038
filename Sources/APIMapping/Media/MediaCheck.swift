/// What a response's `Content-Type` claims next to what its bytes show, and whether the difference is one a
/// person should be told about.
///
/// Servers mislabel bodies all the time, and most mislabels are harmless: JSON sent as `text/plain`, XHTML
/// sent as `application/xml`. ``disagrees`` flags only the ones that mislead: JSON sent as `text/html` (a
/// proxy's error page answering in place of the API, or the reverse), an HTML error page sent as
/// `application/json`, a JPEG sent as `image/png`, binary sent as text.
///
/// ```swift
/// let check = MediaCheck(bytes: Array("<!doctype html><title>502</title>".utf8),
///                        contentType: "application/json")
/// check.declared   // .json
/// check.detected   // .html
/// check.disagrees  // true
/// ```
public struct MediaCheck: Sendable, Hashable {
    /// The kind the `Content-Type` header claims; `nil` when it claims nothing (see ``MediaKind/declared(_:)``).
    public let declared: MediaKind?
    /// The kind the body's first bytes show (see ``MediaKind/sniff(_:)``).
    public let detected: MediaKind

    /// Compares a body with its `Content-Type`, reading at most the body's first 4096 bytes.
    ///
    /// ```swift
    /// MediaCheck(bytes: [0xFF, 0xD8, 0xFF, 0xE0], contentType: "image/png").disagrees  // true
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The response body.
    ///   - contentType: The `Content-Type` header's value, or `nil` when the response had none.
    public init(bytes: some Collection<UInt8>, contentType: String?) {
        self.init(declared: MediaKind.declared(contentType), detected: MediaKind.sniff(bytes))
    }

    /// Pairs kinds already worked out, for a caller that sniffed the body once for other reasons.
    ///
    /// ```swift
    /// MediaCheck(declared: .text, detected: .json).disagrees  // false
    /// ```
    ///
    /// - Parameters:
    ///   - declared: The claimed kind, `nil` for a header that claims nothing.
    ///   - detected: The sniffed kind.
    public init(declared: MediaKind?, detected: MediaKind) {
        self.declared = declared
        self.detected = detected
    }

    /// Whether the header and the bytes disagree in a way worth showing.
    ///
    /// Never for a header that claims nothing, an empty body (a `204` or a `HEAD` keeps its
    /// `Content-Type`), or a declared `.binary` (an opaque type such as `audio/mpeg` may hold anything).
    /// Otherwise the kinds must match, with these allowances, all for bodies a viewer still shows correctly:
    ///
    /// | Declared | Also accepts                         | Why                                                   |
    /// |----------|--------------------------------------|-------------------------------------------------------|
    /// | `.text`  | `.json`, `.xml`, `.html`             | structured text is text                               |
    /// | `.json`  | `.text`                              | a JSON scalar (`42`, `"ok"`, `null`) sniffs as text   |
    /// | `.xml`   | `.html`                              | XHTML is XML; the HTML tag list is a heuristic        |
    /// | `.html`  | `.xml`, `.text`                      | HTML may open with `<?xml`, a custom tag, or text     |
    ///
    /// A different image format than declared does disagree: the picture still draws, but the label lies.
    ///
    /// ```swift
    /// MediaCheck(declared: .json, detected: .html).disagrees  // true
    /// MediaCheck(declared: .html, detected: .json).disagrees  // true
    /// MediaCheck(declared: .text, detected: .binary).disagrees  // true
    /// MediaCheck(declared: .xml, detected: .html).disagrees   // false
    /// ```
    public var disagrees: Bool {
        guard let declared, declared != detected, detected != .empty else { return false }
        switch declared {
        case .binary, .empty: return false
        case .text: return !detected.isText
        case .json: return detected != .text
        case .xml: return detected != .html
        case .html: return detected != .xml && detected != .text
        case .png, .jpeg, .gif, .webp, .bmp, .pdf, .zip, .gzip: return true
        }
    }
}
