import Foundation
import Testing

@testable import APIMapping

/// ``ProfilePath/scan(_:)``, what a load run reads of each body: the same value the parsed tree's
/// ``ProfilePath/select(in:)`` gives, found without building the tree, and "unknown" (parse
/// instead) whenever it cannot be sure.
@Suite struct ProfilePathScanTests {
    static let body = #"""
        {"code": 0, "msg": "ok", "skip": {"a": [1, {"b": "}]\"["}], "c": "x\\\"y"},
         "data": {"list": [{"id": 7, "name": "甲"}, {"id": 8}], "a.b": {"0": "key zero"}, "x>y": 1},
         "error": {"errMsg": "token expired"}, "": "empty key", "dup": 1, "dup": 2,
         "c\u006fde2": "escaped key", "n": -1.5e3, "t": true, "z": null}
        """#

    /// Paths and what the tree says they select: the scan must agree on every one.
    static let paths = [
        "code", "msg", "data>list>0>id", "data>list>1>id", "data>list>2", "data>list>1>name", "data>a.b>0",
        "data>x\\>y", "error>errMsg", "dup", "code2", "n", "t", "z", "skip>c", "skip>a>1>b", "nothing", "code>deeper",
        "data>list>id",
    ]

    @Test(arguments: paths)
    func theScanFindsWhatTheTreeSelects(text: String) throws {
        let path = try ProfilePath(text)
        let bytes = Array(Self.body.utf8)
        let tree = try JSONDocument(parsing: bytes).root
        switch path.scan(bytes) {
        case .found(let range):
            let scanned = try JSONDocument(parsing: bytes[range]).root.value
            #expect(scanned == path.select(in: tree)?.value, "\(text)")
        case .missing:
            #expect(path.select(in: tree) == nil, "\(text)")
        case .unknown:
            Issue.record("\(text): the scan could not tell")
        }
    }

    @Test(arguments: [
        ("a negative index needs the whole array", #"{"list":[1,2,3]}"#, "list>-1"),
        ("an unclosed string", #"{"code": "abc"#, "code"),
        ("a missing colon", #"{"code" 0}"#, "code"),
        ("a truncated object", #"{"a": [1, 2"#, "b"),
        ("a stray character", #"{"a": 1 x "code": 0}"#, "code"),
    ])
    func whatTheScanCannotReadItLeavesToTheParser(name: String, text: String, path: String) throws {
        #expect(try ProfilePath(path).scan(Array(text.utf8)) == .unknown, "\(name)")
    }

    /// Every document of nst/JSONTestSuite the parser accepts: each top-level key (and the first
    /// element of a top-level array) scans to the value the tree gives, and no input traps or hangs.
    @Test func theScanAgreesWithTheParserOnJSONTestSuite() throws {
        var compared = 0
        for file in try Fixtures.files(in: "JSONTestSuite/test_parsing") {
            let bytes = Array(try Data(contentsOf: file))
            var paths = [ProfilePath(keys: ["0"]), ProfilePath(keys: ["a"])]
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: bytes)
            } catch {
                // Malformed input: the scan must only end, whatever it says.
                for path in paths { _ = path.scan(bytes) }
                continue
            }
            if case .object(let object) = document.root.value {
                paths += object.members.map { ProfilePath(keys: [$0.key]) }
            }
            for path in paths {
                switch path.scan(bytes) {
                case .found(let range):
                    let scanned = try JSONDocument(parsing: bytes[range]).root.value
                    #expect(scanned == path.select(in: document.root)?.value, "\(file.lastPathComponent): \(path)")
                    compared += 1
                case .missing:
                    #expect(path.select(in: document.root) == nil, "\(file.lastPathComponent): \(path)")
                case .unknown:
                    break
                }
            }
        }
        #expect(compared > 20)
    }
}
