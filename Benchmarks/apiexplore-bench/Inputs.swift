import APITesting
/// A generated benchmark input: UTF-8 JSON text and the element count of its top-level array.
struct GeneratedInput: Sendable {
    /// The name used in the report, such as `github-users`.
    let name: String
    /// The JSON text.
    let bytes: [UInt8]
    /// The number of elements of the top-level array, to cross-check every parser's result.
    let count: Int
}

/// Draws from SplitMix64 (APITesting), so every run benchmarks exactly the same bytes.
///
/// The helpers below use only integer arithmetic on its output (not the standard library's
/// `random(in:using:)`, whose algorithm may change between toolchains).
extension SplitMix64 {
    /// A number in `0..<bound` (`bound` > 0); the modulo bias is irrelevant here.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with a probability of `percent` in 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}

/// Appends JSON text to a byte buffer; the generators write straight into it.
struct JSONTextBuilder {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    /// Appends text verbatim.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends one ASCII character.
    mutating func ascii(_ character: Unicode.Scalar) {
        bytes.append(UInt8(ascii: character))
    }

    /// Appends an integer.
    mutating func int(_ value: Int) {
        raw(String(value))
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    /// Non-ASCII characters are written as raw UTF-8, as most APIs (GitHub's included) do.
    mutating func string(_ text: String) {
        ascii("\"")
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C:
                bytes.append(0x5C)
                bytes.append(byte)
            case 0x0A:
                raw("\\n")
            case 0x0D:
                raw("\\r")
            case 0x09:
                raw("\\t")
            case 0x00..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        ascii("\"")
    }

    /// Appends a line break and `indent` spaces.
    mutating func newline(indent: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: indent))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// The generated inputs other than the GitHub users (see `GitHubUsers.swift`).
enum Inputs {
    /// About `targetBytes` of compact JSON: an array of `{"id", "title", "body"}` objects whose bodies
    /// are long strings (0.5 to 4 KB) full of escapes (`\"`, `\\`, `\n`, `\uXXXX`, surrogate pairs)
    /// and raw non-ASCII text (accents, CJK, Greek, Cyrillic, Hangul, emoji).
    static func stringHeavy(targetBytes: Int) -> GeneratedInput {
        var random = SplitMix64(seed: 0x5747_5249_4E47_5321)
        var out = JSONTextBuilder(capacity: targetBytes + 8_192)
        var count = 0
        out.ascii("[")
        while out.count < targetBytes {
            if count > 0 { out.ascii(",") }
            count += 1
            out.raw("{\"id\":")
            out.int(count)
            out.raw(",\"title\":\"")
            appendFragments(of: titleFragments, length: random.inRange(20...80), random: &random, to: &out)
            out.raw("\",\"body\":\"")
            appendFragments(of: bodyFragments, length: random.inRange(500...4_000), random: &random, to: &out)
            out.raw("\"}")
        }
        out.ascii("]")
        return GeneratedInput(name: "strings", bytes: out.bytes, count: count)
    }

    /// Appends already-escaped fragments until about `length` bytes are written.
    private static func appendFragments(
        of fragments: [String], length: Int, random: inout SplitMix64, to out: inout JSONTextBuilder
    ) {
        let stop = out.count + length
        while out.count < stop {
            out.raw(random.pick(fragments))
        }
    }

    /// Title pieces: JSON string content, escapes already written.
    private static let titleFragments = [
        "Release notes ", "Fix: ", "naïve ", "Überarbeitung ", "更新日志 ", "リリース ", "Заметки ",
        #"\"quoted\" "#, "v2.0 ", "🚀 ", #"caf\u00e9 "#, "변경 사항 ",
    ]

