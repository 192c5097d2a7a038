import APIClient
import APIHTTP
import APIMapping
import Testing

@testable import APIHistory

/// The model text history keeps: written only as far as needed, yet the same as redacting the whole
/// text and cutting it.
@Suite("Model text written only as far as kept")
struct ModelTextTests {
    static let token = "tok_9f8e7d6c5b4a3928171605f4e3d2c1b0"

    /// A redactor that knows the bearer token, as the recorder's would after a request that sent it.
    static func redactor() -> ExchangeRedactor {
        var redactor = ExchangeRedactor(redaction: Redaction())
        redactor.learnSecrets(headers: [("Authorization", "Bearer \(token)")], url: "http://x/", body: nil)
        return redactor
    }

    /// Records of `width` filler characters, with the token echoed in some of them.
    static func records(count: Int, filler: String, width: Int, tokenEvery: Int) -> String {
        let items = (0..<count).map { index in
            let text = String(repeating: filler, count: width)
            let echoed = tokenEvery > 0 && index % tokenEvery == 0 ? token : ""
            return #"{"id":\#(index),"note":"\#(text)\#(echoed)"}"#
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    static let cases: [(name: String, json: String, limit: Int)] = [
        ("small model, under the limit", #"{"user":"ada","token":"\#(token)"}"#, 4096),
        ("large ASCII model", records(count: 5_000, filler: "x", width: 40, tokenEvery: 7), 4096),
        ("large CJK model", records(count: 3_000, filler: "数据", width: 30, tokenEvery: 11), 4096),
        (
            "token across the first chunk's end", records(count: 2_000, filler: "y", width: 16_300, tokenEvery: 1),
            16_330
        ),
        ("limit inside a token", records(count: 2_000, filler: "z", width: 3, tokenEvery: 1), 45),
        ("limit of one", records(count: 100, filler: "w", width: 5, tokenEvery: 1), 1),
        (
            "tokens everywhere", "[" + Array(repeating: #""\#(token)""#, count: 20_000).joined(separator: ",") + "]",
            9_000
        ),
    ]

    @Test(arguments: cases)
    func keepsWhatRedactingTheWholeTextKeeps(_ name: String, _ json: String, _ limit: Int) throws {
        let node = try JSONDocument(parsing: json).root
        let redactor = Self.redactor()
        let expected = String(redactor.text(node.jsonText()).prefix(limit))
        let kept = ExchangeRow.keptModelText(node, redactor: redactor, limit: limit)
        #expect(kept == expected)
        #expect(!kept.contains(String(Self.token.prefix(8))), "a piece of the token was kept")
    }

    @Test func withoutSecretsKeepsThePlainPrefix() throws {
        let node = try JSONDocument(parsing: Self.records(count: 10_000, filler: "a", width: 20, tokenEvery: 0)).root
        let kept = ExchangeRow.keptModelText(node, redactor: ExchangeRedactor(redaction: Redaction()), limit: 4096)
        #expect(kept == String(node.jsonText().prefix(4096)))
    }
}
