import Foundation
import Testing

/// `probe` reads a file or standard input up to `--max-input` (256 MiB by default), and refuses more
/// before parsing it.
@Suite struct ProbeInputCapTests {
    @Test func probeReadsStandardInputUpToItsCap() async throws {
        let small = #"{"a":[1,2,3]}"#
        let fits = try await CommandRunner.run(["probe", "a>1", "-", "--max-input", "1KiB"], stdin: small)
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(fits.stdout == "2\n")
        let big = #"{"a":""# + String(repeating: "x", count: 4096) + #""}"#
        let refused = try await CommandRunner.run(["probe", "a", "-", "--max-input", "1KiB"], stdin: big)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("<stdin>: larger than 1.0 KiB, the most read from standard input"))
        #expect(refused.stdout.isEmpty)
        let file = try Subprocess.temporaryDirectory().appendingPathComponent("big.json")
        defer { CommandRunner.remove(file.deletingLastPathComponent()) }
        try Data(big.utf8).write(to: file)
        let fromFile = try await CommandRunner.run(["probe", "a", file.path, "--max-input", "1KiB"])
        #expect(fromFile.status == 2)
        #expect(fromFile.stderr.contains("larger than 1.0 KiB, the most read from a file"), "\(fromFile.stderr)")
        let tooMuch = try await CommandRunner.run(["probe", "a", "-", "--max-input", "1GiB"], stdin: small)
        #expect(tooMuch.status == 2, "\(tooMuch.stderr)")
        #expect(tooMuch.stderr.contains("--max-input 1 GiB is out of range; use 1 B to 256 MiB."), "\(tooMuch.stderr)")
    }

    /// XML is parsed as it is read, and still refused past the cap, even when what was read so far
    /// was well-formed.
    @Test func xmlIsRefusedPastTheCapAsItIsRead() async throws {
        let xml = "<a>" + String(repeating: "<b>x</b>", count: 2000) + "</a>"
        let refused = try await CommandRunner.run(["probe", "a>b>0", "-", "--max-input", "4KiB"], stdin: xml)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("<stdin>: larger than 4.0 KiB, the most read from standard input"))
        #expect(refused.stdout.isEmpty)
        let fits = try await CommandRunner.run(["probe", "a>b>1999", "-", "--max-input", "16KiB"], stdin: xml)
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(fits.stdout == "\"x\"\n")
    }

    /// A file larger than a chunk of the XML reader: an entity declaration after the first mebibyte
    /// is refused where it is, though the parse failed earlier, as over the whole file.
    @Test func entityDeclarationPastTheFirstChunkIsRefusedWhereItIs() async throws {
        let file = try Subprocess.temporaryDirectory().appendingPathComponent("late-entity.xml")
        defer { CommandRunner.remove(file.deletingLastPathComponent()) }
        let padding = String(repeating: "<!-- padding -->\n", count: 80_000)
        try Data(("<a>&</a>\n" + padding + "<!ENTITY x \"y\">\n").utf8).write(to: file)
        let output = try await CommandRunner.run(["probe", "a", file.path])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "\(file.path):80002:1: entity declarations are not accepted (<!ENTITY in the document type declaration)\n"
        )
    }
}
