import Foundation
import Testing

@testable import APIMapping

/// Strict mapping: the first mismatch throws, with the full path from the document root.
@Suite struct MappingStrictTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        /// A profile path to the node decoding starts at.
        let start: String
        let decoder: JSONNodeDecoder
        let decode: @Sendable (JSONNodeDecoder, JSONNode) throws(MappingError) -> Void
        let message: String
        var testDescription: String { name }

        static func expect<T: Decodable & Sendable>(
            _ name: String, _ type: T.Type, _ json: String, at start: String = "",
            decoder: JSONNodeDecoder = JSONNodeDecoder(), _ message: String
        ) -> Failure {
            Failure(
                name: name, json: json, start: start, decoder: decoder,
                decode: { (decoder, node) throws(MappingError) in _ = try decoder.decode(T.self, from: node) },
                message: message)
        }
    }

    static let snake = JSONNodeDecoder(keyStrategy: .convertFromSnakeCase)
    static func dates(_ strategy: DateDecodingStrategy) -> JSONNodeDecoder {
        JSONNodeDecoder(dateStrategy: strategy)
    }

    @Test(arguments: [
        Failure.expect(
            "wrong type deep in the model", Page.self,
            #"{"code":0,"data":{"items":[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"},"#
                + #"{"id":"abc","name":"d"}]}}"#, at: "data",
            #"$.data.items[3].id: expected Int, found string "abc""#),
        Failure.expect(
            "missing key in an array element", Page.self, #"{"data":{"items":[{"id":1,"name":"a"},{"name":"b"}]}}"#,
            at: "data", #"$.data.items[1]: missing key "id""#),
        Failure.expect(
            "start at an array element", Item.self,
            #"{"data":{"items":[{"id":1,"name":"a"},{"id":true,"name":"b"}]}}"#, at: "data>items>1",
            "$.data.items[1].id: expected Int, found bool true"),
        Failure.expect(
            "300 into UInt8", Holder<UInt8>.self, #"{"value":300}"#,
            "$.value: expected UInt8, found number 300 (out of range)"),
        Failure.expect(
            "-1 into UInt", Holder<UInt>.self, #"{"value":-1}"#,
            "$.value: expected UInt, found number -1 (out of range)"),
        Failure.expect(
            "-129 into Int8", Holder<Int8>.self, #"{"value":-129}"#,
            "$.value: expected Int8, found number -129 (out of range)"),
        Failure.expect(
            "12345678901234567890 into Int", Holder<Int>.self, #"{"value":12345678901234567890}"#,
            "$.value: expected Int, found number 12345678901234567890 (out of range)"),
        Failure.expect(
            "2^64 into UInt64", Holder<UInt64>.self, #"{"value":18446744073709551616}"#,
            "$.value: expected UInt64, found number 18446744073709551616 (out of range)"),
        Failure.expect(
            "1e3 into Int8", Holder<Int8>.self, #"{"value":1e3}"#,
            "$.value: expected Int8, found number 1e3 (out of range)"
        ),
        Failure.expect(
            "fraction into Int", Holder<Int>.self, #"{"value":1.5}"#,
            "$.value: expected Int, found number 1.5 (not an integer)"),
        Failure.expect(
            "small fraction into Int64", Holder<Int64>.self, #"{"value":1e-2}"#,
            "$.value: expected Int64, found number 1e-2 (not an integer)"),
        Failure.expect(
            "1e400 into Double", Holder<Double>.self, #"{"value":1e400}"#,
            "$.value: expected Double, found number 1e400 (out of range)"),
        Failure.expect(
            "1e50 into Float", Holder<Float>.self, #"{"value":1e50}"#,
            "$.value: expected Float, found number 1e50 (out of range)"),
        Failure.expect(
            "numeric string into Double", Holder<Double>.self, #"{"value":"1.5"}"#,
            #"$.value: expected Double, found string "1.5""#),
        Failure.expect(
            "41 digits into Decimal", Holder<Decimal>.self, #"{"value":12345678901234567890123456789012345678901}"#,
            "$.value: expected Decimal, found number 1234567890123456789012345678901234567890… "
                + "(more than 38 digits or out of range)"),
        Failure.expect(
            "number into String", Holder<String>.self, #"{"value":12}"#, "$.value: expected String, found number 12"),
        Failure.expect(
            "number into Bool", Holder<Bool>.self, #"{"value":1}"#, "$.value: expected Bool, found number 1"),
        Failure.expect(
            "null for a non-optional", Item.self, #"{"id":null,"name":"x"}"#, "$.id: expected Int, found null"),
        Failure.expect(
            "nested arrays", Matrix.self, #"{"rows":[[1,2],[3,"x"]]}"#,
            #"$.rows[1][1]: expected Int, found string "x""#),
        Failure.expect(
            "object where an array is expected", Matrix.self, #"{"rows":{"a":1}}"#,
            #"$.rows: expected [[Int]], found object {"a":1}"#),
        Failure.expect(
            "deep objects", Tree.self, #"{"a":{"b":[{"c":true},{"c":"yes"}]}}"#,
            #"$.a.b[1].c: expected Bool, found string "yes""#),
        Failure.expect(
            "string where an object is expected", Page.self, #"{"data":{"items":["x"]}}"#, at: "data",
            #"$.data.items[0]: expected object (Item), found string "x""#),
        Failure.expect(
            "the top level", Item.self, #""str""#, #"$: expected object (Item), found string "str""#),
        Failure.expect(
            "long values are cut", Holder<Int>.self, "{\"value\":\"\(String(repeating: "a", count: 60))\"}",
            "$.value: expected Int, found string \"\(String(repeating: "a", count: 40))…\""),
        Failure.expect(
            "long containers are cut", Holder<Int>.self,
            "{\"value\":[\(Array(repeating: "1", count: 60).joined(separator: ","))]}",
            "$.value: expected Int, found array [\(Array(repeating: "1", count: 20).joined(separator: ","))…"),
        Failure.expect(
            "keys that are not identifiers", [String: Holder<Int>].self, #"{"a b":{"value":"x"}}"#,
            #"$['a b'].value: expected Int, found string "x""#),
        Failure.expect(
            "dictionary values", Holder<[String: Int]>.self, #"{"value":{"a":1,"b":"2"}}"#,
            #"$.value.b: expected Int, found string "2""#),
        Failure.expect(
            "snake_case key with a wrong value", Account.self, #"{"user_id":"7","avatar_url":"u"}"#, decoder: snake,
            #"$.user_id: expected Int, found string "7""#),
        Failure.expect(
            "snake_case key missing", Account.self, #"{"userid":7,"avatar_url":"u"}"#, decoder: snake,
            #"$: missing key "user_id""#),
        Failure.expect(
            "camelCase JSON under the default strategy", Account.self, #"{"user_id":7,"avatar_url":"u"}"#,
            #"$: missing key "userId""#),
        Failure.expect(
            "ISO 8601: impossible date", Stamp.self, #"{"at":"2024-02-30T00:00:00Z"}"#,
            #"$.at: expected Date (ISO 8601), found string "2024-02-30T00:00:00Z""#),
        Failure.expect(
            "ISO 8601: no time zone", Stamp.self, #"{"at":"2024-02-01T00:00:00"}"#,
            #"$.at: expected Date (ISO 8601), found string "2024-02-01T00:00:00""#),
        Failure.expect(
            "ISO 8601: a number", Stamp.self, #"{"at":1700000000}"#,
            "$.at: expected Date (ISO 8601), found number 1700000000"),
        Failure.expect(
            "seconds: a string", Stamp.self, #"{"at":"1700000000"}"#, decoder: dates(.secondsSince1970),
            #"$.at: expected Date (seconds since 1970), found string "1700000000""#),
        Failure.expect(
            "milliseconds: a bool", Stamp.self, #"{"at":true}"#, decoder: dates(.millisecondsSince1970),
            "$.at: expected Date (milliseconds since 1970), found bool true"),
        Failure.expect(
            "format: another format", Stamp.self, #"{"at":"01/02/2024"}"#, decoder: dates(.formatted("yyyy-MM-dd")),
            #"$.at: expected Date (format yyyy-MM-dd), found string "01/02/2024""#),
        Failure.expect(
            "custom: the closure's DecodingError", [Stamp].self, #"[{"at":"2024-01-01"},{"at":"soon"}]"#,
            decoder: dates(
                .custom { decoder in
                    let container = try decoder.singleValueContainer()
                    let text = try container.decode(String.self)
                    guard text.hasPrefix("20") else {
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: \(text)")
                    }
                    return Date(timeIntervalSince1970: 0)
                }), "$[1].at: not a date: soon"),
        Failure.expect(
            "custom: a value the closure cannot read", Stamp.self, #"{"at":{"s":1}}"#,
            decoder: dates(.custom { Date(timeIntervalSince1970: try $0.singleValueContainer().decode(Double.self)) }),
            #"$.at: expected Double, found object {"s":1}"#),
        Failure.expect(
            "a type's own DecodingError", Team.self, #"{"users":[{"emailAddress":"a@b"},{"emailAddress":"nope"}]}"#,
            "$.users[1].emailAddress: not an email: nope"),
        Failure.expect(
            "a type's own DecodingError under snake_case", Team.self,
            #"{"users":[{"email_address":"a@b"},{"email_address":"nope"}]}"#, decoder: snake,
            "$.users[1].email_address: not an email: nope"),
        Failure.expect(
            "another error from init(from:)", Holder<[Picky]>.self, #"{"value":[{}]}"#, "$.value[0]: picky refuses"),
        Failure.expect(
            "reading past the end of an array", Holder<Pair>.self, #"{"value":[1]}"#,
            "$.value: expected Int at index 1, found the end of the array"),
        Failure.expect(
            "invalid base64", Holder<Data>.self, #"{"value":"***"}"#,
            #"$.value: expected Data (base64), found string "***""#),
        Failure.expect(
            "an array of optionals", Holder<[Int?]>.self, #"{"value":[1,null,"x"]}"#,
            #"$.value[2]: expected Int, found string "x""#),
        Failure.expect(
            "a duplicate key: the last one counts", Item.self, #"{"id":1,"name":"a","id":"x"}"#,
            #"$.id: expected Int, found string "x""#),
    ])
    func failure(_ failure: Failure) throws {
        let document = try JSONDocument(parsing: failure.json)
        let start = try #require(try document.node(at: failure.start))
        let error = #expect(throws: MappingError.self) { try failure.decode(failure.decoder, start) }
        #expect(error?.description == failure.message)
    }

    @Test func errorsSayWhatWasExpectedAndFound() throws {
        let document = try JSONDocument(parsing: #"{"data":{"items":[{"id":"abc","name":"a"}]}}"#)
        let error = #expect(throws: MappingError.self) {
            try JSONNodeDecoder().decode(Page.self, from: try #require(document.root["data"]))
        }
        #expect(error?.location == [.key("data"), .key("items"), .index(0), .key("id")])
        #expect(error?.reason == .typeMismatch)
        #expect(error?.expected == "Int")
        #expect(error?.found == #"string "abc""#)
        #expect(error?.message == #"expected Int, found string "abc""#)
    }

    @Test func missingValuesHaveTheirOwnReason() throws {
        let document = try JSONDocument(parsing: #"{"id":null}"#)
        let null = #expect(throws: MappingError.self) { try JSONNodeDecoder().decode(Item.self, from: document.root) }
        #expect(null?.reason == .missingValue)
        #expect(null?.found == "null")
        let missing = try JSONDocument(parsing: #"{"id":1}"#)
        let key = #expect(throws: MappingError.self) { try JSONNodeDecoder().decode(Item.self, from: missing.root) }
        #expect(key?.reason == .missingValue)
        #expect(key?.description == #"$: missing key "name""#)
    }

    @Test func otherErrorsKeepTheOriginal() throws {
        let document = try JSONDocument(parsing: #"{"value":{}}"#)
        let error = #expect(throws: MappingError.self) {
            try JSONNodeDecoder().decode(Holder<Picky>.self, from: document.root)
        }
        #expect(error?.reason == .other)
        #expect(error?.underlyingError is Picky.Refusal)
    }

    /// Types that catch a `DecodingError` to fall back keep working: the containers throw real ones.
    @Test func containersThrowDecodingErrors() throws {
        struct Flexible: Decodable {
            var id: Int
            enum CodingKeys: CodingKey { case id }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                do {
                    id = try container.decode(Int.self, forKey: .id)
                } catch DecodingError.typeMismatch {
                    id = Int(try container.decode(String.self, forKey: .id).dropFirst()) ?? -1
                }
            }
        }
        let document = try JSONDocument(parsing: ##"[{"id":1},{"id":"#2"}]"##)
        let values = try JSONNodeDecoder().decode([Flexible].self, from: document.root)
        #expect(values.map(\.id) == [1, 2])
    }

    @Test func codingPathsAreFromTheDocumentRoot() throws {
        struct Probe: Decodable {
            var path: String
            init(from decoder: any Decoder) throws {
                path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
            }
        }
        let document = try JSONDocument(parsing: #"{"data":{"items":[1,{"x":{"value":{}}}]}}"#)
        let start = try #require(try document.node(at: "data>items>1>x"))
        let probe = try JSONNodeDecoder().decode(Holder<Probe>.self, from: start)
        #expect(probe.value.path == "data/items/Index 1/x/value")
    }
}
