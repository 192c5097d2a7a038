import Crypto
import Foundation
import MultipartKit
import NIOCore

/// A part as multipart-kit's `MultipartParser` delivered it.
struct ParsedPart: Equatable, CustomStringConvertible {
    /// Header names lowercased, in arrival order.
    var headers: [String: String]
    var size: Int
    var sha256: String
    /// The body, when the collector keeps bodies.
    var body: [UInt8]?

    var disposition: String? { headers["content-disposition"] }
    var name: String? { disposition.flatMap { dispositionParameter("name", in: $0) } }
    var filename: String? { disposition.flatMap { dispositionParameter("filename", in: $0) } }
    var contentType: String? { headers["content-type"] }

    var description: String {
        "part name=\(name ?? "-") filename=\(filename ?? "-") type=\(contentType ?? "-") size=\(size)"
    }
}

/// Feeds a multipart body, chunk by chunk, to multipart-kit's streaming `MultipartParser` and records the parts.
final class PartCollector {
    private final class State {
        var parts: [ParsedPart] = []
        var headers: [String: String] = [:]
        var hasher = SHA256()
        var size = 0
        var body: [UInt8] = []
        let keepBodies: Bool

        init(keepBodies: Bool) {
            self.keepBodies = keepBodies
        }
    }

    private let parser: MultipartParser
    private let state: State

    /// - Parameter keepBodies: Keep each part's bytes; off for large bodies, which are only hashed.
    init(boundary: String, keepBodies: Bool) {
        let state = State(keepBodies: keepBodies)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in
            state.headers[name.lowercased()] = value
        }
        parser.onBody = { buffer in
            state.size += buffer.readableBytes
            buffer.withUnsafeReadableBytes { state.hasher.update(bufferPointer: $0) }
            if state.keepBodies { state.body.append(contentsOf: buffer.readableBytesView) }
        }
        parser.onPartComplete = {
            state.parts.append(
                ParsedPart(
                    headers: state.headers, size: state.size, sha256: state.hasher.finalize().hexString,
                    body: state.keepBodies ? state.body : nil))
            state.headers = [:]
            state.hasher = SHA256()
            state.size = 0
            state.body = []
        }
        self.parser = parser
        self.state = state
    }

    func feed(_ buffer: ByteBuffer) throws {
        try parser.execute(buffer)
    }

    var parts: [ParsedPart] { state.parts }
}

/// A `Content-Disposition` parameter, unquoted, with the HTML form-data escapes (`%22`, `%0D`, `%0A`) decoded
/// the way the Fetch standard's multipart/form-data parser does.
func dispositionParameter(_ key: String, in disposition: String) -> String? {
    let marker = "; \(key)=\""
    guard let start = disposition.range(of: marker)?.upperBound,
        let end = disposition[start...].firstIndex(of: "\"")
    else { return nil }
    return String(disposition[start..<end])
        .replacingOccurrences(of: "%22", with: "\"")
        .replacingOccurrences(of: "%0D", with: "\r")
        .replacingOccurrences(of: "%0A", with: "\n")
}
