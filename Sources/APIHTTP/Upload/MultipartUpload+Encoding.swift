import MultipartKit
import NIOCore
import NIOHTTP1

/// Part headers and delimiters, written by multipart-kit's `MultipartSerializer`.
///
/// The serializer only takes parts whose bodies are in memory. So each part is serialized with an empty body,
/// which yields `--boundary CRLF headers CRLF CRLF` + `CRLF` + `--boundary-- CRLF`; the header block is that
/// output less the last two pieces, and the file's bytes are streamed between it and the next delimiter.
extension MultipartUpload {
    /// What follows a part's body, before the next delimiter (RFC 2046 makes it part of the delimiter).
    static let partTerminator = ByteBuffer(string: "\r\n")

    /// `--boundary CRLF`, the part's headers, and the blank line before its body.
    static func headerBlock(for field: FormField, boundary: String) throws(MultipartUploadError) -> ByteBuffer {
        var disposition = "form-data; name=\"\(escapedParameter(field.name))\""
        if let filename = field.effectiveFilename {
            disposition += "; filename=\"\(escapedParameter(filename))\""
        }
        var headers = HTTPHeaders([("Content-Disposition", disposition)])
        if let contentType = field.effectiveContentType {
            guard !contentType.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw MultipartUploadError(.lineBreakInContentType, fieldName: field.name)
            }
            headers.add(name: "Content-Type", value: contentType)
        }
        let serialized = try serialize([MultipartPart(headers: headers, body: ByteBuffer())], boundary: boundary)
        var suffix = partTerminator
        var closing = try closingDelimiter(boundary: boundary)
        suffix.writeBuffer(&closing)
        guard serialized.readableBytesView.suffix(suffix.readableBytes).elementsEqual(suffix.readableBytesView),
            let block = serialized.getSlice(
                at: serialized.readerIndex, length: serialized.readableBytes - suffix.readableBytes)
        else {
            throw MultipartUploadError(
                .encoding("MultipartSerializer wrote an unexpected layout"), fieldName: field.name)
        }
        return block
    }

    /// `--boundary-- CRLF`.
    static func closingDelimiter(boundary: String) throws(MultipartUploadError) -> ByteBuffer {
        try serialize([], boundary: boundary)
    }

    private static func serialize(_ parts: [MultipartPart], boundary: String) throws(MultipartUploadError) -> ByteBuffer
    {
        var buffer = ByteBuffer()
        do {
            try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        } catch {
            throw MultipartUploadError(.encoding(String(describing: error)))
        }
        return buffer
    }

    /// A `name` or `filename` value as browsers write it (HTML's form-data encoding, RFC 7578 §4.2): `"` as
    /// `%22`, CR as `%0D`, LF as `%0A`, everything else as UTF-8.
    static func escapedParameter(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
