import APITerminalUI
import Testing

@Suite("Kitty graphics protocol")
struct KittyGraphicsTests {
    @Test("A small image is one sequence with the whole command")
    func singleSequence() {
        let sequences = KittyGraphics.sequences(png: [0x89, 0x50, 0x4E, 0x47], columns: 20, rows: 5)
        #expect(sequences == ["\u{1B}_Ga=T,f=100,q=2,c=20,r=5,m=0;iVBORw==\u{1B}\\"])
    }

    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func base64(input: String, expected: String) {
        let payload = KittyGraphics.sequences(png: Array(input.utf8), columns: 1, rows: 1).map(Self.payload).joined()
        #expect(payload == expected)
    }

    @Test func allByteValuesEncode() {
        let bytes = (0...255).map { UInt8($0) }
        let payload = KittyGraphics.sequences(png: bytes, columns: 1, rows: 1).map(Self.payload).joined()
        #expect(payload.hasPrefix("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7"))
        #expect(payload.hasSuffix("8PHy8/T19vf4+fr7/P3+/w=="))
    }

    @Test("Large images are chunked at 4096 base64 bytes; only the first chunk carries the command")
    func chunking() {
        // 10,000 bytes are 13,336 base64 bytes: three full chunks and one of 1,048.
        let png = [UInt8](repeating: 0, count: 10_000)
        let sequences = KittyGraphics.sequences(png: png, columns: 40, rows: 12)
        #expect(sequences.count == 4)
        #expect(sequences.map { Self.payload($0).count } == [4096, 4096, 4096, 1048])
        #expect(sequences.first?.hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=40,r=12,m=1;AAAA") == true)
        #expect(sequences.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;AAAA") })
        #expect(sequences.last == "\u{1B}_Gm=0;" + String(repeating: "A", count: 1044) + "AA==\u{1B}\\")
        #expect(sequences.allSatisfy { $0.hasSuffix("\u{1B}\\") })
    }

    @Test("An exact multiple of the chunk size leaves no empty last chunk")
    func exactMultiple() {
        let sequences = KittyGraphics.sequences(png: [UInt8](repeating: 0, count: 3072 * 2), columns: 1, rows: 1)
        #expect(sequences.map { Self.payload($0).count } == [4096, 4096])
        #expect(sequences.last?.hasPrefix("\u{1B}_Gm=0;") == true)
    }

    @Test(arguments: [(0, 0, "a=T,f=100,q=2,m=0"), (-1, 3, "a=T,f=100,q=2,r=3,m=0"), (7, 0, "a=T,f=100,q=2,c=7,m=0")])
    func unsizedBoxSidesAreLeftOut(columns: Int, rows: Int, keys: String) {
        #expect(
            KittyGraphics.sequences(png: [1, 2, 3], columns: columns, rows: rows) == ["\u{1B}_G\(keys);AQID\u{1B}\\"])
    }

    @Test func noBytesNoSequences() {
        #expect(KittyGraphics.sequences(png: [], columns: 10, rows: 10).isEmpty)
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], true),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], true),
        (["TERM_PROGRAM": "WezTerm"], true),
        (["TERM_PROGRAM": "ghostty"], true),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], false),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""], false),
        ([:], false),
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0", "KITTY_WINDOW_ID": "1"], false),
        (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1000/default,1,0"], false),
        (["TERM": "xterm-kitty", "TMUX": "/tmp/t", "APIEXPLORE_KITTY_GRAPHICS": "1"], true),
        (["TERM": "xterm-kitty", "APIEXPLORE_KITTY_GRAPHICS": "0"], false),
        (["TERM": "dumb", "APIEXPLORE_KITTY_GRAPHICS": "1"], true),
    ])
    func supported(environment: [String: String], expected: Bool) {
        #expect(KittyGraphics.isSupported(environment: environment) == expected)
    }

    /// The base64 between the control data's `;` and the closing `ESC \`.
    private static func payload(_ sequence: String) -> String {
        guard let semicolon = sequence.firstIndex(of: ";") else { return "" }
        return String(sequence[sequence.index(after: semicolon)...].dropLast(2))
    }
}
