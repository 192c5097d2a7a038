import Foundation
import Testing

@testable import APIMapping

/// RFC 6901 JSON Pointer, checked against the RFC's own examples and the JSON-Schema-Test-Suite.
@Suite struct JSONPointerTests {
    static let rfc: JSONDocument = {
        do {
            return try JSONDocument(parsing: try Fixtures.bytes("json-pointer/rfc6901-examples.json"))
        } catch {
            fatalError("cannot read the RFC 6901 examples: \(error)")
        }
    }()

    @Test func rfcStringFormExamples() throws {
        let document = try #require(Self.rfc.root["document"])
        let cases = try #require(Self.rfc.root["section5_json_string_representation"])
        #expect(cases.count == 12)
        for testCase in cases.elements {
            let pointer = try JSONPointer(try #require(testCase["pointer"]?.stringValue))
            let expected = testCase["whole_document"]?.boolValue == true ? document.value : testCase["expected"]?.value
            #expect(pointer.select(in: document)?.value == expected, "\(pointer)")
        }
    }

    @Test func rfcURIFragmentExamples() throws {
        let document = try #require(Self.rfc.root["document"])
        let cases = try #require(Self.rfc.root["section6_uri_fragment_representation"])
        #expect(cases.count == 12)
        for testCase in cases.elements {
            let fragment = try #require(testCase["fragment"]?.stringValue)
            let pointer = try JSONPointer(uriFragment: fragment)
            let expected = testCase["whole_document"]?.boolValue == true ? document.value : testCase["expected"]?.value
            #expect(pointer.select(in: document)?.value == expected, "\(fragment)")
        }
    }

    @Test func jsonSchemaTestSuiteValidity() throws {
        let suite = try JSONDocument(
            parsing: try Fixtures.bytes("json-pointer/json-schema-test-suite-json-pointer.json"))
        var checked = 0
        for group in suite.root.elements {
            for testCase in try #require(group["tests"]).elements {
                guard let data = testCase["data"]?.stringValue, let valid = testCase["valid"]?.boolValue else {
                    continue
                }
                let parsed = Result { () throws(PathSyntaxError) in try JSONPointer(data) }
                let description = testCase["description"]?.stringValue ?? data
                switch parsed {
                case .success: #expect(valid, "accepted an invalid pointer: \(description) \(data)")
                case .failure: #expect(!valid, "rejected a valid pointer: \(description) \(data)")
                }
                checked += 1
            }
        }
        #expect(checked > 30)
    }

    @Test(arguments: [
        ("a/b", 0, "a JSON Pointer is empty or starts with '/'"),
        ("/a~2", 2, "'~' must be followed by '0' (for '~') or '1' (for '/')"),
        ("/a/b~", 4, "'~' must be followed by '0' (for '~') or '1' (for '/')"),
    ])
    func malformedPointers(_ text: String, _ offset: Int, _ message: String) throws {
        let error = try #require(throws: PathSyntaxError.self) { try JSONPointer(text) }
        #expect(error.offset == offset)
        #expect(error.message == message)
    }

    @Test func malformedFragmentsPointIntoWhatWasTyped() throws {
        let error = try #require(throws: PathSyntaxError.self) { try JSONPointer(uriFragment: "#/a%20b/c~x") }
        #expect(error.offset == 9)
        let percent = try #require(throws: PathSyntaxError.self) { try JSONPointer(uriFragment: "#/a%2") }
        #expect(percent.offset == 3)
    }

    @Test(arguments: [
        ("/list/0", JSONValue?.some(10)),
        ("/list/2", .some(30)),
        ("/list/3", nil),
        ("/list/-", nil),
        ("/list/01", nil),
        ("/list/-1", nil),
        ("/obj/01", .some("zero one")),
        ("/obj/-", .some("dash")),
        ("/list/0/x", nil),
    ])
    func arrayIndexGrammar(_ pointer: String, _ expected: JSONValue?) throws {
        let document = try JSONDocument(parsing: #"{"list": [10, 20, 30], "obj": {"01": "zero one", "-": "dash"}}"#)
        #expect(try JSONPointer(pointer).select(in: document.root)?.value == expected)
    }

    @Test func printsBackEncoded() throws {
        #expect(try JSONPointer("/a~1b/~0c/0").description == "/a~1b/~0c/0")
        #expect(try JSONPointer("/a~1b").tokens == ["a/b"])
        #expect(JSONPointer(tokens: ["x/y", "~"]).description == "/x~1y/~0")
    }

    @Test(arguments: [
        (["a/b", "~c", "~1"], "/a~1b/~0c/~01"),
        (["张伟", ""], "/张伟/"),
        (["/\u{301}"], "/~1\u{301}"),
    ])
    func tokensPrintEscapedAndParseBack(_ tokens: [String], _ text: String) throws {
        #expect(JSONPointer(tokens: tokens).description == text)
        #expect(try JSONPointer(text).tokens == tokens)
    }
}
