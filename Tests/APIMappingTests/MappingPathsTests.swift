import Foundation
import Testing

@testable import APIMapping

/// One value from several profile paths of the same body, the root included.
@Suite struct MappingPathsTests {
    static let body = #"{"data":{"items":[{"id":1,"name":"a"},{"id":2,"name":"b"}]},"meta":{"total":2},"msg":"ok"}"#

    struct Listing: Decodable, Equatable {
        var items: [Item]
        var total: Int
        var msg: String
    }

    struct Summary: Decodable, Equatable {
        struct Message: Decodable, Equatable { var msg: String }
        var first: Item
        var last: Item
        var whole: Message
        var missing: Int?
    }

    @Test func mapsPropertiesFromSeveralPathsAndTheRoot() throws {
        let document = try JSONDocument(parsing: Self.body)
        let listing = try JSONNodeDecoder().decode(
            Listing.self, from: document.root, paths: ["items": "data>items", "total": "meta>total"])
        #expect(listing == Listing(items: [Item(id: 1, name: "a"), Item(id: 2, name: "b")], total: 2, msg: "ok"))
    }

    @Test func pathsCanIndexArraysAndNameTheRoot() throws {
        let document = try JSONDocument(parsing: Self.body)
        let (summary, report) = try JSONNodeDecoder().decodeWithReport(
            Summary.self, from: document.root,
            paths: ["first": "data>items>0", "last": "data>items>-1", "whole": "", "missing": "meta>pages"])
        #expect(summary.first == Item(id: 1, name: "a"))
        #expect(summary.last == Item(id: 2, name: "b"))
        #expect(summary.whole == Summary.Message(msg: "ok"))
        #expect(summary.missing == nil)
        #expect(report.entries.map(\.description) == ["$.meta.pages: missing, defaulted to nil"])
    }

    @Test(arguments: [
        (
            #"{"data":{"items":[]},"meta":{},"msg":"ok"}"#,
            "$.meta.total: path `meta>total` not found (stopped at $.meta: no key `total`)"
        ),
        (#"{"data":{"items":[]},"meta":{"total":"x"},"msg":"ok"}"#, #"$.meta.total: expected Int, found string "x""#),
        (#"{"data":{"items":[{"id":1}]},"meta":{"total":1},"msg":"ok"}"#, #"$.data.items[0]: missing key "name""#),
        (#"{"data":{"items":[]},"meta":{"total":1}}"#, #"$: missing key "msg""#),
        (
            #"{"data":[],"meta":{"total":1},"msg":"ok"}"#,
            "$.data.items: path `data>items` not found (stopped at $.data: an array has no key `items`)"
        ),
    ])
    func errorsSayWhere(_ json: String, _ message: String) throws {
        let document = try JSONDocument(parsing: json)
        let error = #expect(throws: MappingError.self) {
            try JSONNodeDecoder().decode(
                Listing.self, from: document.root, paths: ["items": "data>items", "total": "meta>total"])
        }
        #expect(error?.description == message)
    }

    @Test func invalidPathsAreErrors() throws {
        let document = try JSONDocument(parsing: Self.body)
        let error = #expect(throws: MappingError.self) {
            try JSONNodeDecoder().decode(Listing.self, from: document.root, paths: ["items": "data>>items"])
        }
        #expect(error?.reason == .invalidPath)
        #expect(error?.description == #"$: invalid path for "items": empty segment at column 6"#)
        #expect(error?.underlyingError is PathSyntaxError)
    }

    @Test func lenientMappingReportsFullPaths() throws {
        let document = try JSONDocument(
            parsing: #"{"data":{"items":[{"id":"1","name":"a"},{"id":"x","name":"b"}]},"meta":{"total":"2"},"msg":7}"#)
        let (listing, report) = try JSONNodeDecoder(policy: .lenient).decodeWithReport(
            Listing.self, from: document.root, paths: ["items": "data>items", "total": "meta>total"])
        #expect(listing == Listing(items: [Item(id: 1, name: "a")], total: 2, msg: "7"))
        #expect(
            report.entries.map(\.description) == [
                #"$.data.items[0].id: coerced string "1" to Int"#,
                #"$.data.items[1]: dropped element ($.data.items[1].id: expected Int, found string "x")"#,
                #"$.meta.total: coerced string "2" to Int"#,
                "$.msg: coerced number 7 to String",
            ])
    }

    @Test func pathsStartAtTheGivenNode() throws {
        let document = try JSONDocument(parsing: #"{"envelope":{"payload":{"n":5},"tag":"t"}}"#)
        struct Tagged: Decodable, Equatable {
            var n: Int
            var tag: String
        }
        let root = try #require(document.root["envelope"])
        let tagged = try JSONNodeDecoder().decode(Tagged.self, from: root, paths: ["n": "payload>n"])
        #expect(tagged == Tagged(n: 5, tag: "t"))
        let error = #expect(throws: MappingError.self) {
            try JSONNodeDecoder().decode(Tagged.self, from: root, paths: ["n": "payload>m"])
        }
        #expect(
            error?.description
                == "$.envelope.payload.m: path `payload>m` not found (stopped at $.envelope.payload: no key `m`)")
    }
}
