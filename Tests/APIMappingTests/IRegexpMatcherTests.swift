import Testing

@testable import APIMapping

/// The I-Regexp engine: RFC 9485 semantics by Unicode scalar, matched by an automaton in time
/// linear in the subject, with bounded memory.
@Suite("I-Regexp matching")
struct IRegexpMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var pattern: String
        var subject: String
        var match: Bool
        var search: Bool
        var testDescription: String { "\(pattern) ~ \(subject.debugDescription)" }
    }

    static func matches(_ pattern: String, _ subject: String, whole: Bool) throws -> Bool {
        let regexp = try IRegexp.compile(pattern).get()
        return IRegexp.Matcher(regexp).matches(subject, whole: whole)
    }

    static let cases: [Case] = [
        Case(pattern: "abc", subject: "abc", match: true, search: true),
        Case(pattern: "abc", subject: "xabcx", match: false, search: true),
        Case(pattern: "", subject: "", match: true, search: true),
        Case(pattern: "", subject: "x", match: false, search: true),
        Case(pattern: "a.c", subject: "a\nc", match: false, search: false),
        Case(pattern: "a.c", subject: "a🙂c", match: true, search: true),
        Case(pattern: "^ab.*", subject: "abc", match: true, search: true),
        Case(pattern: "^b", subject: "ab", match: false, search: false),
        Case(pattern: "a$", subject: "ba", match: false, search: true),
        Case(pattern: "a$", subject: "ab", match: false, search: false),
        Case(pattern: "$^", subject: "", match: true, search: true),
        Case(pattern: "[a-c]+", subject: "abcabc", match: true, search: true),
        Case(pattern: "[^a-c]", subject: "d", match: true, search: true),
        Case(pattern: "[^a-c]", subject: "b", match: false, search: false),
        Case(pattern: "[-a]", subject: "-", match: true, search: true),
        Case(pattern: #"[\]\\]"#, subject: "\\", match: true, search: true),
        Case(pattern: "colou?r", subject: "color", match: true, search: true),
        Case(pattern: "(ab|cd){2,3}", subject: "abcd", match: true, search: true),
        Case(pattern: "(ab|cd){2,3}", subject: "ab", match: false, search: false),
        Case(pattern: "(ab|cd){2,3}", subject: "abcdabcd", match: false, search: true),
        Case(pattern: "a{3}", subject: "aaa", match: true, search: true),
        Case(pattern: "a{3}", subject: "aa", match: false, search: false),
        Case(pattern: "a{2,}", subject: "aaaaaa", match: true, search: true),
        Case(pattern: "x{0}", subject: "", match: true, search: true),
        Case(pattern: "(a*)*b", subject: "aaab", match: true, search: true),
        Case(pattern: "()*", subject: "", match: true, search: true),
        Case(pattern: #"\p{Lu}\p{Ll}+"#, subject: "Élan", match: true, search: true),
        Case(pattern: #"\P{L}"#, subject: "7", match: true, search: true),
        Case(pattern: #"\p{L}"#, subject: "杭", match: true, search: true),
        Case(pattern: #"[\p{Nd}x]+"#, subject: "1x2٣", match: true, search: true),
        Case(pattern: #"\p{Nd}"#, subject: "a", match: false, search: false),
        Case(pattern: #"a\.b"#, subject: "a.b", match: true, search: true),
        Case(pattern: #"a\.b"#, subject: "axb", match: false, search: false),
        Case(pattern: #"\t\n"#, subject: "\t\n", match: true, search: true),
        // Matched by scalar: e + combining acute is two scalars.
        Case(pattern: "e.", subject: "e\u{301}", match: true, search: true),
        Case(pattern: "张.", subject: "张伟", match: true, search: true),
    ]

    @Test(arguments: cases)
    func matchAndSearch(_ testCase: Case) throws {
        #expect(try Self.matches(testCase.pattern, testCase.subject, whole: true) == testCase.match)
        #expect(try Self.matches(testCase.pattern, testCase.subject, whole: false) == testCase.search)
    }

    /// Patterns that take a backtracking engine exponential time, against subjects of up to 10,000
    /// scalars: over 1,000 evaluations, each one pass over its subject (the CI time limit is the
    /// guard). Once a pattern's automaton is built, more input costs no new closures: the work is
    /// bounded by the pattern, not by backtracking over the subject.
    @Test func pathologicalPatternsFinishInOnePass() throws {
        let patterns = ["(a+)+$", "(a|a)*b", "(a|aa)+$", "(.*)*x", "((a{1,10}){1,10}){1,10}$", "(a*)*(b*)*c"]
        var evaluations = 0
        for pattern in patterns {
            let matcher = IRegexp.Matcher(try IRegexp.compile(pattern).get())
            for length in [30, 100, 1_000, 10_000] {
                let subject = String(repeating: "a", count: length) + "!"
                for _ in 0..<45 {
                    #expect(!matcher.matches(subject, whole: true))
                    #expect(!matcher.matches(subject, whole: false))
                    evaluations += 2
                }
            }
            let built = matcher.closures
            #expect(!matcher.matches(String(repeating: "a", count: 10_000) + "!", whole: false))
            #expect(matcher.closures == built, "\(pattern): \(matcher.closures - built) new closures")
        }
        #expect(evaluations >= 1_000)
        #expect(try Self.matches("(a+)+$", String(repeating: "a", count: 30), whole: false))
    }

    @Test func aFourKilobytePatternOverAOneMegabyteSubject() throws {
        // 4 KB of alternatives of classes and repeats, none of which occurs, then one that does at the end.
        var alternatives: [String] = []
        var size = 0
        var index = 0
        while size < 4_000 {
            let alternative = "[q-z]{2}x\(index)y(b|c)+"
            alternatives.append(alternative)
            size += alternative.count + 1
            index += 1
        }
        let pattern = "(" + alternatives.joined(separator: "|") + ")$"
        #expect(pattern.utf8.count >= 4_000)
        let subject = String(repeating: "abcdefghij", count: 100_000) + "qqx7ybc"
        #expect(subject.utf8.count > 1_000_000)
        let matcher = IRegexp.Matcher(try IRegexp.compile(pattern).get())
        #expect(matcher.matches(subject, whole: false))
        #expect(!matcher.matches(subject + "!", whole: false))
    }

    @Test func theDFACacheIsEmptiedWhenFullAndMatchingGoesOn() throws {
        // `(a|b)*a(a|b){13}`: a DFA for it needs 2^14 states, past the cache's limit.
        let matcher = IRegexp.Matcher(try IRegexp.compile("(a|b)*a(a|b){13}").get())
        var subject = ""
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60_000 { subject.unicodeScalars.append(Bool.random(using: &generator) ? "a" : "b") }
        let expected = Array(subject.unicodeScalars).dropLast(13).last == "a"
        #expect(matcher.matches(subject, whole: true) == expected)
        #expect(matcher.closures > IRegexp.Matcher.maximumStates)
    }

    @Test(arguments: ["(a{1000}){1000}", "a{100001}", "(){1099511627776}", "((a{100}){100}){100}"])
    func repeatsThatExpandTooFarAreRefused(pattern: String) {
        guard case .failure(let failure) = IRegexp.compile(pattern) else {
            Issue.record("\(pattern) compiled")
            return
        }
        #expect(failure.message.hasPrefix("pattern too large"), "\(failure.message)")
    }

    @Test func aPatternTooLargeInAFilterIsLogicalFalseNotACrash() throws {
        let document = try JSONDocument(parsing: #"{"a": ["aaa", "b"]}"#)
        let matches = try JSONPath("$.a[?match(@, '(a{1000}){1000}')]").select(in: document.root)
        #expect(matches.isEmpty)
        let found = try JSONPath("$.a[?search(@, '(a+)+$')]").select(in: document.root)
        #expect(found.map(\.node.stringValue) == ["aaa"])
    }
}
