import Foundation
import Testing

@testable import APIMapping

/// The key and date strategies agree with Foundation where Foundation defines the behaviour.
@Suite struct MappingStrategyTests {
    static let keys = [
        "user_id", "a__b", "_x_y_", "URL_value", "abc1def_g2h", "already_camelCase", "__", "_", "a_", "_a", "name",
        "A_B_C", "fooBar_baz", "a_1b", "1_a", "x9y_z", "user_ID", "é_a", "x-y_z", "ab cd_ef", "ß_a", "über_straße",
        "snake__case__", "__private_key", "ALL_CAPS_KEY", "a_b_c_d_e_f",
    ]

    /// What Foundation's `JSONDecoder` calls each key of `{"<key>": 0}` under `.convertFromSnakeCase`.
    static func foundationConversion(_ key: String) throws -> String {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = try JSONSerialization.data(withJSONObject: [key: 0])
        return try #require(try decoder.decode(KeyList.self, from: json).keys.first)
    }

    @Test(arguments: keys)
    func snakeCaseMatchesFoundation(_ key: String) throws {
        let expected = try Self.foundationConversion(key)
        #expect(SnakeCase.convert(key) == expected)
        var utf8 = Array(key.utf8)
        let fast = utf8.withUnsafeMutableBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, buffer.count)) { out in
                SnakeCase.convertASCII(UnsafeBufferPointer(buffer), into: out.baseAddress!).map {
                    String(decoding: out[..<$0], as: UTF8.self)
                }
            }
        }
        if let fast { #expect(fast == expected) }

        // End to end: the decoder lists the converted key and finds the member by it.
        let document = try JSONDocument(parsing: JSONValue.object([key: 7]).jsonText())
        let decoder = JSONNodeDecoder(keyStrategy: .convertFromSnakeCase)
        #expect(try decoder.decode(KeyList.self, from: document.root).keys == [expected])
        let value = try decoder.decode([String: Int].self, from: document.root)
        #expect(value == [key: 7])
    }

    @Test(arguments: [
        ("userId", "user_id"), ("avatarURL", "avatar_url"), ("id", "id"), ("URLValue", "url_value"),
        ("userId2", "user_id2"),
    ])
    func missingKeysAreNamedAsTheJSONWouldSpellThem(_ key: String, _ expected: String) {
        #expect(SnakeCase.snakeCased(key) == expected)
    }

    @Test(arguments: [
        "2024-05-01T09:30:00Z", "2024-05-01T09:30:00.250Z", "2024-05-01T11:30:00+02:00",
        "2024-05-01T09:30:00.123-07:30",
        "1999-12-31T23:59:59Z", "2000-02-29T12:00:00Z", "1970-01-01T00:00:00Z", "1900-03-01T00:00:00Z",
        "2100-02-28T23:59:59.999Z",
    ])
    func iso8601MatchesFoundation(_ text: String) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        let expected = try #require(formatter.date(from: text))
        var bytes = Array(text.utf8)
        let date = try #require(bytes.withUnsafeMutableBufferPointer { ISO8601.date(from: UnsafeBufferPointer($0)) })
        #expect(abs(date.timeIntervalSince(expected)) < 1e-6)
    }

    @Test(arguments: [
        "2024-05-01", "2024-05-01T09:30:00", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z",
        "2024-05-01T09:60:00Z", "2024-05-01T09:30:60Z", "2024-05-01T09:30:00.Z", "2024-05-01T09:30:00+2:00",
        "2024-05-01T09:30:00+24:00", "2024-05-01 09:30:00Z", " 2024-05-01T09:30:00Z", "2024-05-01T09:30:00Zjunk",
    ])
    func iso8601Rejects(_ text: String) {
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { ISO8601.date(from: UnsafeBufferPointer($0)) } == nil)
    }

    @Test(arguments: [
        ("Int", "Int"), ("Array<Int>", "[Int]"), ("Optional<Array<Item>>", "[Item]?"),
        ("Dictionary<String, Array<Int>>", "[String: [Int]]"), ("Holder<Set<Int>>", "Holder<Set<Int>>"),
    ])
    func typeNamesReadLikeSwift(_ runtime: String, _ readable: String) {
        #expect(TypeName.readable(runtime) == readable)
    }
}
