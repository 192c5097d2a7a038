import Foundation
import Testing

@testable import APIMapping

/// Lenient mapping: one coercion table at every depth, and a report that lists every repair.
@Suite struct MappingLenientTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let start: String
        let decoder: JSONNodeDecoder
        /// Decodes with a report; returns the value's description, whether it is the expected value,
        /// and the report.
        let run: @Sendable (JSONNodeDecoder, JSONNode) throws(MappingError) -> (String, Bool, MappingReport)
        /// The report, one entry per line.
        let report: [String]
        var testDescription: String { name }

        static func expect<T: Decodable & Equatable & Sendable>(
            _ name: String, _ json: String, at start: String = "", decoder: JSONNodeDecoder = lenient, _ expected: T,
            report: [String]
        ) -> Case {
            Case(
                name: name, json: json, start: start, decoder: decoder,
                run: { (decoder, node) throws(MappingError) in
                    let (value, report) = try decoder.decodeWithReport(T.self, from: node)
                    return ("\(value)", value == expected, report)
                }, report: report)
        }
    }

    static let lenient = JSONNodeDecoder(policy: .lenient)

    @Test(arguments: [
        Case.expect(
            "coercions at depth", #"{"code":0,"data":{"items":[{"id":"1","name":"a"},{"id":2,"name":3}]}}"#,
            at: "data", Page(items: [Item(id: 1, name: "a"), Item(id: 2, name: "3")]),
            report: [
                #"$.data.items[0].id: coerced string "1" to Int"#,
                "$.data.items[1].name: coerced number 3 to String",
            ]),
        Case.expect(
            "bools", #"{"value":["true","false","1","0",1,0,true]}"#,
            Holder(value: [true, false, true, false, true, false, true]),
            report: [
                #"$.value[0]: coerced string "true" to Bool"#, #"$.value[1]: coerced string "false" to Bool"#,
                #"$.value[2]: coerced string "1" to Bool"#, #"$.value[3]: coerced string "0" to Bool"#,
                "$.value[4]: coerced number 1 to Bool", "$.value[5]: coerced number 0 to Bool",
            ]),
        Case.expect(
            "numeric strings into every number type", #"[{"value":"255"},{"value":" 1.5 "},{"value":"+7"}]"#,
            [Holder(value: 255.0), Holder(value: 1.5), Holder(value: 7)],
            report: [
                #"$[0].value: coerced string "255" to Double"#, #"$[1].value: coerced string " 1.5 " to Double"#,
                #"$[2].value: coerced string "+7" to Double"#,
            ]),
        Case.expect(
            "leading zeros and exponents into integers", #"{"a":"007","b":"1e3","c":"-0"}"#,
            ["a": 7, "b": 1000, "c": 0],
            report: [
                #"$.a: coerced string "007" to Int"#, #"$.b: coerced string "1e3" to Int"#,
                #"$.c: coerced string "-0" to Int"#,
            ]),
        Case.expect(
            "Decimal keeps the digits", #"{"value":"0.10"}"#, Holder(value: Decimal(string: "0.10")!),
            report: [#"$.value: coerced string "0.10" to Decimal"#]),
        Case.expect(
            "UInt8 from a string", #"{"value":"200"}"#, Holder(value: UInt8(200)),
            report: [#"$.value: coerced string "200" to UInt8"#]),
        Case.expect(
            "numbers keep their text as strings", #"{"value":[1.50,-0,1e2,false]}"#,
            Holder(value: ["1.50", "-0", "1e2", "false"]),
            report: [
                "$.value[0]: coerced number 1.50 to String", "$.value[1]: coerced number -0 to String",
                "$.value[2]: coerced number 1e2 to String", "$.value[3]: coerced bool false to String",
            ]),
        Case.expect(
            "defaults for optionals", #"{"note":null}"#, Maybe(note: nil, count: nil),
            report: ["$.note: null, defaulted to nil", "$.count: missing, defaulted to nil"]),
        Case.expect(
            "defaults inside arrays keep their element's path", #"{"value":[{"note":"a","count":"2"},{}]}"#,
            Holder(value: [Maybe(note: "a", count: 2), Maybe(note: nil, count: nil)]),
            report: [
                #"$.value[0].count: coerced string "2" to Int"#, "$.value[1].note: missing, defaulted to nil",
                "$.value[1].count: missing, defaulted to nil",
            ]),
        Case.expect(
            "dropped array elements",
            #"{"items":[{"id":1,"name":"a"},{"id":"x","name":"b"},{"name":"c"},"str",{"id":4,"name":"d"}]}"#,
            Page(items: [Item(id: 1, name: "a"), Item(id: 4, name: "d")]),
            report: [
                #"$.items[1]: dropped element ($.items[1].id: expected Int, found string "x")"#,
                #"$.items[2]: dropped element ($.items[2]: missing key "id")"#,
                #"$.items[3]: dropped element ($.items[3]: expected object (Item), found string "str")"#,
            ]),
        Case.expect(
            "what a dropped element coerced is forgotten", #"{"items":[{"id":"1"},{"id":"2","name":"b"}]}"#,
            Page(items: [Item(id: 2, name: "b")]),
            report: [
                #"$.items[0]: dropped element ($.items[0]: missing key "name")"#,
                #"$.items[1].id: coerced string "2" to Int"#,
            ]),
        Case.expect(
            "dropped dictionary values", #"{"value":{"a":1,"b":"x","c":"3"}}"#, Holder(value: ["a": 1, "c": 3]),
            report: [
                #"$.value.b: dropped element ($.value.b: expected Int, found string "x")"#,
                #"$.value.c: coerced string "3" to Int"#,
            ]),
        Case.expect(
            "nested arrays drop at the right depth", #"{"rows":[[1,"2","x"],[3],"no"]}"#, Matrix(rows: [[1, 2], [3]]),
            report: [
                #"$.rows[0][1]: coerced string "2" to Int"#,
                #"$.rows[0][2]: dropped element ($.rows[0][2]: expected Int, found string "x")"#,
                #"$.rows[2]: dropped element ($.rows[2]: expected [Int], found string "no")"#,
            ]),
        Case.expect(
            "dates from numeric strings", #"{"at":"1714555800"}"#,
            decoder: JSONNodeDecoder(policy: .lenient, dateStrategy: .secondsSince1970),
            Stamp(at: Date(timeIntervalSince1970: 1_714_555_800)),
            report: [#"$.at: coerced string "1714555800" to Date (seconds since 1970)"#]),
        Case.expect(
            "snake_case keys are reported as written", #"{"user_id":"7","avatar_url":9}"#,
            decoder: JSONNodeDecoder(policy: .lenient, keyStrategy: .convertFromSnakeCase),
            Account(userId: 7, avatarUrl: "9"),
            report: [#"$.user_id: coerced string "7" to Int"#, "$.avatar_url: coerced number 9 to String"]),
        Case.expect(
            "strict reports defaults only", #"{"value":[{"note":"a"}]}"#, decoder: JSONNodeDecoder(),
            Holder(value: [Maybe(note: "a", count: nil)]), report: ["$.value[0].count: missing, defaulted to nil"]),
        Case.expect("nothing to report", #"{"id":1,"name":"a"}"#, Item(id: 1, name: "a"), report: []),
    ])
    func coerces(_ testCase: Case) throws {
        let document = try JSONDocument(parsing: testCase.json)
        let start = try #require(try document.node(at: testCase.start))
        let (value, matches, report) = try testCase.run(testCase.decoder, start)
        #expect(matches, "decoded \(value)")
        #expect(report.entries.map(\.description) == testCase.report)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let decode: @Sendable (JSONNode) throws(MappingError) -> Void
        let message: String
        var testDescription: String { name }

        static func expect<T: Decodable & Sendable>(_ name: String, _ type: T.Type, _ json: String, _ message: String)
            -> Failure
        {
            Failure(
                name: name, json: json,
                decode: { (node) throws(MappingError) in _ = try lenient.decode(T.self, from: node) }, message: message)
        }
    }

    @Test(arguments: [
        Failure.expect(
            "text that is no number", Item.self, #"{"id":"abc","name":"x"}"#, #"$.id: expected Int, found string "abc""#
        ),
        Failure.expect(
            "a numeric string out of range", Holder<UInt8>.self, #"{"value":"300"}"#,
            #"$.value: expected UInt8, found string "300""#),
        Failure.expect(
            "a numeric string with a fraction", Holder<Int>.self, #"{"value":"1.5"}"#,
            #"$.value: expected Int, found string "1.5""#),
        Failure.expect(
            "a fraction", Holder<Int>.self, #"{"value":1.5}"#,
            "$.value: expected Int, found number 1.5 (not an integer)"),
        Failure.expect(
            "null for a non-optional", Item.self, #"{"id":null,"name":"x"}"#, "$.id: expected Int, found null"),
        Failure.expect("a missing non-optional", Item.self, #"{"name":"x"}"#, #"$: missing key "id""#),
        Failure.expect(
            "an object where an array is expected", Page.self, #"{"items":{}}"#,
            "$.items: expected [Item], found object {}"),
        Failure.expect(
            "other strings as Bool", Holder<Bool>.self, #"{"value":"yes"}"#,
            #"$.value: expected Bool, found string "yes""#),
        Failure.expect(
            "other numbers as Bool", Holder<Bool>.self, #"{"value":2}"#, "$.value: expected Bool, found number 2"),
        Failure.expect(
            "null as String", Holder<String>.self, #"{"value":null}"#, "$.value: expected String, found null"),
        Failure.expect(
            "an object as String", Holder<String>.self, #"{"value":{"a":1}}"#,
            #"$.value: expected String, found object {"a":1}"#),
        Failure.expect(
            "a wrong optional value", Maybe.self, #"{"count":"many"}"#, #"$.count: expected Int, found string "many""#),
    ])
    func stillThrows(_ failure: Failure) throws {
        let document = try JSONDocument(parsing: failure.json)
        let error = #expect(throws: MappingError.self) { try failure.decode(document.root) }
        #expect(error?.description == failure.message)
    }

    @Test func decodeWithoutReportCoercesTheSame() throws {
        let document = try JSONDocument(parsing: #"{"items":[{"id":"1","name":2},{"id":"x","name":"b"}]}"#)
        let page = try Self.lenient.decode(Page.self, from: document.root)
        #expect(page == Page(items: [Item(id: 1, name: "2")]))
    }
}

extension MappingLenientTests {
    /// The example in `MappingPolicy`'s documentation.
    @Test func documentationExample() throws {
        struct User: Decodable, Equatable {
            var id: Int
            var active: Bool
            var tags: [String]
            var scores: [Int]
        }
        let body = try JSONDocument(
            parsing: #"{"id": "42", "active": 1, "tags": ["a", 2, "c"], "scores": [1, "x", 3]}"#)
        let (user, report) = try JSONNodeDecoder(policy: .lenient).decodeWithReport(User.self, from: body.root)
        #expect(user == User(id: 42, active: true, tags: ["a", "2", "c"], scores: [1, 3]))
        #expect(report.entries.map(\.location.description) == ["$.id", "$.active", "$.tags[1]", "$.scores[1]"])
    }

    /// The example in `MappingReport`'s documentation.
    @Test func reportDocumentationExample() throws {
        struct User: Decodable, Equatable {
            var id: Int
            var name: String?
        }
        let body = try JSONDocument(parsing: #"[{"id": "1", "name": "Ann"}, {"id": "x", "name": "Bob"}, {"id": 3}]"#)
        let (users, report) = try JSONNodeDecoder(policy: .lenient).decodeWithReport([User].self, from: body.root)
        #expect(users == [User(id: 1, name: "Ann"), User(id: 3, name: nil)])
        #expect(
            report.description == """
                $[0].id: coerced string "1" to Int
                $[1]: dropped element ($[1].id: expected Int, found string "x")
                $[2].name: missing, defaulted to nil
                """)
    }
}