    /// Body pieces: JSON string content, escapes already written.
    private static let bodyFragments = [
        "The quick brown fox jumps over the lazy dog. ",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ",
        #"She said \"hello\" and then \"goodbye\". "#,
        #"C:\\Users\\dev\\projects\\apiexplore\\build "#,
        #"line one\nline two\n\tindented with a tab\r\n"#,
        #"caf\u00e9, na\u00efve, r\u00e9sum\u00e9 and \u00fcber "#,
        #"\u4e2d\u6587\u5b57\u7b26\u4e32 "#,
        #"emoji escapes \ud83d\ude80\ud83c\udf89\ud83d\udc4d "#,
        "naïve café déjà vu, façade, smørrebrød, Straße. ",
        "日本語のテキストと漢字、ひらがな、カタカナ。",
        "这是一段中文内容，包含标点符号和数字１２３。",
        "Ελληνικά γράμματα και Русский текст вперемешку. ",
        "한국어 문장도 들어 있습니다. ",
        "Emoji inline: 😀 🚀 ✨ 👩‍💻 🇯🇵 ",
        #"an escaped slash: https:\/\/example.com\/path "#,
        #"control escapes \b\f and a backslash \\ at the end "#,
    ]

    /// About `targetBytes` of compact JSON: an array of rows of 32 numbers, alternating rows of
    /// integers (small to 19 digits, some negative) and floats (1 to 9 decimals, some with exponents).
    static func numberHeavy(targetBytes: Int) -> GeneratedInput {
        var random = SplitMix64(seed: 0x4E55_4D42_4552_5321)
        var out = JSONTextBuilder(capacity: targetBytes + 8_192)
        var count = 0
        out.ascii("[")
        while out.count < targetBytes {
            if count > 0 { out.ascii(",") }
            let floats = count % 2 == 1
            count += 1
            out.ascii("[")
            for column in 0..<32 {
                if column > 0 { out.ascii(",") }
                if floats {
                    appendFloat(random: &random, to: &out)
                } else {
                    appendInteger(random: &random, to: &out)
                }
            }
            out.ascii("]")
        }
        out.ascii("]")
        return GeneratedInput(name: "numbers", bytes: out.bytes, count: count)
    }

    private static func appendInteger(random: inout SplitMix64, to out: inout JSONTextBuilder) {
        let magnitude: Int =
            switch random.below(10) {
            case 0..<4: random.below(1_000)
            case 4..<7: random.below(1_000_000)
            case 7..<9: random.below(10_000_000_000)
            default: Int(random.next() >> 1)  // up to 19 digits
            }
        out.int(random.chance(20) ? -magnitude : magnitude)
    }

    private static func appendFloat(random: inout SplitMix64, to out: inout JSONTextBuilder) {
        if random.chance(30) { out.ascii("-") }
        out.int(random.chance(40) ? 0 : random.below(100_000))
        out.ascii(".")
        let decimals = random.inRange(1...9)
        for _ in 0..<decimals {
            out.ascii(Unicode.Scalar(UInt8(ascii: "0") + UInt8(random.below(10))))
        }
        if random.chance(20) {
            out.ascii(random.chance(50) ? "e" : "E")
            out.raw(random.pick(["", "+", "-"]))
            out.int(random.inRange(1...40))
        }
    }

    /// The small API envelope of the lookup benchmark; `variant` changes the ids and the list length.
    ///
    /// ```json
    /// {"code":0,"msg":"ok","data":{"page":1,"total":3,"list":[{"id":1,"name":"item-1",...},...]},...}
    /// ```
    static func envelope(variant: Int) -> String {
        let items = (0..<(2 + variant)).map { n in
            let id = variant * 100 + n + 1
            return #"{"id":\#(id),"name":"item-\#(id)","tags":["a","b"],"price":\#(id).5,"active":true}"#
        }
        return #"{"code":0,"msg":"ok","data":{"page":1,"total":\#(items.count),"#
            + #""list":[\#(items.joined(separator: ","))]},"request_id":"req-\#(variant)-7f3a","cost_ms":12}"#
    }

    /// The `id` of the first list element in ``envelope(variant:)``.
    static func envelopeFirstID(variant: Int) -> Int {
        variant * 100 + 1
    }
}
