/// Why a multipart body could not be prepared or streamed, naming the field and the file involved.
///
/// ```swift
/// do {
///     _ = try MultipartUpload(fields: [FormField(name: "doc", source: .file(path: "/tmp/gone.pdf"))])
/// } catch {
///     print(error)  // form field "doc": file "/tmp/gone.pdf": No such file or directory
/// }
/// ```
public struct MultipartUploadError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case noFields
        case invalidBoundary(String)
        case lineBreakInContentType
        case cannotOpen(reason: String)
        case notRegularFile(kind: String)
        case readFailed(reason: String)
        case changedSize(expected: Int, observed: String)
        case encoding(String)
        case tooLarge(limit: Int)
    }

    let kind: Kind
    /// The name of the field being prepared or sent, when the error concerns one.
    public let fieldName: String?
    /// The file being read, when the error concerns one.
    public let path: String?

    init(_ kind: Kind, fieldName: String? = nil, path: String? = nil) {
        self.kind = kind
        self.fieldName = fieldName
        self.path = path
    }

    /// What is wrong, without the field and the file.
    public var message: String {
        switch kind {
        case .noFields:
            "a multipart body needs at least one field (RFC 2046 §5.1.1)"
        case .invalidBoundary(let boundary):
            "boundary '\(boundary)' must be 1 to 70 of A-Z a-z 0-9 ' + _ - ."
        case .lineBreakInContentType:
            "the content type contains a line break"
        case .cannotOpen(let reason):
            reason
        case .notRegularFile(let kind):
            "not a regular file (\(kind))"
        case .readFailed(let reason):
            "read failed: \(reason)"
        case .changedSize(let expected, let observed):
            "changed size while uploading (Content-Length counted \(expected) bytes, \(observed)); nothing more is sent"
        case .encoding(let detail):
            "multipart encoding failed: \(detail)"
        case .tooLarge(let limit):
            "the form would be over \(limit) bytes, the most an upload sends"
        }
    }

    /// `form field "name": file "path": message`, leaving out what does not apply.
    public var description: String {
        var location: [String] = []
        if let fieldName { location.append("form field \"\(fieldName)\"") }
        if let path { location.append("file \"\(path)\"") }
        return (location + [message]).joined(separator: ": ")
    }
}
