import APIMapping

/// Secret values compiled for masking: each value in every form it takes in text (as it is,
/// percent-encoded, escaped inside a JSON string, escaped for a terminal), found in one pass over
/// any text by APIMapping's `MultiPatternMatcher`, so many secrets cost no more than one over a
/// 50 MB body.
///
/// Values shorter than ``minimumLength`` bytes are left out: a short value would erase unrelated
/// text wherever it occurs (a 4-digit PIN would mask every year, `true` every boolean). Such a
/// value is still masked where it is *named*: its header, its query item, its body path
/// (``Redaction``). A value longer than ``maximumLength`` is hunted by its first
/// ``maximumLength`` bytes.
///
/// ```swift
/// let patterns = SecretPatterns(values: ["tok-9f3a7c"])
/// patterns.mask("echo: tok-9f3a7c")                    // "echo: ••••"
/// patterns.mask("u=tok%2D9f3a7c")                      // unchanged: `-` is not encoded
/// patterns.maskJSON(Array(#"{"n":"tok-9f3a7c"}"#.utf8)) // {"n":"••••"}
/// ```
public struct SecretPatterns: Sendable, Hashable {
    /// The shortest value hunted down in text, in UTF-8 bytes.
    public static let minimumLength = 6
    /// The longest stretch of one value that is hunted, in UTF-8 bytes; a longer value is found by
    /// its beginning.
    public static let maximumLength = 16 * 1024
    /// What a masked value becomes.
    public static let mask = "••••"

    /// The values, as given (long enough, without repeats), in the order they were added.
    public private(set) var values: [String] = []
    /// Every form of every value that is searched for.
    public private(set) var forms: [String] = []
    private(set) var matcher = MultiPatternMatcher(patterns: [[UInt8]]())

    /// No values: masks nothing.
    public init() {}

    /// Compiles `values`.
    ///
    /// - Parameter values: Secret values; those shorter than ``minimumLength`` are left out.
    public init(values: some Sequence<String>) {
        self = SecretPatterns().adding(values)
    }

    /// Whether nothing is masked.
    public var isEmpty: Bool { forms.isEmpty }

    /// These patterns with more values (and their forms), compiled again when any is new.
    ///
    /// - Parameter newValues: Values to add; short ones, repeats and the mask itself are ignored.
    public func adding(_ newValues: some Sequence<String>) -> SecretPatterns {
        var result = self
        var known = Set(values)
        var knownForms = Set(forms)
        for value in newValues where Self.isHunted(value) && known.insert(value).inserted {
            result.values.append(value)
            for form in Self.forms(of: value) where knownForms.insert(form).inserted {
                result.forms.append(form)
            }
        }
        guard result.forms.count != forms.count else { return self }
        result.matcher = MultiPatternMatcher(patterns: result.forms.map { Array($0.utf8) })
        return result
    }

    /// Whether a value is long enough to be hunted down in text.
    ///
    /// - Parameter value: A secret value.
    public static func isHunted(_ value: String) -> Bool {
        value.utf8.count >= minimumLength && value != mask
    }

    /// The forms a value takes in text: as it is, trimmed, percent-encoded (`%2F`, and `+` for a
    /// space in a form, as a form body writes it), escaped in a JSON string (with `\/` as some servers write it, and `\uXXXX`
    /// for non-ASCII letters as ASCII-only writers do), and with control characters as our
    /// terminal sanitizer shows them (`\u000d`), and escaped in XML text (`&amp;`: a JUnit report).
    static func forms(of value: String) -> [String] {
        var forms = [value]
        let trimmed = value.trimmingWhitespaceAndLineBreaks
        if trimmed != value, isHunted(trimmed) { forms.append(trimmed) }
        for base in forms {
            let encoded = PercentEncoding.encode(base)
            forms.append(encoded)
            if encoded.contains("%20") { forms.append(encoded.replacing("%20", with: "+")) }
            // A form body (`application/x-www-form-urlencoded`) writes a space as `+`.
            forms.append(FormEncoding.encode(base))
            let escaped = String(JSONValue.string(base).jsonText().dropFirst().dropLast())
            forms.append(escaped)
            forms.append(escaped.replacing("/", with: "\\/"))
            forms.append(asciiEscaped(escaped))
            forms.append(TerminalSanitizer.sanitize(lines: base))
            forms.append(TerminalSanitizer.sanitize(base))
            forms.append(xmlEscaped(base))
        }
        var seen = Set<String>()
        return forms.map { form in
            guard form.utf8.count > maximumLength else { return form }
            return String(decoding: form.utf8.prefix(maximumLength), as: UTF8.self)
        }.filter { isHunted($0) && seen.insert($0).inserted }
    }

