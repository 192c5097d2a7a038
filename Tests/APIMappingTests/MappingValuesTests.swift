import Foundation
import Testing

@testable import APIMapping

/// What strict mapping reads: exact numbers of every width, dates in every strategy, data, URLs,
/// keys in both strategies, duplicates, optionals and collections.
@Suite struct MappingValuesTests {
    struct Success: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let decoder: JSONNodeDecoder
        /// Decodes and returns what was decoded and whether it is the expected value.
        let check: @Sendable (JSONNodeDecoder, JSONNode) throws -> (decoded: String, matches: Bool)
        var testDescription: String { name }

        static func expect<T: Decodable & Equatable & Sendable>(
            _ name: String, _ json: String, decoder: JSONNodeDecoder = JSONNodeDecoder(), _ expected: T
        ) -> Success {
            Success(name: name, json: json, decoder: decoder) { decoder, node in
                let value = try decoder.decode(T.self, from: node)
                return ("\(value)", value == expected)
            }
        }
    }

    static let snake = JSONNodeDecoder(keyStrategy: .convertFromSnakeCase)
    static func dates(_ strategy: DateDecodingStrategy) -> JSONNodeDecoder { JSONNodeDecoder(dateStrategy: strategy) }
    static let may1 = Date(timeIntervalSince1970: 1_714_555_800)  // 2024-05-01T09:30:00Z

    @Test(arguments: [
        Success.expect("Int8 minimum", #"{"value":-128}"#, Holder(value: Int8.min)),
        Success.expect("UInt8 maximum", #"{"value":255}"#, Holder(value: UInt8.max)),
        Success.expect("Int16", #"{"value":-32768}"#, Holder(value: Int16.min)),
        Success.expect("UInt32", #"{"value":4294967295}"#, Holder(value: UInt32.max)),
        Success.expect("Int64 minimum", #"{"value":-9223372036854775808}"#, Holder(value: Int64.min)),
        Success.expect("UInt64 maximum", #"{"value":18446744073709551615}"#, Holder(value: UInt64.max)),
        Success.expect("UInt", #"{"value":12345678901234567890}"#, Holder(value: UInt(12_345_678_901_234_567_890))),
        Success.expect(
            "Int128 maximum", #"{"value":170141183460469231731687303715884105727}"#, Holder(value: Int128.max)),
        Success.expect(
            "UInt128 from an exponent", #"{"value":1e30}"#,
            Holder(value: UInt128(1_000_000_000_000_000) * 1_000_000_000_000_000)),
        Success.expect("an exponent is an integer", #"{"value":1e2}"#, Holder(value: 100)),
        Success.expect("a zero fraction is an integer", #"{"value":100.0}"#, Holder(value: 100)),
        Success.expect("negative exponent, integer value", #"{"value":-1200e-2}"#, Holder(value: -12)),
        Success.expect("minus zero", #"{"value":-0}"#, Holder(value: 0)),
        Success.expect("Double", #"{"value":0.1}"#, Holder(value: 0.1)),
        Success.expect("Double with exponent", #"{"value":-0.5e3}"#, Holder(value: -500.0)),
        Success.expect("Double, big integer", #"{"value":12345678901234567890}"#, Holder(value: 1.2345678901234567e19)),
        Success.expect("Double, tiny", #"{"value":5e-324}"#, Holder(value: Double.leastNonzeroMagnitude)),
        Success.expect("Float", #"{"value":3.25}"#, Holder(value: Float(3.25))),
        Success.expect("Decimal is exact", #"{"value":0.1}"#, Holder(value: Decimal(string: "0.1")!)),
        Success.expect(
            "Decimal, 23 digits", #"{"value":12345678901234567890.123}"#,
            Holder(value: Decimal(string: "12345678901234567890.123")!)),
        Success.expect("String with escapes", #"{"value":"a\"b\u00e9\n"}"#, Holder(value: "a\"bé\n")),
        Success.expect("Bool", #"{"value":false}"#, Holder(value: false)),
        Success.expect("Data from base64", #"{"value":"aGVsbG8="}"#, Holder(value: Data("hello".utf8))),
        Success.expect(
            "URL", #"{"value":"https://example.com/a?b=c"}"#, Holder(value: URL(string: "https://example.com/a?b=c")!)),
        Success.expect("ISO 8601", #"{"at":"2024-05-01T09:30:00Z"}"#, Stamp(at: may1)),
        Success.expect(
            "ISO 8601 with fractional seconds", #"{"at":"2024-05-01T09:30:00.250Z"}"#,
            Stamp(at: may1.addingTimeInterval(0.25))),
        Success.expect("ISO 8601 with an offset", #"{"at":"2024-05-01T11:30:00+02:00"}"#, Stamp(at: may1)),
        Success.expect("ISO 8601 lowercase", #"{"at":"2024-05-01t09:30:00z"}"#, Stamp(at: may1)),
        Success.expect(
            "ISO 8601 leap day, negative offset", #"{"at":"2024-02-29T23:59:59-00:30"}"#,
            Stamp(at: Date(timeIntervalSince1970: 1_709_251_199 + 1800))),
        Success.expect(
            "ISO 8601 before 1970", #"{"at":"1969-12-31T23:59:59Z"}"#, Stamp(at: Date(timeIntervalSince1970: -1))),
        Success.expect(
            "seconds since 1970", #"{"at":1714555800.5}"#, decoder: dates(.secondsSince1970),
            Stamp(at: may1.addingTimeInterval(0.5))),
        Success.expect(
            "milliseconds since 1970", #"{"at":1714555800250}"#, decoder: dates(.millisecondsSince1970),
            Stamp(at: may1.addingTimeInterval(0.25))),
        Success.expect(
            "format, read as UTC", #"{"at":"2024-05-01 09:30"}"#, decoder: dates(.formatted("yyyy-MM-dd HH:mm")),
            Stamp(at: may1)),
        Success.expect(
            "format with a zone", #"{"at":"2024-05-01 11:30 +0200"}"#,
            decoder: dates(.formatted("yyyy-MM-dd HH:mm Z")), Stamp(at: may1)),
        Success.expect(
            "custom closure", #"{"at":"@1714555800"}"#,
            decoder: dates(
                .custom { decoder in
                    let text = try decoder.singleValueContainer().decode(String.self)
                    return Date(timeIntervalSince1970: Double(text.dropFirst()) ?? 0)
                }), Stamp(at: may1)),
        Success.expect(
            "snake_case keys", #"{"user_id":7,"avatar_url":"u"}"#, decoder: snake, Account(userId: 7, avatarUrl: "u")),
        Success.expect(
            "snake_case strategy, camelCase JSON", #"{"userId":7,"avatarUrl":"u"}"#, decoder: snake,
            Account(userId: 7, avatarUrl: "u")),
        Success.expect(
            "snake_case, runs of underscores and capitals", #"{"user__id":7,"AVATAR_url":"u"}"#, decoder: snake,
            Account(userId: 7, avatarUrl: "u")),
        Success.expect("escaped key", #"{"\u0069d":5,"name":"x"}"#, Item(id: 5, name: "x")),
        Success.expect("duplicate keys: the last wins", #"{"id":1,"name":"a","id":2}"#, Item(id: 2, name: "a")),
        Success.expect("optionals: missing and null", #"{"note":null}"#, Maybe(note: nil, count: nil)),
        Success.expect("optionals: present", #"{"note":"n","count":3}"#, Maybe(note: "n", count: 3)),
        Success.expect("array of optionals", #"{"value":[1,null]}"#, Holder(value: [1, nil] as [Int?])),
        Success.expect("set through an unkeyed container", #"{"value":[1,2,2]}"#, Holder(value: Set([1, 2]))),
        Success.expect(
            "dictionary keys stay as written", #"{"value":{"user_id":1,"b":2}}"#, decoder: snake,
            Holder(value: ["user_id": 1, "b": 2])),
        Success.expect("dictionary keyed by Int", #"{"value":{"1":"a","2":"b"}}"#, Holder(value: [1: "a", 2: "b"])),
        Success.expect("pair read by hand", #"{"value":[3,4]}"#, Holder(value: Pair(first: 3, second: 4))),
        Success.expect("nested arrays", #"{"rows":[[1],[],[2,3]]}"#, Matrix(rows: [[1], [], [2, 3]])),
    ])
    func decodes(_ success: Success) throws {
        let document = try JSONDocument(parsing: success.json)
        let (decoded, matches) = try success.check(success.decoder, document.root)
        #expect(matches, "decoded \(decoded)")
    }

    /// Objects with more than 12 members are searched through a hash table; duplicates and
    /// snake_case go through it too.
    @Test(arguments: [false, true])
    func wideObjects(snakeCase: Bool) throws {
        let names = snakeCase ? (1...13).map { "user_id_\($0)" } : Wide.keys
        var members = names.enumerated().map { "\"\($1)\":\($0)" }
        members.insert("\"extra\":true", at: 5)
        members.append("\"\(names[0])\":100")  // a duplicate: the last one wins
        let document = try JSONDocument(parsing: "{\(members.joined(separator: ","))}")
        if snakeCase {
            let wide = try JSONNodeDecoder(keyStrategy: .convertFromSnakeCase).decode(
                WideSnake.self, from: document.root)
            #expect(wide.userId1 == 100)
            #expect(wide.userId7 == 6)
            #expect(wide.userId13 == 12)
        } else {
            let wide = try JSONNodeDecoder().decode(Wide.self, from: document.root)
            #expect(wide.alpha == 100)
            #expect(wide.golf == 6)
            #expect(wide.mike == 12)
        }
    }

    @Test func wideObjectsReportMissingKeys() throws {
        let members = Wide.keys.dropLast().enumerated().map { "\"\($1)\":\($0)" } + ["\"x\":1", "\"y\":2"]
        let document = try JSONDocument(parsing: "{\(members.joined(separator: ","))}")
        let error = #expect(throws: MappingError.self) { try JSONNodeDecoder().decode(Wide.self, from: document.root) }
        #expect(error?.description == #"$: missing key "mike""#)
    }
}

/// Member lookup through the per-depth tables: shapes that change from element to element,
/// repeated keys, escaped keys, and containers that take turns with one table.
@Suite struct MappingMemberLookupTests {
    @Test func shapesChangingBetweenArrayElements() throws {
        let json = """
            [{"a":1,"b":2,"c":3,"d":4},{"a":5,"b":6,"c":7,"d":8},{"d":9,"c":10,"b":11,"a":12},
             {"a":13,"b":14,"c":15,"d":16,"e":0},{"a":17,"b":18,"c":19,"d":20},{"\\u0061":21,"b":22,"c":23,"d":24},
             {"a":25,"b":26,"c":27,"x":0,"d":28}]
            """
        let quads = try JSONNodeDecoder().decode([Quad].self, from: JSONDocument(parsing: json).root)
        let expected = [
            [1, 2, 3, 4], [5, 6, 7, 8], [12, 11, 10, 9], [13, 14, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24],
            [25, 26, 27, 28],
        ]
        #expect(quads.map { [$0.a, $0.b, $0.c, $0.d] } == expected)
    }

    @Test func repeatedKeysDisableTheInOrderShortcut() throws {
        let json = #"[{"a":1,"b":2,"c":3,"d":4,"a":5},{"a":1,"b":2,"c":3,"d":4,"a":6},{"a":7,"b":2,"c":3,"d":4}]"#
        let quads = try JSONNodeDecoder().decode([Quad].self, from: JSONDocument(parsing: json).root)
        #expect(quads.map(\.a) == [5, 6, 7])
    }

    @Test func snakeCaseShapes() throws {
        let json = """
            [{"first_value":1,"second_value":2,"third_value":3,"fourth_value":4},
             {"first_value":5,"second_value":6,"third_value":7,"fourth_value":8},
             {"fourthValue":12,"third_value":11,"second__value":10,"first_value":9},
             {"first_value":13,"second_value":14,"third_value":15,"fourth_value":16,"first_value":17}]
            """
        let quads = try JSONNodeDecoder(keyStrategy: .convertFromSnakeCase).decode(
            [SnakeQuad].self, from: JSONDocument(parsing: json).root)
        #expect(quads.map(\.firstValue) == [1, 5, 9, 17])
        #expect(quads.map(\.secondValue) == [2, 6, 10, 14])
        #expect(quads.map(\.fourthValue) == [4, 8, 12, 16])
    }

    @Test func containersTakingTurnsWithOneTable() throws {
        let json = #"{"left":{"a":1,"b":2,"c":3,"d":4},"right":{"d":8,"c":7,"b":6,"a":5}}"#
        let value = try JSONNodeDecoder().decode(Interleaved.self, from: JSONDocument(parsing: json).root)
        #expect(value.sums == [48, 15, 37, 26])
    }

    @Test func containersTakingTurnsReportTheirOwnPaths() throws {
        let json = #"{"left":{"a":1,"b":2,"c":3,"d":4},"right":{"d":8,"c":7,"b":"six","a":5}}"#
        let error = #expect(throws: MappingError.self) {
            try JSONNodeDecoder().decode(Interleaved.self, from: JSONDocument(parsing: json).root)
        }
        #expect(error?.description == #"$.right.b: expected Int, found string "six""#)
    }
}
