import Foundation
import Testing

@testable import APIMapping

/// XML read from a source a chunk at a time (`XMLToJSON.document(reading:…)`, what `probe` does with
/// a file) gives what the same bytes give from memory: the same tree, the same error at the same
/// position, whatever the chunk size, and entity declarations refused before the parser sees them.
@Suite struct XMLStreamingTests {
    struct ReadFailure: Error, Equatable {}

    /// A source over `bytes` that hands out at most `step` bytes a read (short reads, as a pipe gives).
    static func stream(
        _ bytes: [UInt8], options: XMLConversionOptions = XMLConversionOptions(), chunkSize: Int = 1 << 20,
        step: Int = .max, failAt: Int? = nil
    ) -> Result<JSONDocument, XMLStreamError<ReadFailure>> {
        var offset = 0
        return Result { () throws(XMLStreamError<ReadFailure>) in
            try XMLToJSON.document(
                reading: { (buffer) throws(ReadFailure) in
                    if let failAt, offset >= failAt { throw ReadFailure() }
                    let count = min(buffer.count, bytes.count - offset, step)
                    buffer.copyBytes(from: bytes[offset..<offset + count])
                    offset += count
                    return count
                }, expectedSize: bytes.count, options: options, chunkSize: chunkSize)
        }
    }

    /// What a result comes to, as `XMLDocumentTapeTests` records it: the compact JSON, or the error.
    static func outcome(_ result: Result<JSONDocument, XMLStreamError<ReadFailure>>) -> String {
        switch result {
        case .success(let document):
            String(decoding: JSONWriter.bytes(of: document.root, style: .compact), as: UTF8.self)
        case .failure(.conversion(let error)): "\(error.line):\(error.column) \(error.message)"
        case .failure(.read): "read failed"
        }
    }

    static func outcome(fromMemory bytes: [UInt8], options: XMLConversionOptions = XMLConversionOptions()) -> String {
        do {
            return String(
                decoding: JSONWriter.bytes(of: try JSONDocument(xml: bytes, options: options).root, style: .compact),
                as: UTF8.self)
        } catch {
            return "\(error.line):\(error.column) \(error.message)"
        }
    }

    /// Every pinned feed, hostile document and corpus line, streamed in chunks of several sizes
    /// (the first chunk is always at least 1,024 bytes, for the encoding declaration), with reads
    /// cut short: what memory gives. With a comment of 2 KB in front of the root, each document's
    /// markup crosses chunk boundaries everywhere.
    @Test(arguments: XMLDocumentTapeTests.cases)
    func streamedIsWhatMemoryGives(_ testCase: XMLDocumentTapeTests.Case) throws {
        let bytes = try testCase.bytes()
        let options = try testCase.options()
        let expected = Self.outcome(fromMemory: bytes, options: options)
        // Byte by byte only for the smaller documents: it is slow, and they cover every kind of markup.
        let sizes = [(1 << 20, Int.max), (7, 5), (64, 1000)] + (bytes.count < 32_768 ? [(1, 1)] : [])
        for (chunkSize, step) in sizes {
            let streamed = Self.outcome(Self.stream(bytes, options: options, chunkSize: chunkSize, step: step))
            #expect(streamed == expected, "chunks of \(chunkSize)")
        }
    }

    @Test(arguments: XMLDocumentTapeTests.cases.filter { !$0.withArrays })
    func paddedDocumentsCrossChunks(_ testCase: XMLDocumentTapeTests.Case) throws {
        let padded = Array("<!--\(String(repeating: "-x", count: 1024))-->\n".utf8) + (try testCase.bytes())
        let expected = Self.outcome(fromMemory: padded)
        for chunkSize in (padded.count < 32_768 ? [1, 3] : []) + [9, 100] {
            #expect(Self.outcome(Self.stream(padded, chunkSize: chunkSize)) == expected, "chunks of \(chunkSize)")
        }
    }

    /// Cut at every byte, the scan finds what the whole-input scanner finds, at its line and column.
    @Test(arguments: [
        "<a/>", "<!DOCTYPE a [<!ENTITY x \"y\">]><a/>", "<!-- <!ENTITY x> --><a/>\n<!ENTITY",
        "<![CDATA[ <!ENTITY ]]>\n é <!ENTITY", "<!-- -- > --->\n<!ENTITY", "<a>]]]></a><!-->\n<!ENTITY",
        "x\n\n€<!ENTIT", "<![CDATA[", "<!-", "\n<!ENTITY",
    ])
    func scannerCutAnywhereFindsTheSame(_ text: String) {
        let bytes = Array(text.utf8)
        let expected = XMLMarkupScanner.firstEntityDeclaration(in: bytes).map { offset in
            bytes.withUnsafeBufferPointer { buffer in
                let position = TextPosition(of: offset, in: buffer)
                return XMLMarkupScanner.Stream.Outcome.entity(
                    offset: offset, line: position.line, column: position.column)
            }
        }
        for cut in 0...bytes.count {
            var scanner = XMLMarkupScanner.Stream()
            var found: XMLMarkupScanner.Stream.Outcome?
            var carry: [UInt8] = []
            for (piece, isFinal) in [(bytes[..<cut], false), (bytes[cut...], true)] {
                let run = carry + piece
                let outcome = run.withUnsafeBufferPointer { scanner.scan($0, isFinal: isFinal) }
                if case .clean(let count) = outcome {
                    carry = Array(run.suffix(count))
                } else {
                    found = outcome
                    break
                }
            }
            #expect(found == expected, "cut at \(cut)")
        }
    }

