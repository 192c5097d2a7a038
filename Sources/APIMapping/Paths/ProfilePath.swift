import Foundation

/// The path language of profiles and the probe bar: keys and array positions joined by `>`.
///
/// It reads like MoyaMapper's paths (`error>errMsg`, `data>list>0>id`) without their traps:
///
/// - A segment of digits indexes an array **and** still names a key on an object, so
///   `payload>a.b>0` reaches the key `"0"` of an object and the first element of an array.
///   `-1` counts from an array's end. Digits with a leading zero (`01`) are only ever a key.
/// - `\>` is a literal `>` and `\\` a literal `\`; no other escapes exist, so `a.b` is one key.
/// - The empty path is the root. An empty segment (`a>>b`, `>a`, `a>`) is an error, never
///   silently dropped.
/// - When keys repeat in an object, the last one wins.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"data": {"list": [{"id": 7}, {"id": 8}]}}"#)
/// try ProfilePath("data>list>-1>id").select(in: document.root)?.numberValue  // 8
/// try ProfilePath("data>list>0").normalizedPath                             // $['data']['list'][0]
/// try ProfilePath("data>>id")   // throws: invalid profile path at column 6: empty segment
/// ```
public struct ProfilePath: Hashable, Sendable, CustomStringConvertible {
    /// One `>`-separated step.
    public struct Segment: Hashable, Sendable {
        /// The segment as a key, escapes resolved.
        public let key: String
        /// The array position the segment also names: `0`, `17`, or `-1` for the last element.
        public let index: Int?
        let utf8: [UInt8]

        init(key: String) {
            self.key = key
            self.index = Self.index(of: key)
            self.utf8 = Array(key.utf8)
        }

        /// `0`, `[1-9][0-9]*`, optionally after `-`; anything else (leading zeros, `+1`, `1.0`) is a key only.
        private static func index(of key: String) -> Int? {
            let digits = key.hasPrefix("-") ? key.dropFirst() : Substring(key)
            guard let first = digits.first, digits.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
            guard first != "0" || digits.count == 1, let magnitude = Int(digits) else { return nil }
            if key.hasPrefix("-") { return magnitude == 0 ? nil : -magnitude }
            return magnitude
        }
    }

    /// The steps from the root; empty for the root itself.
    public let segments: [Segment]

    /// Parses a profile path.
    ///
    /// - Parameter text: Such as `data>list>0>id`; the empty string is the root.
    /// - Throws: ``PathSyntaxError`` for an empty segment, an unknown escape or a trailing `\`.
    public init(_ text: String) throws(PathSyntaxError) {
        guard !text.isEmpty else {
            segments = []
            return
        }
        var segments: [Segment] = []
        var current = String.UnicodeScalarView()
        var segmentStart = 0
        var escaping = false
        func fail(_ offset: Int, _ message: String) -> PathSyntaxError {
            PathSyntaxError(.profilePath, path: text, offset: offset, message: message)
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if escaping {
                guard scalar == ">" || scalar == "\\" else {
                    throw fail(offset - 1, "unknown escape '\\\(scalar)': only '\\>' and '\\\\' are escapes")
                }
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == ">" {
                guard !current.isEmpty else {
                    throw fail(
                        offset, segmentStart == 0 ? "empty segment: a path cannot start with '>'" : "empty segment")
                }
                segments.append(Segment(key: String(current)))
                current = String.UnicodeScalarView()
                segmentStart = offset + 1
            } else {
                current.append(scalar)
            }
        }
        let count = text.unicodeScalars.count
        if escaping { throw fail(count - 1, "'\\' at the end of the path escapes nothing") }
        guard !current.isEmpty else { throw fail(count, "empty segment after the last '>'") }
        segments.append(Segment(key: String(current)))
        self.segments = segments
    }

    /// Creates a path from segments given as keys (no escaping needed).
    public init(keys: [String]) {
        segments = keys.map(Segment.init(key:))
    }

    /// The path in profile syntax, with `>` and `\` in keys escaped.
    public var description: String {
        segments.map { Self.escaped(key: $0.key) }.joined(separator: ">")
    }

    /// A key as a profile-path segment: `\` and `>` escaped with `\`.
    ///
    /// ```swift
    /// ProfilePath.escaped(key: "a>b")  // "a\\>b"
    /// ```
    public static func escaped(key: String) -> String {
        key.escaping { scalar in
            switch scalar {
            case "\\": "\\\\"
            case ">": "\\>"
            default: nil
            }
        }
    }

    /// The RFC 9535 normalized path this reads as when every segment that can index does.
    ///
    /// What a digit segment means depends on the document; ``match(in:)`` gives the exact location.
    public var normalizedPath: String {
        JSONLocation(
            segments.map { segment in
                segment.index.map { $0 >= 0 ? .index($0) : .key(segment.key) } ?? .key(segment.key)
            }
        )
        .normalizedPath
    }

    /// The value the path reaches from `root`, or `nil` when a step is missing.
    public func select(in root: JSONNode) -> JSONNode? {
        var node = root
        for segment in segments {
            guard let next = child(of: node, segment) else { return nil }
            node = next
        }
        return node
    }

    /// The value the path reaches from `root` with its exact location, or `nil` when a step is missing.
    public func match(in root: JSONNode) -> JSONMatch? {
        var node = root
        var location = JSONLocation()
        for segment in segments {
            guard let next = step(node, segment) else { return nil }
            node = next.node
            location.components.append(next.component)
        }
        return JSONMatch(location: location, node: node)
    }

    /// How far the path gets from `root`: the longest prefix that exists, and the first segment that does not.
    ///
    /// Used to say *where* a path broke: `data>items>3>id` on a document whose `items` has 2 elements
    /// stops at `3`.
    public func deepestMatch(in root: JSONNode) -> (match: JSONMatch, missing: Segment?) {
        var node = root
        var location = JSONLocation()
        for segment in segments {
            guard let next = step(node, segment) else { return (JSONMatch(location: location, node: node), segment) }
            node = next.node
            location.components.append(next.component)
        }
        return (JSONMatch(location: location, node: node), nil)
    }

    private func step(_ node: JSONNode, _ segment: Segment) -> (node: JSONNode, component: JSONLocation.Component)? {
        guard let next = child(of: node, segment) else { return nil }
        guard node.kind == .array, var index = segment.index else { return (next, .key(segment.key)) }
        if index < 0 { index += node.count }
        return (next, .index(index))
    }

    @inline(__always)
    private func child(of node: JSONNode, _ segment: Segment) -> JSONNode? {
        switch node.kind {
        case .object:
            return segment.utf8.withUnsafeBufferPointer { node.lastMember(named: $0) }
        case .array:
            guard var index = segment.index else { return nil }
            if index < 0 { index += node.count }
            return node[index]
        default:
            return nil
        }
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
