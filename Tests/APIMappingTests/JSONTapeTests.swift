import Testing

@testable import APIMapping

/// The tape's 12-byte node record, and the parser's bound on how many it makes.
@Suite("JSON tape records")
struct JSONTapeTests {
    /// Kind, flag and next index share a word: each survives the largest value of the others.
    static let records: [(header: UInt32, next: UInt32)] = [
        (JSONTape.object, 0), (JSONTape.string | JSONTape.notVerbatim, UInt32(JSONTape.maximumNodes)),
        (JSONTape.null, 12_345_678), (JSONTape.array, 1),
    ]

    @Test(arguments: records)
    func aTapeRecordKeepsItsFields(_ header: UInt32, _ next: UInt32) {
        var node = JSONTape.Node(header: header, offset: .max, length: .max, next: next)
        #expect(node.header == header && node.next == next && node.offset == .max && node.length == .max)
        node.next = UInt32(JSONTape.maximumNodes) - next
        #expect(node.header == header && node.next == UInt32(JSONTape.maximumNodes) - next)
        #expect(MemoryLayout<JSONTape.Node>.stride == 12)
    }

    static let arrayOf40: String = "[" + Array(repeating: "0", count: 40).joined(separator: ",") + "]"
    static let objectOf40: String = {
        let members: [String] = (0..<40).map { (index: Int) -> String in "\"k\(index)\":\(index)" }
        return "{" + members.joined(separator: ",") + "}"
    }()
    static let overflows: [(name: String, json: String, limit: Int, offset: Int?)] = [
        ("array", arrayOf40, 10, 15),
        ("object", objectOf40, 10, 27),
        ("just fits", "[1,2,3,4,5,6,7]", 10, nil),
    ]

    /// The parser stops at the most values the tape can index, with an error where it stopped.
    @Test(arguments: overflows)
    func refusesMoreValuesThanTheTapeIndexes(_ name: String, _ json: String, _ limit: Int, _ offset: Int?) {
        var options = JSONParseOptions()
        options.maximumValues = limit
        do {
            let document = try JSONDocument(parsing: json, options: options)
            #expect(offset == nil, "parsed \(document.nodeCount) values past the limit")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.offset == offset)
        }
    }
}
