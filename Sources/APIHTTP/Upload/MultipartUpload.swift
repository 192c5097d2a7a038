import APIMapping
import NIOCore

/// A `multipart/form-data` request body built from curl-style fields, streamed from disk with a length known
/// up front.
///
/// Creating an upload checks every file (it must exist and be a regular file) and adds up the body's length,
/// so the request can send `Content-Length` instead of chunked encoding. ``chunks(chunkSize:progress:)`` then
/// produces the encoded bytes, reading files in chunks: memory stays constant whatever the files weigh. Part
/// headers are written by multipart-kit's `MultipartSerializer`.
///
/// ```swift
/// let upload = try MultipartUpload(fields: [
///     try FormField(parsing: "title=Holiday"),
///     try FormField(parsing: "photo=@beach.jpg"),
/// ])
/// var request = HTTPClientRequest(url: "http://127.0.0.1:8080/upload")
/// request.method = .POST
/// request.headers.add(name: "Content-Type", value: upload.contentType)
/// request.body = .stream(upload.chunks(), length: .known(Int64(upload.contentLength)))
/// ```
///
/// The body on the wire, for boundary `apiexplore-…`:
///
/// ```text
/// --apiexplore-q3Xo…\r\n
/// Content-Disposition: form-data; name="title"\r\n
/// \r\n
/// Holiday\r\n
/// --apiexplore-q3Xo…\r\n
/// Content-Disposition: form-data; name="photo"; filename="beach.jpg"\r\n
/// Content-Type: image/jpeg\r\n
/// \r\n
/// <the file's bytes>\r\n
/// --apiexplore-q3Xo…--\r\n
/// ```
public struct MultipartUpload: Sendable, Hashable {
    /// The fields, in the order they are sent.
    public let fields: [FormField]
    /// The boundary between parts.
    public let boundary: String
    /// The encoded body's length in bytes, computed from the file sizes when the upload was created.
    public let contentLength: Int
    /// The body in order: header blocks, text values and separators in memory, files by path and size.
    let segments: [Segment]

    /// The request's `Content-Type`: `multipart/form-data; boundary=…`.
    ///
    /// ```swift
    /// upload.contentType  // "multipart/form-data; boundary=apiexplore-q3XoV0Jd8sLr2mZc5bNa7tYw"
    /// ```
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Prepares the body: encodes the part headers and measures every file.
    ///
    /// Files are measured now, and streaming fails if one has changed size since, so the body never
    /// disagrees with `Content-Length`. The boundary is not searched for in the files: a random one of
    /// 24 alphanumerics makes a collision practically impossible.
    ///
    /// ```swift
    /// let upload = try MultipartUpload(fields: fields)                       // random boundary
    /// let fixed = try MultipartUpload(fields: fields, boundary: "TESTBOUNDARY") // for byte-exact tests
    /// ```
    ///
    /// - Parameters:
    ///   - fields: The fields to send; at least one.
    ///   - boundary: The boundary; 1 to 70 of `A-Z a-z 0-9 ' + _ - .`. Random by default.
    /// - Throws: ``MultipartUploadError`` when there are no fields, the boundary is invalid, a content type
    ///   holds a line break, or a file is missing, unreadable or not a regular file.
    public init(fields: [FormField], boundary: String = MultipartUpload.randomBoundary()) throws(MultipartUploadError) {
        guard !fields.isEmpty else { throw MultipartUploadError(.noFields) }
        try Self.validate(boundary: boundary)
        var segments: [Segment] = []
        for field in fields {
            segments.append(.bytes(try Self.headerBlock(for: field, boundary: boundary)))
            switch field.source {
            case .text(let value):
                segments.append(.bytes(ByteBuffer(string: value)))
            case .file(let path), .textFile(let path):
                let size = try FileReader.regularFileSize(atPath: path, fieldName: field.name)
                segments.append(.file(path: path, size: size, fieldName: field.name))
            }
            segments.append(.bytes(Self.partTerminator))
        }
        segments.append(.bytes(try Self.closingDelimiter(boundary: boundary)))
        self.fields = fields
        self.boundary = boundary
        self.segments = segments
        // File sizes come from stat: a sparse file can claim exabytes, so the sum is checked.
        var length = 0
        for segment in segments {
            let (sum, overflow) = length.addingReportingOverflow(segment.count)
            guard !overflow, sum <= InputRanges.uploadBytes else {
                throw MultipartUploadError(.tooLarge(limit: InputRanges.uploadBytes))
            }
            length = sum
        }
        self.contentLength = length
    }

    /// A stretch of the encoded body.
    enum Segment: Sendable, Hashable {
        case bytes(ByteBuffer)
        case file(path: String, size: Int, fieldName: String)

        var count: Int {
            switch self {
            case .bytes(let buffer): buffer.readableBytes
            case .file(_, let size, _): size
            }
        }
    }
}

extension MultipartUpload {
    /// What the form holds, without its text values (which can be secrets): each field's name, and
    /// for a file its name, size and type. History records this in place of the body.
    ///
    /// ```swift
    /// upload.summary  // "multipart/form-data, 2 parts, 20.0 MiB: note (text, 6 B), photo=@cat.png (20.0 MiB, image/png)"
    /// ```
    public var summary: String {
        var described: [String] = []
        var fileSizes = segments.compactMap { segment -> Int? in
            if case .file(_, let size, _) = segment { return size }
            return nil
        }.makeIterator()
        for field in fields {
            switch field.source {
            case .text(let value):
                described.append("\(field.name) (text, \(SizeLimitSyntax.text(value.utf8.count)))")
            case .file, .textFile:
                let size = fileSizes.next().map { SizeLimitSyntax.text($0) } ?? "?"
                let type = field.effectiveContentType.map { ", \($0)" } ?? ""
                let name = field.effectiveFilename.map { "=@\($0)" } ?? " (from a file)"
                described.append("\(field.name)\(name) (\(size)\(type))")
            }
        }
        return "multipart/form-data, \(fields.count) part\(fields.count == 1 ? "" : "s"), "
            + "\(SizeLimitSyntax.text(contentLength)): " + described.joined(separator: ", ")
    }
}
