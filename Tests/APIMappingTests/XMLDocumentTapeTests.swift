import Foundation
import Testing

@testable import APIMapping

/// The document an XML body becomes is the one the JSON-text path made (the builder's JSON text,
/// then parsed): its tree matches digests recorded from that path, and its tape is exactly what
/// parsing its own text gives.
///
/// `Fixtures/xml-json-digests.txt` holds, for every fixture feed, hostile document, fuzz-corpus line
/// and edge document, the length and FNV-1a digest of the compact JSON of its tree, or its error. It
/// was recorded from `apiexplore probe --xml --pointer ''` built at 752f695, before the builder wrote
/// the tape itself. `RECORD_SNAPSHOTS=1` re-records it, for a deliberate change of the mapping only.
@Suite struct XMLDocumentTapeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        /// A fuzz-corpus line, or the whole file.
        let line: Int?
        let withArrays: Bool
        var testDescription: String { name }

        func bytes() throws -> [UInt8] {
            let bytes = try Fixtures.bytes(input)
            guard let line else { return bytes }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            return Array(lines[line].utf8)
        }

        func options() throws -> XMLConversionOptions {
            guard withArrays else { return XMLConversionOptions() }
            return XMLConversionOptions(alwaysArray: try XMLDocumentTapeTests.arrayPaths.map { try ProfilePath($0) })
        }
    }

    /// The `alwaysArray` paths of the second conversion of each file: feed items, and edge documents' elements.
    static let arrayPaths = ["rss>channel>item", "feed>entry", "r", "r>e", "a>c"]

    static let cases: [Case] = {
        var cases: [Case] = []
        for folder in [
            "feeds/feedkit-fixtures", "feeds/gofeed-edge-cases", "feeds/pairs", "feeds/real", "xml-attacks/defusedxml",
            "xml-attacks/payloadsallthethings", "xml-edge",
        ] {
            let files = (try? Fixtures.files(in: folder)) ?? []
            for file in files.map(\.lastPathComponent) where !Self.skipped.contains(where: file.hasSuffix) {
                cases.append(Case(name: "\(folder)/\(file)", input: "\(folder)/\(file)", line: nil, withArrays: false))
                cases.append(
                    Case(name: "\(folder)/\(file), arrays", input: "\(folder)/\(file)", line: nil, withArrays: true))
            }
        }
        for file in ["XXE_Fuzzing.txt", "xml-attacks.txt"] {
            let path = "xml-attacks/payloadsallthethings/\(file)"
            let text = String(decoding: (try? Fixtures.bytes(path)) ?? [], as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true).indices {
                cases.append(Case(name: "\(file) line \(line + 1)", input: path, line: line, withArrays: false))
            }
        }
        return cases
    }()

    /// Files in the fixture folders that are not XML documents.
    static let skipped = ["LICENSE", ".md", ".json", ".txt"]

    /// The length and FNV-1a digest of the compact JSON of the case's tree, or its error.
    static func outcome(of testCase: Case) throws -> String {
        let bytes = try testCase.bytes()
        let options = try testCase.options()
        do {
            let document = try JSONDocument(xml: bytes, options: options)
            let text = JSONWriter.bytes(of: document.root, style: .compact)
            return "\(text.count) \(String(fnv1a(text), radix: 16))"
        } catch {
            return "\(error.line):\(error.column) \(error.message)"
        }
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return hash
    }

    static let digestFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xml-json-digests.txt")

    @Test func treesMatchTheJSONTextPath() throws {
        #expect(Self.cases.count > 200)
        var lines: [String] = []
        for testCase in Self.cases { lines.append("\(testCase.name) | \(try Self.outcome(of: testCase))") }
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: Self.digestFile)
            return
        }
        let recorded = String(decoding: try Data(contentsOf: Self.digestFile), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(recorded.count == lines.count)
        for (line, expected) in zip(lines, recorded) {
            #expect(line == expected)
        }
    }

    /// A tape record's fields, to compare records.
    struct Record: Equatable {
        let header: UInt32
        let offset: UInt32
        let length: UInt32
        let next: UInt32

        init(_ node: JSONTape.Node) {
            (header, offset, length, next) = (node.header, node.offset, node.length, node.next)
        }
    }

    @Test(arguments: cases)
    func tapeIsWhatParsingTheTextGives(_ testCase: Case) throws {
        let bytes = try testCase.bytes()
        let options = try testCase.options()
        // Refused inputs have no tape; their errors are compared by `treesMatchTheJSONTextPath`.
        guard case .success(let document) = Result(catching: { try JSONDocument(xml: bytes, options: options) })
        else { return }
        let parsed = try JSONDocument(parsing: document.bytes, options: JSONParseOptions(maximumDepth: .max))
        #expect(document.storage.nodes.map(Record.init) == parsed.storage.nodes.map(Record.init))
    }

    @Test(arguments: [false, true])
    func untrimmedTextKeepsTheTapeConsistent(trimsText: Bool) throws {
        let bytes = try Fixtures.bytes("xml-edge/mixed-content.xml")
        let document = try JSONDocument(xml: bytes, options: XMLConversionOptions(trimsText: trimsText))
        let parsed = try JSONDocument(parsing: document.bytes, options: JSONParseOptions(maximumDepth: .max))
        #expect(document.storage.nodes.map(Record.init) == parsed.storage.nodes.map(Record.init))
        let text = "a\nb\nc    mixed  text" + (trimsText ? "" : "  ")
        #expect(document.root["r"]?["#text"]?.stringValue == text)
    }
}