    /// A CDATA section handed over in pieces, cut between CR and LF, has one line end there, as
    /// from memory; two sections that meet keep a CR and an LF apart. (Caught by feeds/real/natasha.xml
    /// in small chunks: its code samples have CRLF line ends.)
    /// libxml2 looks into an open section only when a chunk brings a `>`, then hands over 300 bytes
    /// if it has 302: so these sections have `>` after the CRLF that a piece may end between.
    @Test(arguments: [
        "<a><![CDATA[" + String(repeating: "x", count: 298) + "\r\n>>>>>]]></a>",
        "<a><![CDATA[" + String(repeating: "x", count: 299) + "\r\n>>>>>]]></a>",
        "<a><![CDATA[" + String(repeating: "x", count: 300) + "\r\n>>>>>]]></a>",
        "<a><![CDATA[a\r]]><![CDATA[\nb]]></a>", "<a><![CDATA[a\r\r\n\n\rb]]></a>",
    ])
    func crlfCutInCDATAIsOneLineEnd(_ text: String) {
        // Past the first chunk, which is at least 1,024 bytes.
        let bytes = Array(
            text.replacingOccurrences(of: "<a>", with: "<a><!--\(String(repeating: "x", count: 1100))-->").utf8)
        let expected = Self.outcome(fromMemory: bytes)
        #expect(!expected.contains("\\r"))
        for chunkSize in [1, 2, 3, 1024] {
            #expect(Self.outcome(Self.stream(bytes, chunkSize: chunkSize)) == expected, "chunks of \(chunkSize)")
        }
    }

    /// A parse error early, an entity declaration later: the declaration is the error, as over the
    /// whole input, found by the scan of a chunk the parser never saw.
    @Test func laterEntityDeclarationOutranksAnEarlierParseError() {
        let text = "<a>&</a>" + String(repeating: "\n<!-- pad -->", count: 3000) + "\n<!ENTITY x \"y\">"
        let bytes = Array(text.utf8)
        let expected = Self.outcome(fromMemory: bytes)
        #expect(expected.hasSuffix(XMLConversionError.Kind.entityDeclaration.message))
        #expect(Self.outcome(Self.stream(bytes, chunkSize: 4096)) == expected)
    }

    /// The size limit outranks everything and names the whole input's size.
    @Test func overTheSizeLimitIsTooLarge() {
        let bytes = Array(("<a>" + String(repeating: "<b>x</b>", count: 1000) + "&</a><!ENTITY").utf8)
        let options = XMLConversionOptions(maximumSize: 2000)
        let expected = Self.outcome(fromMemory: bytes, options: options)
        #expect(expected.contains("\(bytes.count) bytes"))
        #expect(Self.outcome(Self.stream(bytes, options: options, chunkSize: 100)) == expected)
    }

    /// Encodings other than UTF-8 are read whole and transcoded, as from memory.
    @Test(arguments: [
        Array("\u{FEFF}<a>é</a>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>".utf8) + [0xE9] + Array("</a>".utf8),
        [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<!ENTITY".utf8),
        [0xEF, 0xBB, 0xBF] + Array("<!ENTITY".utf8), Array("<?xml version='1.0' encoding='EBCDIC'?><a/>".utf8),
    ])
    func otherEncodingsAsFromMemory(_ bytes: [UInt8]) {
        #expect(Self.outcome(Self.stream(bytes, chunkSize: 2)) == Self.outcome(fromMemory: bytes))
    }

    /// A source that fails stops the conversion with its own error.
    @Test func aFailingSourceIsAReadError() {
        let bytes = Array(("<a>" + String(repeating: "<b>x</b>", count: 1000) + "</a>").utf8)
        guard case .failure(.read(let failure)) = Self.stream(bytes, chunkSize: 1024, failAt: 3000) else {
            Issue.record("expected the read to fail")
            return
        }
        #expect(failure == ReadFailure())
    }
}
