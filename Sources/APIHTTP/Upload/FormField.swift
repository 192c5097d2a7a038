/// One field of a `multipart/form-data` body, as curl's `-F` option describes it.
///
/// A field is a text value, a file streamed from disk, or a text value read from a file. File fields carry
/// the filename and media type sent in the part's headers; both default from the path.
///
/// ```swift
/// let avatar = FormField(name: "avatar", source: .file(path: "me.png"))
/// // Content-Disposition: form-data; name="avatar"; filename="me.png"
/// // Content-Type: image/png
/// let title = try FormField(parsing: "title=Holiday")
/// ```
public struct FormField: Sendable, Hashable {
    /// Where a field's value comes from.
    ///
    /// ```swift
    /// FormField.Source.text("Holiday")        // -F 'title=Holiday'
    /// FormField.Source.file(path: "me.png")   // -F 'avatar=@me.png'
    /// FormField.Source.textFile(path: "bio")  // -F 'bio=<bio'
    /// ```
    public enum Source: Sendable, Hashable {
        /// A text value, sent as it is.
        case text(String)
        /// A file, streamed from disk with a filename and a media type.
        case file(path: String)
        /// A text value whose bytes are read from a file, sent without a filename (curl's `name=<path`).
        case textFile(path: String)
    }

    /// The field name, sent as the `name` parameter of `Content-Disposition`.
    public var name: String
    /// Where the value comes from.
    public var source: Source
    /// The media type given with `;type=`, or `nil` to guess it for files and omit it for text.
    public var contentType: String?
    /// The filename given with `;filename=`, or `nil` to use the last component of a file's path.
    public var filename: String?

    /// Creates a field from its parts.
    ///
    /// ```swift
    /// let field = FormField(name: "doc", source: .file(path: "/tmp/r.bin"), contentType: "application/pdf")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - source: Where the value comes from.
    ///   - contentType: The media type to send instead of the guessed one.
    ///   - filename: The filename to send instead of the path's last component; for `.file` only.
    public init(name: String, source: Source, contentType: String? = nil, filename: String? = nil) {
        self.name = name
        self.source = source
        self.contentType = contentType
        self.filename = filename
    }
}
