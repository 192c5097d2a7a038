import Foundation
import Testing

@testable import APIMapping

/// Numbers keep their text; accessors are checked.
@Suite struct JSONNumberTests {
    @Test(arguments: ["12345678901234567890", "1.10", "1e400", "-0", "0.000", "1E+2", "-1.5e-300"])
    func textSurvivesARoundTrip(_ text: String) throws {
        let document = try JSONDocument(parsing: "[\(text)]")
        #expect(document.root[0]?.numberValue?.text == text)
        #expect(document.root.jsonText() == "[\(text)]")
        #expect(document.root.jsonText(style: .pretty) == "[\n  \(text)\n]")
    }

    struct Accessors: Sendable, CustomTestStringConvertible {
        let text: String
        let int: Int?
        let uint64: UInt64?
        let double: Double?
        let decimal: String?
        var testDescription: String { text }
    }

    @Test(arguments: [
        Accessors(text: "42", int: 42, uint64: 42, double: 42, decimal: "42"),
        Accessors(text: "-7", int: -7, uint64: nil, double: -7, decimal: "-7"),
        Accessors(text: "1e2", int: 100, uint64: 100, double: 100, decimal: "100"),
        Accessors(text: "100.0", int: 100, uint64: 100, double: 100, decimal: "100"),
        Accessors(text: "1.5", int: nil, uint64: nil, double: 1.5, decimal: "1.5"),
        Accessors(
            text: "9223372036854775807", int: Int.max, uint64: 9_223_372_036_854_775_807,
            double: 9.223372036854775807e18, decimal: "9223372036854775807"),
        Accessors(
            text: "-9223372036854775808", int: Int.min, uint64: nil, double: -9.223372036854775808e18,
            decimal: "-9223372036854775808"),
        Accessors(
            text: "9223372036854775808", int: nil, uint64: 9_223_372_036_854_775_808,
            double: 9.223372036854775808e18, decimal: "9223372036854775808"),
        Accessors(
            text: "12345678901234567890", int: nil, uint64: 12_345_678_901_234_567_890,
            double: 1.2345678901234567e19, decimal: "12345678901234567890"),
        Accessors(text: "1e400", int: nil, uint64: nil, double: nil, decimal: nil),
        Accessors(text: "1e-400", int: nil, uint64: nil, double: nil, decimal: nil),
        Accessors(text: "0e-400", int: 0, uint64: 0, double: 0, decimal: "0"),
        Accessors(text: "-0", int: 0, uint64: 0, double: -0.0, decimal: "0"),
        Accessors(
            text: "123456789012345678901234567890123456789", int: nil, uint64: nil,
            double: 1.2345678901234568e38, decimal: nil),
    ])
    func checkedAccessors(_ expected: Accessors) throws {
        let number = try #require(JSONNumber(expected.text))
        #expect(number.int == expected.int)
        #expect(number.uint64 == expected.uint64)
        #expect(number.double == expected.double)
        #expect(number.decimal.map { "\($0)" } == expected.decimal)
    }

    @Test(arguments: ["", "+1", "01", ".5", "1.", "1e", "NaN", "Infinity", "0x10", "1 ", "--1"])
    func invalidTextIsRejected(_ text: String) {
        #expect(JSONNumber(text) == nil)
    }

    @Test(arguments: [
        ("200", "200.0", JSONNumber.NumericOrder.equal),
        ("2e2", "200", .equal),
        ("-0", "0", .equal),
        ("0.1", "0.10000000000000000001", .less),
        ("12345678901234567891", "12345678901234567890", .greater),
        ("-5", "3", .less),
        ("-5", "-50e-1", .equal),
        ("1e400", "1e399", .greater),
        ("-1e-400", "0", .less),
    ])
    func numericComparisonIsExact(_ lhs: String, _ rhs: String, _ order: JSONNumber.NumericOrder) throws {
        let a = try #require(JSONNumber(lhs))
        let b = try #require(JSONNumber(rhs))
        #expect(a.numericallyCompare(b) == order)
        #expect(a == b ? lhs == rhs : true, "equality is by text")
    }

    @Test func numbersFromSwiftValues() throws {
        #expect(JSONNumber(42).text == "42")
        #expect(JSONNumber(0.1)?.text == "0.1")
        #expect(JSONNumber(3.0)?.text == "3")
        #expect(JSONNumber(-0.0)?.text == "-0")
        #expect(JSONNumber(Double.infinity) == nil)
        #expect(JSONNumber(Double.nan) == nil)
    }
}

extension JSONNumberTests {
    @Test(arguments: [
        ("0000", "0"), (" 007 ", "7"), ("+1.5", "1.5"), ("-00.5", "-0.5"), ("00e3", "0e3"), ("12", "12"),
        ("-0", "-0"),
    ])
    func coercingReadsLenientNumericStrings(_ text: String, _ expected: String) {
        #expect(JSONNumber(coercing: text)?.text == expected)
    }

    @Test(arguments: ["", "abc", "1,5", "0x1F", "++1", "+-1", "1.", "NaN"])
    func coercingStillRejectsNonNumbers(_ text: String) {
        #expect(JSONNumber(coercing: text) == nil)
    }
}

/// One canonical text per value: what the model store keys identities by.
@Suite struct JSONNumberCanonicalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let texts: [String]
        let canonical: String
        var testDescription: String { texts.joined(separator: " = ") }
    }

    @Test(arguments: [
        Case(texts: ["1", "1.0", "1e0", "1E+0", "10e-1", "0.1e1", "100e-2"], canonical: "1"),
        Case(texts: ["0", "-0", "0.000", "0e5", "-0.0E-3"], canonical: "0"),
        Case(texts: ["1001", "1001.0", "1.001e3", "100100e-2"], canonical: "1001"),
        Case(
            texts: ["12345678901234567890", "12345678901234567890.0", "1.234567890123456789e19"],
            canonical: "12345678901234567890"),
        Case(texts: ["-42", "-42.00", "-4.2e1"], canonical: "-42"),
        Case(texts: ["0.5", "0.50", "5e-1", "50E-2"], canonical: "0.5"),
        Case(texts: ["123.456", "1.23456e2", "123456e-3"], canonical: "123.456"),
        Case(texts: ["0.000001", "1e-6"], canonical: "0.000001"),
        Case(texts: ["-0.0000000125", "-1.25e-8", "-125e-10"], canonical: "-1.25e-8"),
        Case(texts: ["1e400", "1E+400", "10e399", "1.0e400"], canonical: "1e400"),
        Case(texts: ["1e40", "10000000000000000000000000000000000000000"], canonical: "1e40"),
        Case(
            texts: ["1e39", "1000000000000000000000000000000000000000"],
            canonical: "1000000000000000000000000000000000000000"),
        Case(texts: ["-1.5e-300", "-15e-301"], canonical: "-1.5e-300"),
    ])
    func equalValuesShareOneText(_ testCase: Case) throws {
        for text in testCase.texts {
            let number = try #require(JSONNumber(text))
            #expect(number.canonicalText == testCase.canonical, "\(text)")
            // The canonical text is a JSON number of the same value.
            let canonical = try #require(JSONNumber(number.canonicalText))
            #expect(canonical.numericallyCompare(number) == .equal, "\(text)")
        }
    }

    @Test(arguments: [("1", "1.0000000000000000000001"), ("12345678901234567890", "12345678901234567891"), ("1", "-1")])
    func differentValuesKeepDifferentTexts(_ lhs: String, _ rhs: String) throws {
        let left = try #require(JSONNumber(lhs))
        let right = try #require(JSONNumber(rhs))
        #expect(left.canonicalText != right.canonicalText)
    }
}
