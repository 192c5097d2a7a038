import Foundation

/// Foundation's `convertFromSnakeCase`, twice: a byte-level version for ASCII identifier keys
/// (no allocation, used for every key of every object) and the original algorithm for the rest.
/// Tests check that both agree with `JSONDecoder`.
enum SnakeCase {
    /// Converts `key` into `out` (room for `key.count` bytes) and returns the length, or `nil`
    /// when the key has bytes other than ASCII letters, digits and `_`.
    static func convertASCII(_ key: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let count = key.count
        var first = -1
        var last = -1
        for i in 0..<count {
            let byte = key[i]
            if byte == UInt8(ascii: "_") { continue }
            guard isLetter(byte) || isDigit(byte) else { return nil }
            if first < 0 { first = i }
            last = i
        }
        // All underscores, or a single word between the leading and trailing ones: kept as it is.
        if first < 0 || !hasUnderscore(key, from: first, to: last) {
            for i in 0..<count { out[i] = key[i] }
            return count
        }
        var n = 0
        for i in 0..<first {
            out[n] = key[i]
            n += 1
        }
        var word = 0
        var previous: UInt8 = UInt8(ascii: "_")
        for i in first...last {
            let byte = key[i]
            if byte == UInt8(ascii: "_") {
                if previous != UInt8(ascii: "_") { word += 1 }
                previous = byte
                continue
            }
            if word == 0 || !isLetter(byte) {
                out[n] = isLetter(byte) ? lower(byte) : byte
            } else {
                // `capitalized`: a letter starts a word after `_` or a digit.
                out[n] = isLetter(previous) ? lower(byte) : upper(byte)
            }
            previous = byte
            n += 1
        }
        for i in (last + 1)..<count {
            out[n] = key[i]
            n += 1
        }
        return n
    }

    private static func hasUnderscore(_ key: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        for i in from...to where key[i] == UInt8(ascii: "_") { return true }
        return false
    }

    @inline(__always) private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) private static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) private static func lower(_ b: UInt8) -> UInt8 { b | 0x20 }
    @inline(__always) private static func upper(_ b: UInt8) -> UInt8 { b & ~0x20 }

    /// Foundation's algorithm on any string (swift-corelibs-foundation `_convertFromSnakeCase`).
    static func convert(_ key: String) -> String {
        guard !key.isEmpty, let firstNonUnderscore = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastNonUnderscore = key.index(before: key.endIndex)
        while lastNonUnderscore > firstNonUnderscore && key[lastNonUnderscore] == "_" {
            key.formIndex(before: &lastNonUnderscore)
        }
        let keyRange = firstNonUnderscore...lastNonUnderscore
        let leading = key[key.startIndex..<firstNonUnderscore]
        let trailing = key[key.index(after: lastNonUnderscore)..<key.endIndex]
        let components = key[keyRange].split(separator: "_")
        let joined =
            components.count == 1
            ? String(key[keyRange])
            : ([components[0].lowercased()] + components[1...].map { $0.capitalized }).joined()
        return String(leading) + joined + String(trailing)
    }

    /// The JSON spelling a coding key most likely has under `convertFromSnakeCase`, for messages
    /// about missing keys: `userId` → `user_id`, `avatarURL` → `avatar_url`.
    static func snakeCased(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            let isUpper = scalar.properties.isUppercase
            if isUpper, i > 0 {
                let before = scalars[i - 1]
                let after = i + 1 < scalars.count ? scalars[i + 1] : nil
                let startsWord =
                    before.properties.isLowercase || ("0"..."9").contains(before)
                    || (before.properties.isUppercase && after?.properties.isLowercase == true)
                if startsWord { out.append("_") }
            }
            if isUpper {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
