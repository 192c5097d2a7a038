/// What a body is, as far as a viewer cares: structured text it can pretty-print, an image it can draw, or
/// bytes it can only dump.
///
/// A kind comes from two places that can disagree: the `Content-Type` header a server sent
/// (``declared(_:)``) and the first bytes of the body itself (``sniff(_:)``). ``MediaCheck`` compares them.
///
/// ```swift
/// let kind = MediaKind.sniff(Array("{\"id\": 1}".utf8))  // .json
/// kind.mimeType                                           // "application/json"
/// kind.isImage                                            // false
/// ```
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    /// A JSON object or array.
    case json
    /// An XML document (including SVG and other `+xml` types).
    case xml
    /// An HTML page or fragment.
    case html
    /// Readable UTF-8 text that is none of the structured kinds.
    case text
    /// A PNG image.
    case png
    /// A JPEG image.
    case jpeg
    /// A GIF image.
    case gif
    /// A WebP image.
    case webp
    /// A Windows bitmap.
    case bmp
    /// A PDF document.
    case pdf
    /// A ZIP archive (also DOCX, XLSX, JAR and other ZIP containers).
    case zip
    /// A gzip stream.
    case gzip
    /// Bytes that are none of the above.
    case binary
    /// A body of zero bytes.
    case empty

    /// The canonical MIME type for the kind, for a `Content-Type` or a file-save dialog.
    ///
    /// ```swift
    /// MediaKind.png.mimeType     // "image/png"
    /// MediaKind.binary.mimeType  // "application/octet-stream"
    /// ```
    public var mimeType: String {
        switch self {
        case .json: "application/json"
        case .xml: "application/xml"
        case .html: "text/html"
        case .text: "text/plain"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .bmp: "image/bmp"
        case .pdf: "application/pdf"
        case .zip: "application/zip"
        case .gzip: "application/gzip"
        case .binary, .empty: "application/octet-stream"
        }
    }

    /// Whether the kind is a raster image ``ImageInfo`` can measure and a terminal can draw.
    ///
    /// ```swift
    /// MediaKind.webp.isImage  // true
    /// MediaKind.pdf.isImage   // false
    /// ```
    public var isImage: Bool {
        switch self {
        case .png, .jpeg, .gif, .webp, .bmp: true
        default: false
        }
    }

    /// Whether the kind is text a person can read: the structured kinds and plain text.
    var isText: Bool {
        switch self {
        case .json, .xml, .html, .text: true
        default: false
        }
    }
}
