import Foundation

/// An RFC 6901 JSON Pointer: `/data/list/0/id`.
///
/// Each reference token is decoded (`~1` is `/`, then `~0` is `~`). On an array a token must be
/// `0` or a number without leading zeros; `-` (the position after the last element) selects
/// nothing. The URI fragment form (`#/a%20b`) is read by ``init(uriFragment:)``.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"a/b": [10, 20], "~k": 1}"#)
/// try JSONPointer("/a~1b/1").select(in: document.root)?.numberValue  // 20
/// try JSONPointer("/~0k").select(in: document.root)?.numberValue     // 1
/// try JSONPointer("a")   // throws: invalid JSON Pointer at column 1: a JSON Pointer is empty or starts with '/'
/// ```
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The decoded reference tokens; empty for the whole document.
    public let tokens: [String]

    /// Parses the JSON string form of a pointer.
    ///
    /// - Throws: ``PathSyntaxError`` when the pointer does not start with `/` or has `~` not followed by `0` or `1`.
    public init(_ text: String) throws(PathSyntaxError) {
        try self.init(text, reportedAs: text, offsetMap: nil)
    }

    /// Parses the URI fragment form: `#` followed by a percent-encoded pointer (`#/a%20b`).
    ///
    /// - Throws: ``PathSyntaxError`` when the `#` is missing, a `%` escape is malformed or
    ///   the decoded pointer is invalid.
    public init(uriFragment text: String) throws(PathSyntaxError) {
        guard text.hasPrefix("#") else {
            throw PathSyntaxError(
                .jsonPointer, path: text, offset: 0, message: "a URI fragment pointer starts with '#'")
        }
        var bytes: [UInt8] = []
        // For each decoded byte, where it came from in `text`, so errors point into what the user typed.
        var origins: [Int] = []
        let scalars = Array(text.unicodeScalars)
        var k = 1
        while k < scalars.count {
            if scalars[k] == "%" {
                guard k + 2 < scalars.count, let high = hexValue(scalars[k + 1]), let low = hexValue(scalars[k + 2])
                else {
                    throw PathSyntaxError(
                        .jsonPointer, path: text, offset: k, message: "'%' must be followed by two hex digits")
                }
                bytes.append(high << 4 | low)
                origins.append(k)
                k += 3
            } else {
                for byte in String(scalars[k]).utf8 {
                    bytes.append(byte)
                    origins.append(k)
                }
                k += 1
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw PathSyntaxError(
                .jsonPointer, path: text, offset: 1, message: "percent escapes do not decode to UTF-8")
        }
        // Map scalar offsets of `decoded` back to `text`.
        var scalarOrigins: [Int] = []
        var byteIndex = 0
        for scalar in decoded.unicodeScalars {
            scalarOrigins.append(origins[byteIndex])
            byteIndex += UTF8.width(scalar)
        }
        scalarOrigins.append(scalars.count)
        try self.init(decoded, reportedAs: text, offsetMap: scalarOrigins)
    }

    private init(_ pointer: String, reportedAs text: String, offsetMap: [Int]?) throws(PathSyntaxError) {
        func fail(_ offset: Int, _ message: String) -> PathSyntaxError {
            PathSyntaxError(.jsonPointer, path: text, offset: offsetMap?[offset] ?? offset, message: message)
        }
        let scalars = Array(pointer.unicodeScalars)
        guard !scalars.isEmpty else {
            tokens = []
            return
        }
        guard scalars[0] == "/" else { throw fail(0, "a JSON Pointer is empty or starts with '/'") }
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var k = 1
        while k < scalars.count {
            let scalar = scalars[k]
            if scalar == "/" {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            } else if scalar == "~" {
                guard k + 1 < scalars.count, scalars[k + 1] == "0" || scalars[k + 1] == "1" else {
                    throw fail(k, "'~' must be followed by '0' (for '~') or '1' (for '/')")
                }
                current.append(scalars[k + 1] == "0" ? "~" : "/")
                k += 1
            } else {
                current.append(scalar)
            }
            k += 1
        }
        tokens.append(String(current))
        self.tokens = tokens
    }

    /// Creates a pointer from decoded tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The pointer in JSON string form, tokens re-encoded.
    public var description: String {
        tokens.map { "/" + Self.escaped(token: $0) }.joined()
    }

    /// A key as a pointer token (RFC 6901): `~` as `~0`, `/` as `~1`.
    ///
    /// ```swift
    /// JSONPointer.escaped(token: "a/b~c")  // "a~1b~0c"
    /// ```
    public static func escaped(token: String) -> String {
        token.escaping { scalar in
            switch scalar {
            case "~": "~0"
            case "/": "~1"
            default: nil
            }
        }
    }

    /// The value the pointer references in `root`, or `nil` when it references nothing.
    public func select(in root: JSONNode) -> JSONNode? {
        match(in: root)?.node
    }

    /// The referenced value with its location, or `nil` when the pointer references nothing.
    public func match(in root: JSONNode) -> JSONMatch? {
        var node = root
        var location = JSONLocation()
        for token in tokens {
            switch node.kind {
            case .object:
                guard let next = node[token] else { return nil }
                node = next
                location.components.append(.key(token))
            case .array:
                guard let index = Self.arrayIndex(token), let next = node[index] else { return nil }
                node = next
                location.components.append(.index(index))
            default:
                return nil
            }
        }
        return JSONMatch(location: location, node: node)
    }

    /// RFC 6901 §4: `0` or digits without a leading zero.
    private static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.first, token.allSatisfy(\.isASCIIDigitCharacter), first != "0" || token.count == 1
        else {
            return nil
        }
        return Int(token)
    }
}

private func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
    scalar.isASCII ? hexValue(UInt8(scalar.value)) : nil
}
