public import APIMapping
import Foundation

/// A response body read as what it is: JSON, XML (as its JSON tree), or neither.
///
/// The kind comes from `Content-Type` (`application/json`, `…+json`, `application/xml`,
/// `text/xml`, `…+xml`); without a usable type, from the first non-blank byte (`{`/`[` for
/// JSON, `<` for XML). A body that claims JSON but does not parse is kept as raw bytes with the
/// located error, never dropped.
///
/// ```swift
/// let body = ResponseBody(bytes: record.body, contentType: record.header("Content-Type"), xmlArrays: [])
/// body.document?.root["data"]   // the parsed tree, if it parsed
/// body.problem                  // "line 1, column 12 (byte 11): expected ':' after object key"
/// ```
public struct ResponseBody: Sendable {
    /// What the body was read as.
    public enum Kind: String, Sendable, Hashable {
        /// Parsed as JSON.
        case json
        /// Parsed as XML and converted to its JSON tree.
        case xml
        /// Text that is neither (HTML, plain text), or JSON/XML that did not parse.
        case text
        /// Bytes that are not UTF-8 text.
        case binary
        /// No bytes at all.
        case empty
    }

    /// What the body was read as.
    public let kind: Kind
    /// The parsed tree for JSON and XML bodies.
    public let document: JSONDocument?
    /// Why a body that looked like JSON or XML did not parse, with its position.
    public let problem: String?

    /// Reads `bytes` according to `contentType`.
    ///
    /// - Parameters:
    ///   - bytes: The body as received.
    ///   - contentType: The `Content-Type` header, if any.
    ///   - xmlArrays: Paths that stay arrays when XML is converted.
    public init(bytes: [UInt8], contentType: String?, xmlArrays: [ProfilePath]) {
        guard !bytes.isEmpty else {
            (kind, document, problem) = (.empty, nil, nil)
            return
        }
        switch Self.declaredKind(contentType) ?? Self.sniffedKind(bytes) {
        case .json:
            do {
                (kind, document, problem) = (.json, try JSONDocument(parsing: bytes), nil)
            } catch {
                (kind, document, problem) = (.text, nil, "not valid JSON: \(error.description)")
            }
        case .xml:
            do {
                let value = try XMLToJSON.convert(bytes, options: XMLConversionOptions(alwaysArray: xmlArrays))
                (kind, document, problem) = (.xml, JSONDocument(value), nil)
            } catch {
                (kind, document, problem) = (.text, nil, "not well-formed XML: \(error.description)")
            }
        default:
            let isText = String(validating: bytes, as: UTF8.self) != nil
            (kind, document, problem) = (isText ? .text : .binary, nil, nil)
        }
    }

    private static func declaredKind(_ contentType: String?) -> Kind? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        switch type?.lowercased() {
        case "application/json", "text/json": return .json
        case let type? where type.hasSuffix("+json"): return .json
        case "application/xml", "text/xml": return .xml
        case let type? where type.hasSuffix("+xml"): return .xml
        default: return nil
        }
    }

    private static func sniffedKind(_ bytes: [UInt8]) -> Kind {
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): return .xml
        default: return .text
        }
    }
}
