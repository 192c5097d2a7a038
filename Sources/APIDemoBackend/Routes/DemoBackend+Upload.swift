import APIMapping
import Crypto
import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// `POST /upload`: a `multipart/form-data` body read as it streams in, through multipart-kit's
/// `MultipartParser`, answered with each part's size and SHA-256 in a `code`/`msg`/`data` envelope.
///
/// Only the part being read is held, as a running hash: a 20 MB file costs no more memory than a small one.
///
/// ```text
/// POST /upload  (Content-Type: multipart/form-data; boundary=X)
/// → 200 {"code":0,"msg":"ok","data":{"parts":[{"name":"photo","filename":"a.png","content_type":"image/png",
///        "size":1234,"sha256":"9f86…"}],"total_bytes":1432}}
/// → 400 {"code":40000,"msg":"the body ends before the closing delimiter --X--","data":null}
/// ```
///
/// `total_bytes` counts the request body as received, delimiters and part headers included, so a client can
/// compare it with the `Content-Length` it sent. `name` and `filename` are decoded as the Fetch standard's
/// form-data parser does (`%22`, `%0D`, `%0A` back to `"`, CR, LF).
extension DemoBackend {
    static func addUploadRoutes(to router: Router<DemoRequestContext>) {
        router.post("/upload") { request, _ -> Response in
            do {
                let summary = try await UploadSummary.read(request.body, contentType: request.headers[.contentType])
                return .json(#"{"code":0,"msg":"ok","data":\#(summary.jsonText)}"#)
            } catch let rejection as UploadRejection {
                return .json(#"{"code":40000,"msg":\#(jsonString(rejection.reason)),"data":null}"#, status: .badRequest)
            }
        }
        // Any body, up to 64 MiB, sent back as it came, with the type it came with (or `?type=`).
        router.post("/echo/raw") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 64 << 20)
            var headers = HTTPFields()
            headers[.contentType] =
                request.uri.queryParameters.get("type").map { String($0) }
                ?? request.headers[.contentType] ?? "application/octet-stream"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
        }
        // Any body, up to 64 MiB, described back: its type, size and SHA-256, and the JSON it holds.
        router.post("/echo/body") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 64 << 20)
            let bytes = Array(buffer.readableBytesView)
            let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let json: String
            do {
                json = try JSONDocument(parsing: bytes).root.jsonText()
            } catch {
                json = "null"
            }
            let type = request.headers[.contentType].map(jsonString) ?? "null"
            return .json(
                #"{"code":0,"msg":"ok","data":{"content_type":\#(type),"size":\#(bytes.count),"#
                    + #""sha256":"\#(digest)","json":\#(json)}}"#)
        }
    }
}

/// Why an upload body is refused with 400; `reason` says where.
private struct UploadRejection: Error {
    let reason: String
}

/// What `POST /upload` reports about a body.
private struct UploadSummary {
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var size: Int
        var sha256: String
    }

    var parts: [Part]
    var totalBytes: Int

    /// The `data` object, keys in the documented order and `null` for what a part lacks.
    var jsonText: String {
        let parts = parts.map { part in
            #"{"name":\#(jsonString(part.name)),"filename":\#(part.filename.map(jsonString) ?? "null"),"#
                + #""content_type":\#(part.contentType.map(jsonString) ?? "null"),"size":\#(part.size),"#
                + #""sha256":"\#(part.sha256)"}"#
        }
        return #"{"parts":[\#(parts.joined(separator: ","))],"total_bytes":\#(totalBytes)}"#
    }

    /// Reads `body` to its end, one buffer at a time.
    static func read<Body: AsyncSequence>(_ body: Body, contentType: String?) async throws -> UploadSummary
    where Body.Element == ByteBuffer {
        let boundary = try boundary(fromContentType: contentType)
        let closing = Array("--\(boundary)--".utf8)
        let reader = PartReader()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in reader.header(name: name, value: value) }
        parser.onBody = { buffer in reader.body(buffer) }
        parser.onPartComplete = { reader.completePart() }

        var received = 0
        // The parser does not tell whether it reached the closing delimiter, so keep the last bytes and look.
        let endings = [closing, closing + [13, 10]]
        let window = closing.count + 2
        var tail: [UInt8] = []
        for try await buffer in body {
            do {
                try parser.execute(buffer)
            } catch {
                throw UploadRejection(
                    reason: "malformed multipart body in bytes \(received)..<\(received + buffer.readableBytes)")
            }
            if let problem = reader.problem { throw UploadRejection(reason: problem) }
            received += buffer.readableBytes
            tail.append(contentsOf: buffer.readableBytesView.suffix(window))
            tail.removeFirst(Swift.max(0, tail.count - window))
        }
        guard reader.endedWithPart, endings.contains(where: { tail.suffix($0.count).elementsEqual($0) }) else {
            throw UploadRejection(
                reason: "the body ends before the closing delimiter --\(boundary)-- (\(received) bytes)")
        }
        return UploadSummary(parts: reader.parts, totalBytes: received)
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(fromContentType value: String?) throws(UploadRejection) -> String {
        guard let value else {
            throw UploadRejection(reason: "Content-Type is missing; expected multipart/form-data; boundary=…")
        }
        let (mediaType, parameters) = headerParameters(value)
        guard mediaType.lowercased() == "multipart/form-data" else {
            throw UploadRejection(reason: "Content-Type is \(mediaType), expected multipart/form-data")
        }
        guard let boundary = parameters["boundary"] else {
            throw UploadRejection(reason: "Content-Type has no boundary parameter")
        }
        guard (1...70).contains(boundary.utf8.count) else {
            throw UploadRejection(reason: "the boundary must be 1 to 70 characters long, not \(boundary.utf8.count)")
        }
        return boundary
    }
}

