import Yams

/// YAML 1.1 resolution of plain (unquoted, untagged) scalars, written out by hand.
///
/// Yams' default `Resolver` compiles seven `NSRegularExpression`s the first time it is used, and
/// the first regular expression of a process builds ICU's regex tables: about 2 ms of every cold
/// start of the command line (perf, release build), spent to read a profile of a dozen lines.
/// Profiles are therefore composed with `Resolver.basic`, which leaves every plain scalar a string,
/// and the reader resolves plain scalars here, by the default resolver's rules for the tags a
/// profile distinguishes: null, bool, int and float (anything else is a string).
/// `PlainScalarTests` checks this against Yams' default resolver, case by case.
///
/// ```swift
/// PlainScalar.tag(of: "off")     // .bool
/// PlainScalar.tag(of: "0x1F")    // .int
/// PlainScalar.tag(of: "1.5e3")   // .float
/// PlainScalar.tag(of: "v1.5")    // .str
/// ```
enum PlainScalar {
    /// The tag Yams' default resolver gives a plain scalar with this text, for null, bool, int
    /// and float; `.str` otherwise.
    static func tag(of text: String) -> Tag.Name {
        switch text {
        case "", "~", "null", "Null", "NULL":
            return .null
        case _ where bool(text) != nil:
            return .bool
        default:
            var scanner = Scanner(text.utf8)
            if scanner.isInteger() { return .int }
            scanner.reset()
            if scanner.isFloat() { return .float }
            return .str
        }
    }

    /// A plain scalar's boolean value (`true`, `yes`, `on` and `false`, `no`, `off`, each in lower,
    /// capitalised or upper case, as YAML 1.1 spells them), or `nil` when the text is not a bool.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": false
        default: nil
        }
    }

    /// A cursor over the UTF-8 bytes of a scalar; each pattern reads from the start and succeeds
    /// only when it consumes every byte.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ utf8: String.UTF8View) { bytes = Array(utf8) }

        mutating func reset() { index = 0 }

        var atEnd: Bool { index == bytes.count }

        /// Consumes `byte` if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Consumes the next byte if `accepts` it.
        mutating func take(where accepts: (UInt8) -> Bool) -> Bool {
            guard index < bytes.count, accepts(bytes[index]) else { return false }
            index += 1
            return true
        }

        /// Consumes bytes while `accepts` them; the number consumed.
        @discardableResult
        mutating func takeAll(where accepts: (UInt8) -> Bool) -> Int {
            let start = index
            while index < bytes.count, accepts(bytes[index]) { index += 1 }
            return index - start
        }

        /// Consumes the next bytes if they spell `word`.
        mutating func take(_ word: String) -> Bool {
            guard bytes[index...].starts(with: word.utf8) else { return false }
            index += word.utf8.count
            return true
        }

        /// Consumes an optional `-` or `+`.
        mutating func takeSign() { _ = take(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }) }

        /// `(?::[0-5]?[0-9])+`: one or more base-60 groups.
        mutating func takeSexagesimalGroups() -> Bool {
            var groups = 0
            while take(UInt8(ascii: ":")) {
                let digits = takeAll(where: isDigit)
                guard digits == 1 || (digits == 2 && bytes[index - 2] <= UInt8(ascii: "5")) else { return false }
                groups += 1
            }
            return groups > 0
        }

        /// Yams' int rule: `[-+]?` then `0b[0-1_]+`, `0o?[0-7_]+`, `0|[1-9][0-9_]*`, `0x[0-9a-fA-F_]+`,
        /// or `[1-9][0-9_]*(?::[0-5]?[0-9])+`.
        mutating func isInteger() -> Bool {
            takeSign()
            let start = index
            if take("0b") { return takeAll(where: { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }) > 0 && atEnd }
            index = start
            if take("0x") { return takeAll(where: { isHexDigit($0) || $0 == 0x5F }) > 0 && atEnd }
            index = start
            if take(UInt8(ascii: "0")) {
                if atEnd { return true }
                _ = take(UInt8(ascii: "o"))
                return takeAll(where: { (0x30...0x37).contains($0) || $0 == 0x5F }) > 0 && atEnd
            }
            guard take(where: { (0x31...0x39).contains($0) }) else { return false }
            takeAll(where: isDigitOrUnderscore)
            if atEnd { return true }
            return takeSexagesimalGroups() && atEnd
        }

        /// Yams' float rule: `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?`,
        /// `\.[0-9_]+([eE][-+][0-9]+)?`, `[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*`,
        /// `[-+]?\.(inf|Inf|INF)` or `\.(nan|NaN|NAN)`.
        mutating func isFloat() -> Bool {
            if take(".") {
                if take("nan") || take("NaN") || take("NAN") { return atEnd }
                if take("inf") || take("Inf") || take("INF") { return atEnd }
                guard takeAll(where: isDigitOrUnderscore) > 0 else { return false }
                if atEnd { return true }
                guard take(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
                    take(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") })
                else { return false }
                return takeAll(where: isDigit) > 0 && atEnd
            }
            takeSign()
            if take(".") { return (take("inf") || take("Inf") || take("INF")) && atEnd }
            guard take(where: isDigit) else { return false }
            takeAll(where: isDigitOrUnderscore)
            let afterWhole = index
            if takeSexagesimalGroups(), take(UInt8(ascii: ".")) {
                takeAll(where: isDigitOrUnderscore)
                return atEnd
            }
            index = afterWhole
            if take(UInt8(ascii: ".")) { takeAll(where: isDigitOrUnderscore) }
            if take(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
                takeSign()
                guard takeAll(where: isDigit) > 0 else { return false }
            }
            return atEnd
        }
    }
}

private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
private func isDigitOrUnderscore(_ byte: UInt8) -> Bool { isDigit(byte) || byte == 0x5F }
private func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
}
