import APIClient
import APIHTTP
import APIMapping
import Foundation
import Testing

@Suite("Secret patterns and the secret gate")
struct SecretPatternsTests {
    @Test(
        arguments: [
            ("as it is", "tok/9f3a+7c", "echo tok/9f3a+7c", "echo ••••"),
            ("percent-encoded", "tok/9f3a+7c", "u=tok%2F9f3a%2B7c&x=1", "u=••••&x=1"),
            ("escaped slash in JSON", "tok/9f3a+7c", #"{"t":"tok\/9f3a+7c"}"#, #"{"t":"••••"}"#),
            ("quote escaped in JSON", "ab\"cd-ef", #"{"t":"ab\"cd-ef"}"#, #"{"t":"••••"}"#),
            ("non-ASCII escaped in JSON", "pässwörd-1", #"{"p":"p\u00e4ssw\u00f6rd-1"}"#, #"{"p":"••••"}"#),
            ("escaped for a terminal", "tok\r12345", "value tok\\u000d12345 end", "value •••• end"),
            ("escaped in XML", "a&b<c>d-9", "<failure>a&amp;b&lt;c&gt;d-9</failure>", "<failure>••••</failure>"),
            ("trimmed", "  padded-secret\n", "x padded-secret y", "x •••• y"),
            ("a form's plus for a space", "two words!", "a=two+words%21", "a=••••"),
        ])
    func everyFormIsMasked(_ name: String, value: String, text: String, expected: String) {
        #expect(SecretPatterns(values: [value]).mask(text) == expected, "\(name)")
    }

    @Test(arguments: ["", "12345", "true", "••••"])
    func shortValuesAreNotHuntedDown(value: String) {
        let patterns = SecretPatterns(values: [value])
        #expect(patterns.isEmpty)
        #expect(patterns.mask("1234567 true 12345") == "1234567 true 12345")
    }

    @Test func aLongValueIsMaskedByItsBeginning() {
        let value = String(repeating: "k", count: SecretPatterns.maximumLength) + "-tail"
        let masked = SecretPatterns(values: [value]).mask("[" + value + "]")
        #expect(masked == "[••••-tail]")
    }

    @Test(
        arguments: [
            ("a string", #"{"a":"x tok-12345678 y"}"#, #"{"a":"x •••• y"}"#),
            ("a key", #"{"tok-12345678":1}"#, #"{"••••":1}"#),
            ("a number", #"{"pin":12345678}"#, #"{"pin":"••••"}"#),
            ("a number holding it", #"[9912345678.5,1]"#, #"["••••",1]"#),
            ("several in one string", #"["tok-12345678 and tok-12345678"]"#, #"["•••• and ••••"]"#),
            ("pretty JSON", "{\n  \"a\" : \"tok-12345678\"\n}", "{\n  \"a\" : \"••••\"\n}"),
        ])
    func maskedJSONStaysJSON(_ name: String, json: String, expected: String) throws {
        let patterns = SecretPatterns(values: ["tok-12345678", "12345678"])
        let masked = patterns.maskJSON(json)
        #expect(masked == expected, "\(name)")
        _ = try JSONDocument(parsing: Array(masked.utf8))
    }

    @Test func aValueQuotedWithItsQuotesIsMaskedWithThem() throws {
        // The raw form of a value that starts with a quote matches at a string's opening quote.
        let masked = SecretPatterns(values: ["\"opening-quote"]).maskJSON(#"{"a":"x","b":"opening-quote"}"#)
        _ = try JSONDocument(parsing: Array(masked.utf8))
        #expect(!masked.contains("opening-quote"))
    }

    /// Many secrets over a large body is one pass: the result equals masking one secret at a time.
    @Test func manySecretsInOnePassEqualOneAtATime() {
        let secrets = (0..<300).map { "secret-\($0)-\(String($0 * 7919, radix: 36))" }
        var text = ""
        for index in 0..<3000 { text += "line \(index): " + (index % 7 == 0 ? secrets[index % 300] : "plain") + "\n" }
        var expected = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            expected = expected.replacing(secret, with: "••••")
        }
        #expect(SecretPatterns(values: secrets).mask(text) == expected)
    }

    @Test func theGateKeepsWhatItLearnsAndCompilesOnDemand() {
        let gate = SecretGate()
        #expect(gate.mask("tok-aaaaaaa") == "tok-aaaaaaa")
        gate.add(["tok-aaaaaaa", "tok-aaaaaaa", "short"])
        #expect(gate.values == ["tok-aaaaaaa"])
        #expect(gate.mask("tok-aaaaaaa!") == "••••!")
        gate.add(["tok-bbbbbbb"])
        #expect(gate.mask("tok-aaaaaaa tok-bbbbbbb") == "•••• ••••")
        #expect(gate.description == "SecretGate(2 values)")
    }

    @Test func theGateIsBounded() {
        let gate = SecretGate()
        gate.add((0..<(SecretGate.maximumValues + 10)).map { "value-\($0)-padding" })
        #expect(gate.values.count == SecretGate.maximumValues)
        #expect(gate.refusedCount == 10)
    }

    @Test(arguments: [
        ("token", true), ("accessToken", true), ("Access-Token", true), ("ACCESS_TOKEN", true),
        ("refresh_token", true), ("client_secret", true), ("password", true), ("token_type", false),
        ("author", false), ("key", false), ("expires_in", false),
    ])
    func credentialFieldNames(name: String, isCredential: Bool) {
        #expect(CredentialFieldNames.isCredential(name) == isCredential)
    }

    @Test func credentialFieldsAreFoundAtAnyDepth() throws {
        let text = #"{"data":{"accessToken":"at-123456789","token_type":"Bearer","list":[{"password":"pw-98765432"}]}}"#
        let document = try JSONDocument(parsing: Array(text.utf8))
        let found = CredentialFieldNames.values(in: document.root, text: Array(text.utf8))
        #expect(Set(found) == ["at-123456789", "pw-98765432"])
        let plain = #"{"data":{"name":"ada"}}"#
        let none = try JSONDocument(parsing: Array(plain.utf8))
        #expect(CredentialFieldNames.values(in: none.root, text: Array(plain.utf8)).isEmpty)
    }
}
