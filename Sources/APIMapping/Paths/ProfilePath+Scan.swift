/// What ``ProfilePath/scan(_:)`` found in a JSON text.
package enum ProfilePathScan: Equatable, Sendable {
    /// The value's bytes, leading and trailing whitespace excluded.
    case found(Range<Int>)
    /// The text reads, and the path reaches nothing in it.
    case missing
    /// The scan cannot tell: the text is not JSON where the scan looked, or the path needs the
    /// whole document (a negative index). Parse the document instead.
    case unknown
}

extension ProfilePath {
    /// Finds the bytes of the value this path reaches in a JSON text without building a tree: the
    /// members and elements off the path are skipped, not parsed, which is what a load run needs of
    /// each response (the envelope's status and tip), at a small part of a parse's cost.
    ///
    /// Keys compare as a parse compares them (escapes decoded; the last of repeated keys wins), and
    /// digit segments index arrays. The skipped parts are only checked for their structure, so a
    /// text malformed off the path can still give ``ProfilePathScan/found(_:)``: callers that must
    /// reject malformed JSON parse it.
    ///
    /// ```swift
    /// let body = Array(#"{"code":40013,"msg":"invalid token","data":{"list":[1,2]}}"#.utf8)
    /// try ProfilePath("code").scan(body)   // .found(8..<13): the bytes `40013`
    /// try ProfilePath("data>list>1").scan(body)   // .found(…): `2`
    /// ```
    ///
    /// - Parameter bytes: A JSON text.
    /// - Returns: Where the value is, that there is none, or that only a parse can tell.
    package func scan(_ bytes: [UInt8]) -> ProfilePathScan {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONSkipScanner(bytes: buffer)
            return scanner.find(segments)
        }
    }
}

/// A cursor over a JSON text that steps into the members and elements a path names and skips the rest.
private struct JSONSkipScanner {
    struct Unreadable: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func find(_ segments: [ProfilePath.Segment]) -> ProfilePathScan {
        do {
            // A UTF-8 byte-order mark, as the parser allows.
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
            skipWhitespace()
            for segment in segments {
                guard position < bytes.count else { throw Unreadable() }
                switch bytes[position] {
                case UInt8(ascii: "{"):
                    guard let start = try member(segment) else { return .missing }
                    position = start
                case UInt8(ascii: "["):
                    guard let index = segment.index else {
                        try skipValue()
                        return .missing
                    }
                    guard index >= 0 else { return .unknown }
                    guard let start = try element(index) else { return .missing }
                    position = start
                default:
                    try skipValue()
                    return .missing
                }
            }
            let start = position
            try skipValue()
            return .found(start..<position)
        } catch {
            return .unknown
        }
    }

    /// The start of the last member named `segment` of the object at the cursor; the cursor ends
    /// after the object.
    mutating func member(_ segment: ProfilePath.Segment) throws(Unreadable) -> Int? {
        position += 1
        skipWhitespace()
        var found: Int?
        if peek() == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw Unreadable() }
            let matches = try keyMatches(segment.utf8)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw Unreadable() }
            position += 1
            skipWhitespace()
            if matches { found = position }
            try skipValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                return found
            default:
                throw Unreadable()
            }
        }
    }

    /// The start of element `index` of the array at the cursor.
    mutating func element(_ index: Int) throws(Unreadable) -> Int? {
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { return nil }
        var current = 0
        while true {
            if current == index { return position }
            try skipValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                current += 1
            case UInt8(ascii: "]"):
                return nil
            default:
                throw Unreadable()
            }
        }
    }

    /// Reads the key string at the cursor and says whether it equals `key` once unescaped.
    mutating func keyMatches(_ key: [UInt8]) throws(Unreadable) -> Bool {
        let start = position + 1
        let escaped = try skipString()
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
        guard escaped else { return raw.elementsEqual(key) }
        // Rare: decode the key as the parser would, to compare what it means.
        do {
            let document = try JSONDocument(parsing: UnsafeBufferPointer(rebasing: bytes[(start - 1)..<position]))
            return document.root.stringValue.map { Array($0.utf8) == key } ?? false
        } catch {
            throw Unreadable()
        }
    }

    /// Skips the value at the cursor.
    mutating func skipValue() throws(Unreadable) {
        guard let first = peek() else { throw Unreadable() }
        switch first {
        case UInt8(ascii: "\""):
            _ = try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                guard let byte = peek() else { throw Unreadable() }
                switch byte {
                case UInt8(ascii: "\""):
                    _ = try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                // Deep nesting costs a counter here, not a stack: no input can exhaust one.
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                position += 1
            } while depth > 0
        default:
            let start = position
            while let byte = peek(), !Self.ends(byte) { position += 1 }
            guard position > start else { throw Unreadable() }
        }
    }

    /// Skips the string at the cursor; whether it holds an escape.
    mutating func skipString() throws(Unreadable) -> Bool {
        position += 1
        var escaped = false
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return escaped
            case UInt8(ascii: "\\"):
                escaped = true
                position += 2
            default:
                position += 1
            }
        }
        throw Unreadable()
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether `byte` ends a number, `true`, `false` or `null`.
    static func ends(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: true
        default: false
        }
    }
}