    /// `&`, `<`, `>`, `"` and `'` as XML's entities.
    private static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `é` as `\u00e9` and `😀` as its surrogate pair `\ud83d\ude00`.
    private static func asciiEscaped(_ text: String) -> String {
        var result = ""
        for unit in text.utf16 {
            if unit < 0x80 {
                result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            } else {
                let hex = String(unit, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }

    /// The text with every form of every value replaced by ``mask``; the same string when there is
    /// nothing to mask.
    ///
    /// ```swift
    /// SecretPatterns(values: ["hunter22"]).mask("pw=hunter22")  // "pw=••••"
    /// ```
    ///
    /// - Parameter text: Any text: a message, a header value, a transcript.
    public func mask(_ text: String) -> String {
        guard !isEmpty else { return text }
        let ranges = matcher.coveredRanges(in: text.utf8)
        guard !ranges.isEmpty else { return text }
        return String(decoding: Self.replacing(ranges.map { ($0, false) }, in: Array(text.utf8)), as: UTF8.self)
    }

    /// The bytes with every form of every value's UTF-8 replaced by the mask's.
    ///
    /// - Parameter bytes: Any bytes: a body that is not JSON, a file.
    public func mask(bytes: [UInt8]) -> [UInt8] {
        guard !isEmpty else { return bytes }
        let ranges = matcher.coveredRanges(in: bytes)
        guard !ranges.isEmpty else { return bytes }
        return Self.replacing(ranges.map { ($0, false) }, in: bytes)
    }

    /// Whether any value occurs in `text`.
    ///
    /// - Parameter text: Any text.
    public func occurs(in text: String) -> Bool {
        !isEmpty && matcher.occurs(in: text.utf8)
    }

    /// The JSON text with every value masked so it stays JSON: inside a string (or a key) the
    /// value becomes the mask; a number or literal that holds one becomes the string `"••••"`.
    ///
    /// ```swift
    /// SecretPatterns(values: ["12345678"]).maskJSON(Array(#"{"pin":12345678}"#.utf8))  // {"pin":"••••"}
    /// ```
    ///
    /// Text that is not JSON is masked all the same; only a value that itself holds JSON
    /// punctuation between quotes (`a","b`) can leave the result unparsable.
    ///
    /// - Parameter bytes: JSON text.
    public func maskJSON(_ bytes: [UInt8]) -> [UInt8] {
        guard !isEmpty else { return bytes }
        let ranges = matcher.coveredRanges(in: bytes)
        guard !ranges.isEmpty else { return bytes }
        return Self.replacing(JSONMaskRegions.regions(of: ranges, in: bytes), in: bytes)
    }

    /// ``maskJSON(_:)-([UInt8])`` on text.
    ///
    /// - Parameter text: JSON text.
    public func maskJSON(_ text: String) -> String {
        guard !isEmpty else { return text }
        let bytes = Array(text.utf8)
        let masked = maskJSON(bytes)
        return masked == bytes ? text : String(decoding: masked, as: UTF8.self)
    }

    /// `bytes` with each region replaced by the mask, or by the mask in quotes.
    static func replacing(_ regions: [(range: Range<Int>, quoted: Bool)], in bytes: [UInt8]) -> [UInt8] {
        let mask = Array(Self.mask.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        for region in regions {
            output.append(contentsOf: bytes[copied..<region.range.lowerBound])
            if region.quoted { output.append(UInt8(ascii: "\"")) }
            output.append(contentsOf: mask)
            if region.quoted { output.append(UInt8(ascii: "\"")) }
            copied = region.range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    public static func == (left: SecretPatterns, right: SecretPatterns) -> Bool { left.values == right.values }

    public func hash(into hasher: inout Hasher) { hasher.combine(values) }
}

extension String {
    /// The text without leading and trailing spaces, tabs, CRs and LFs.
    package var trimmingWhitespaceAndLineBreaks: String {
        let unwanted: Set<Character> = [" ", "\t", "\r", "\n", "\r\n"]
        var slice = Substring(self)
        while let first = slice.first, unwanted.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, unwanted.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }

    /// The text without trailing CRs and LFs: a value read from the environment or a `.env` file
    /// written on Windows (`TOKEN=abc\r`).
    package var trimmingTrailingLineBreaks: String {
        var slice = Substring(self)
        while let last = slice.unicodeScalars.last, last == "\r" || last == "\n" {
            slice = Substring(slice.unicodeScalars.dropLast())
        }
        return String(slice)
    }
}
