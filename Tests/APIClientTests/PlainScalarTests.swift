import APIMapping
import Testing
import Yams

@testable import APIClient

/// Profiles resolve plain scalars without Yams' regular expressions (`PlainScalar`); Yams' default
/// resolver is the oracle: both must give every scalar the same tag.
@Suite("Plain YAML scalars")
struct PlainScalarTests {
    static let scalars: [String] = [
        // null
        "", "~", "null", "Null", "NULL", "nUll", "nil",
        // bool, and near misses
        "yes", "Yes", "YES", "yEs", "no", "No", "NO", "on", "On", "ON", "oN", "off", "Off", "OFF", "oFF",
        "true", "True", "TRUE", "tRue", "false", "False", "FALSE", "y", "n", "t", "f",
        // int: decimal, octal, binary, hexadecimal, base 60
        "0", "00", "07", "08", "09", "0_7", "0o7", "0o17", "0o8", "0o", "-0o7", "0b", "0b101", "0b102", "-0b1",
        "+0b1_0", "0x", "0x1F", "0xg", "-0x_a", "0X1F", "12", "-12", "+12", "1_000", "_1", "1__", "1:20", "1:60",
        "1:5", "1:123", "-1:20:30", "0:20", "1:2:3", "1_:2", "1:", ":1", "1::2",
        // float
        "1:20.5", "1:20.", "1.", ".5", "._", ".", ".5e3", ".5e+3", ".5E-3", "1e5", "1E+5", "1e", "1e+", "1.5e-3",
        "-1.5", "+.5", "+1.", "-.inf", "+.Inf", ".INF", ".inf", ".iNf", "-inf", ".nan", ".NaN", ".NAN", "-.nan",
        ".Nan", "1.2.3", "1_2.3_4", "0.1", "00.1", "1.e5", "-_1",
        // strings that look like something else
        "v1.5", "12abc", "2026-11-23", "2026-11-23T10:00:00Z", "<<", "=", "-", "+", "１２", "0x１", "--1", "+-1",
        "1 2", "张伟", "https://api.github.com",
    ]

    /// The tag Yams' default resolver gives `text`, reduced to the tags profiles distinguish.
    static func oracle(_ text: String) -> Yams.Tag.Name {
        let name = Yams.Tag.Name(rawValue: Node(text).tag.rawValue)
        return [.null, .bool, .int, .float].contains(name) ? name : .str
    }

    @Test(arguments: scalars)
    func resolvesLikeYamsDefaultResolver(_ text: String) {
        #expect(PlainScalar.tag(of: text) == Self.oracle(text), "'\(text)'")
    }

    @Test(arguments: scalars)
    func readsBoolsLikeYams(_ text: String) {
        // Yams' `Node.bool` also accepts mixed case ("tRue"); the reader always asked for a bool tag first.
        let expected = Self.oracle(text) == .bool ? Node(text).bool : nil
        #expect(PlainScalar.bool(text) == expected, "'\(text)'")
    }

    @Test func profilesReadTypedValues() throws {
        let yaml = """
            name: typed
            base_url: http://127.0.0.1:1
            tls_verify: off
            envelope: {status: code, success: [0, "0", 1.5, yes, ok]}
            endpoints:
              e: {path: /e, body: [On, ~, 12, "yes", NO]}
            """
        let profile = try Profile(yaml: yaml, file: "profiles/typed.yaml")
        #expect(profile.tlsVerify == false)
        #expect(
            profile.envelope.success
                == .values([
                    .number(try #require(JSONNumber("0"))), .string("0"), .number(try #require(JSONNumber("1.5"))),
                    .bool(true), .string("ok"),
                ]))
        guard case .array(let body) = profile.endpoints.first?.body else {
            Issue.record("the body is not an array")
            return
        }
        #expect(body.count == 5)
        #expect(body[0] == .bool(true) && body[1] == .null && body[4] == .bool(false))
        #expect(body[2] == .number(try #require(JSONNumber("12"))))
        guard case .string = body[3] else {
            Issue.record("a quoted yes is a string, got \(body[3])")
            return
        }
    }
}
