/// The format and pixel size of an image, read from its header without decoding it.
///
/// Reads PNG, GIF, JPEG, WebP (lossy, lossless and extended) and BMP. The body is outside input, so every
/// read is bounds-checked and no arithmetic can trap: a truncated, zero-sized or malformed header gives
/// `nil`, never a crash. Dimensions are reported once the header that holds them is complete (PNG's `IHDR`
/// data, GIF's logical screen descriptor, JPEG's whole frame header, BMP's whole DIB header).
///
/// ```swift
/// let info = ImageInfo(bytes: body)  // a 640×480 PNG
/// info?.kind         // .png
/// info?.width        // 640
/// info?.height       // 480
/// info?.description  // "PNG 640×480"
/// ```
public struct ImageInfo: Sendable, Hashable, CustomStringConvertible {
    /// The image format: one of the kinds for which ``MediaKind/isImage`` is `true`.
    public let kind: MediaKind
    /// The width in pixels, at least 1.
    public let width: Int
    /// The height in pixels, at least 1. A bottom-up or top-down BMP reports the same positive height.
    public let height: Int

    /// Reads the format and size from an image's header, or `nil` when the bytes are no image this can
    /// measure.
    ///
    /// JPEG markers are walked until the first frame header, so a JPEG with large metadata segments is read
    /// further than other formats, never past the end of `bytes`. EXIF orientation is not applied: the size
    /// is the stored one. An array or array slice is read in place; any other collection is copied first.
    ///
    /// ```swift
    /// ImageInfo(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])  // nil: a signature, no IHDR
    /// ```
    ///
    /// - Parameter bytes: The image file, or at least its header.
    public init?(bytes: some Collection<UInt8>) {
        let slice: ArraySlice<UInt8> =
            if let array = bytes as? [UInt8] {
                array[...]
            } else if let slice = bytes as? ArraySlice<UInt8> {
                slice
            } else {
                ArraySlice(bytes)
            }
        guard let info = Self.parse(ImageBytes(slice)) else { return nil }
        self = info
    }

    init?(kind: MediaKind, width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// The format's usual name and the size, as a status line shows it.
    ///
    /// ```swift
    /// ImageInfo(bytes: webp)?.description  // "WebP 1024×768"
    /// ```
    public var description: String {
        let name =
            switch kind {
            case .png: "PNG"
            case .jpeg: "JPEG"
            case .gif: "GIF"
            case .webp: "WebP"
            case .bmp: "BMP"
            default: kind.rawValue.uppercased()
            }
        return "\(name) \(width)×\(height)"
    }
}
