import APIMapping
import Testing

@Suite("The multi-pattern matcher")
struct MultiPatternMatcherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let patterns: [String]
        let text: String
        let covered: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "one pattern twice", patterns: ["tok-1234"], text: "a tok-1234 b tok-1234",
            covered: ["tok-1234", "tok-1234"]),
        Case(name: "nothing found", patterns: ["secret"], text: "nothing to see", covered: []),
        Case(name: "overlapping patterns merge", patterns: ["abcd", "cdef"], text: "xabcdefx", covered: ["abcdef"]),
        Case(name: "a pattern inside another", patterns: ["bcd", "abcde"], text: "zabcdez", covered: ["abcde"]),
        Case(
            name: "a later match reaches back", patterns: ["xy", "zw", "xy12zw34"], text: "-xy12zw34-",
            covered: ["xy12zw34"]),
        Case(name: "self-overlapping pattern", patterns: ["aaa"], text: "baaaaab", covered: ["aaaaa"]),
        Case(name: "adjacent matches stay apart", patterns: ["ab12"], text: "ab12ab12", covered: ["ab12", "ab12"]),
        Case(name: "failure links across prefixes", patterns: ["abcx", "bcy"], text: "abcy", covered: ["bcy"]),
        Case(name: "multi-byte letters", patterns: ["密码123"], text: "值:密码123。", covered: ["密码123"]),
        Case(name: "at both ends", patterns: ["edge"], text: "edge middle edge", covered: ["edge", "edge"]),
    ]

    @Test(arguments: cases, [false, true])
    func coversWhatThePatternsMatch(_ test: Case, sparse: Bool) {
        let matcher = MultiPatternMatcher(
            patterns: test.patterns.map { Array($0.utf8) }, denseLimit: sparse ? 0 : 1 << 22)
        #expect(matcher.isSparse == sparse)
        let bytes = Array(test.text.utf8)
        let covered = matcher.coveredRanges(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(covered == test.covered)
    }

    /// Random patterns over a small alphabet against a naive search: every byte a pattern covers is
    /// covered, and nothing else.
    @Test(arguments: [false, true])
    func agreesWithANaiveSearch(sparse: Bool) {
        var generator = SplitMix(seed: 7)
        for _ in 0..<200 {
            let patterns = (0..<Int(generator.next() % 6 + 1)).map { _ in
                (0..<Int(generator.next() % 4 + 1)).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 3) }
            }
            let text = (0..<40).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 3) }
            var expected = [Bool](repeating: false, count: text.count)
            for pattern in patterns where pattern.count <= text.count {
                for start in 0...(text.count - pattern.count)
                where Array(text[start..<start + pattern.count]) == pattern {
                    for index in start..<start + pattern.count { expected[index] = true }
                }
            }
            let matcher = MultiPatternMatcher(patterns: patterns, denseLimit: sparse ? 0 : 1 << 22)
            let ranges = matcher.coveredRanges(in: text)
            var actual = [Bool](repeating: false, count: text.count)
            for range in ranges { for index in range { actual[index] = true } }
            #expect(actual == expected, "\(patterns) in \(text)")
            // Ranges are sorted and never overlap.
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
        }
    }

    @Test func noPatternsFindNothing() {
        let matcher = MultiPatternMatcher(patterns: [[], []])
        #expect(matcher.isEmpty)
        #expect(matcher.coveredRanges(in: Array("anything".utf8)).isEmpty)
    }

    @Test func aLargeAutomatonKeepsSparseChildren() {
        // 2,000 patterns of 64 bytes over 64 byte classes would take a 33 MB table.
        var generator = SplitMix(seed: 11)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let patterns = (0..<2000).map { _ in (0..<64).map { _ in alphabet[Int(generator.next() % 64)] } }
        let matcher = MultiPatternMatcher(patterns: patterns)
        #expect(matcher.isSparse)
        let text = Array("before ".utf8) + patterns[1234] + Array(" after".utf8)
        #expect(matcher.coveredRanges(in: text) == [7..<71])
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }
}