/// `text` as a JSON string literal.
private func jsonString(_ text: String) -> String {
    JSONValue.string(text).jsonText()
}

/// A header value's first item and its `key=value` parameters (keys lowercased, quotes removed), split on `;`
/// outside double quotes. As in HTML's form-data encoding, a backslash inside quotes is an ordinary character.
private func headerParameters(_ value: String) -> (first: String, parameters: [String: String]) {
    var items: [String] = []
    var current = ""
    var quoted = false
    for character in value {
        if character == "\"" { quoted.toggle() }
        if character == ";", !quoted {
            items.append(current)
            current = ""
        } else {
            current.append(character)
        }
    }
    items.append(current)
    var parameters: [String: String] = [:]
    for item in items.dropFirst() {
        guard let equals = item.firstIndex(of: "=") else { continue }
        let key = item[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        var parameter = item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if parameter.count >= 2, parameter.hasPrefix("\""), parameter.hasSuffix("\"") {
            parameter = String(parameter.dropFirst().dropLast())
        }
        parameters[key] = parameter
    }
    return (items[0].trimmingCharacters(in: .whitespaces), parameters)
}

/// Collects parts from `MultipartParser`'s callbacks, which cannot throw: the first problem is kept for the
/// caller to raise after `execute` returns.
private final class PartReader {
    private(set) var parts: [UploadSummary.Part] = []
    private(set) var problem: String?
    /// Whether the parser's last event closed a part, as it does just before the closing delimiter.
    private(set) var endedWithPart = false
    private var headers: [String: String] = [:]
    private var hasher = SHA256()
    private var size = 0

    func header(name: String, value: String) {
        headers[name.lowercased()] = value
        endedWithPart = false
    }

    func body(_ buffer: ByteBuffer) {
        size += buffer.readableBytes
        buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        endedWithPart = false
    }

    func completePart() {
        defer {
            headers = [:]
            hasher = SHA256()
            size = 0
            endedWithPart = true
        }
        guard problem == nil else { return }
        let number = parts.count + 1
        guard let disposition = headers["content-disposition"] else {
            problem = "part \(number) has no Content-Disposition header"
            return
        }
        let (kind, parameters) = headerParameters(disposition)
        guard kind.lowercased() == "form-data" else {
            problem = "part \(number) has Content-Disposition \(kind), expected form-data"
            return
        }
        guard let name = parameters["name"] else {
            problem = "part \(number) has no name in its Content-Disposition"
            return
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        parts.append(
            UploadSummary.Part(
                name: Self.decodingFormEscapes(name), filename: parameters["filename"].map(Self.decodingFormEscapes),
                contentType: headers["content-type"], size: size, sha256: digest))
    }

    private static func decodingFormEscapes(_ value: String) -> String {
        value.replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%22", with: "\"")
    }
}
