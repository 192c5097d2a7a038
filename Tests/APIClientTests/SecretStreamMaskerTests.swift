import APIHTTP
import Testing

/// A body masked chunk by chunk comes out as the whole body masked at once, wherever the network
/// cuts it: across a value, inside a UTF-8 sequence, into one-byte chunks.
@Suite("Secret stream masker")
struct SecretStreamMaskerTests {
    static let patterns = SecretPatterns(values: ["hunter22", "tok-8086-ß", "hunter22-long"])

    static let bodies = [
        "pw=hunter22 ok",
        "hunter22hunter22",
        "a tok-8086-ß and hunter22-long and hunter2 (not one)",
        "nothing secret here at all",
        "hunter2",
        "",
    ]

    /// Every place one cut can fall, and one-byte chunks.
    @Test(arguments: bodies)
    func anyCutMasksAsTheWholeBody(_ body: String) {
        let bytes = Array(body.utf8)
        let whole = Self.patterns.mask(bytes: bytes)
        for cut in 0...bytes.count {
            #expect(Self.masked([Array(bytes[..<cut]), Array(bytes[cut...])]) == whole, "cut at \(cut)")
        }
        #expect(Self.masked(bytes.map { [$0] }) == whole)
    }

    @Test func holdsBackNoMoreThanCouldBeginAValue() throws {
        var stream = SecretPatterns.StreamMasker()
        // The longest form searched for: ß escaped for JSON (`\u00df`) makes that one longer than any value.
        let longest = try #require(Self.patterns.forms.map(\.utf8.count).max())
        #expect(longest == "tok-8086-\\u00df".utf8.count)
        let written = stream.mask(Array(String(repeating: "x", count: 100).utf8), with: Self.patterns)
        #expect(written.count == 100 - (longest - 1))
        #expect(stream.finish(with: Self.patterns).count == longest - 1)
    }

    @Test func withoutSecretsNothingIsHeldBack() {
        var stream = SecretPatterns.StreamMasker()
        #expect(stream.mask(Array("pw=hun".utf8), with: SecretPatterns()) == Array("pw=hun".utf8))
        #expect(stream.finish(with: SecretPatterns()).isEmpty)
    }

    @Test func aValueAddedBetweenChunksIsMaskedInWhatWasHeldBack() {
        var stream = SecretPatterns.StreamMasker()
        let first = SecretPatterns(values: ["unrelated-value"])
        let later = first.adding(["minted-7"])
        var out = stream.mask(Array("token minted".utf8), with: first)
        out += stream.mask(Array("-7 end".utf8), with: later)
        out += stream.finish(with: later)
        #expect(String(decoding: out, as: UTF8.self) == "token •••• end")
    }

    static func masked(_ chunks: [[UInt8]]) -> [UInt8] {
        var stream = SecretPatterns.StreamMasker()
        var out: [UInt8] = []
        for chunk in chunks { out += stream.mask(chunk, with: patterns) }
        return out + stream.finish(with: patterns)
    }
}
