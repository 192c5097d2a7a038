import Foundation

@testable import APIMapping

// Small Decodable models shared by the Mapping*Tests suites.

struct Item: Decodable, Equatable, Sendable {
    var id: Int
    var name: String
}

struct Page: Decodable, Equatable, Sendable {
    var items: [Item]
}

/// `{"value": …}`: one property of any type, for scalar cases.
struct Holder<Value: Decodable & Sendable>: Decodable, Sendable {
    var value: Value
}

extension Holder: Equatable where Value: Equatable {}

struct Matrix: Decodable, Equatable, Sendable {
    var rows: [[Int]]
}

struct Tree: Decodable, Sendable {
    var a: Branch
    struct Branch: Decodable, Sendable { var b: [Leaf] }
    struct Leaf: Decodable, Sendable { var c: Bool }
}

struct Account: Decodable, Equatable, Sendable {
    var userId: Int
    var avatarUrl: String
}

struct Stamp: Decodable, Equatable, Sendable {
    var at: Date
}

struct Maybe: Decodable, Equatable, Sendable {
    var note: String?
    var count: Int?
}

/// Reads two integers from an array by hand.
struct Pair: Decodable, Equatable, Sendable {
    var first: Int
    var second: Int

    init(first: Int, second: Int) {
        self.first = first
        self.second = second
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try container.decode(Int.self)
        second = try container.decode(Int.self)
    }
}

/// Validates its own value and throws a `DecodingError` built from its container.
struct Contact: Decodable, Sendable {
    var emailAddress: String

    enum CodingKeys: String, CodingKey { case emailAddress }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        guard emailAddress.contains("@") else {
            throw DecodingError.dataCorruptedError(
                forKey: .emailAddress, in: container, debugDescription: "not an email: \(emailAddress)")
        }
    }
}

struct Team: Decodable, Sendable {
    var users: [Contact]
}

/// Throws an error that is not a `DecodingError`.
struct Picky: Decodable, Sendable {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "picky refuses" }
    }

    init(from decoder: any Decoder) throws { throw Refusal() }
}

/// More members than `MemberLookup.tableThreshold`, so lookups go through the hash table.
struct Wide: Decodable, Equatable, Sendable {
    var alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel, india, juliett, kilo, lima, mike: Int

    static let keys = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima",
        "mike",
    ]
}

/// `Wide` with snake_case JSON keys (`user_id_1` … `user_id_13`).
struct WideSnake: Decodable, Equatable, Sendable {
    var userId1, userId2, userId3, userId4, userId5, userId6, userId7, userId8, userId9, userId10: Int
    var userId11, userId12, userId13: Int
}

/// A key type that accepts any key, to list what a container sees.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The keys a keyed container reports, in order.
struct KeyList: Decodable, Sendable {
    var keys: [String]
    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    }
}

extension JSONDocument {
    /// The node a profile path reaches, for starting a decode below the root.
    func node(at path: String) throws -> JSONNode? {
        try ProfilePath(path).select(in: root)
    }
}

/// Four members: enough for `MemberLookup` to use a `MemberTable`.
struct Quad: Decodable, Equatable, Sendable {
    var a, b, c, d: Int
}

/// `Quad` with snake_case JSON keys.
struct SnakeQuad: Decodable, Equatable, Sendable {
    var firstValue, secondValue, thirdValue, fourthValue: Int
}

/// Reads two sibling objects through nested containers used alternately, so both containers share
/// the member table of their depth.
struct Interleaved: Decodable, Equatable, Sendable {
    var sums: [Int]

    enum Outer: CodingKey { case left, right }

    init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Outer.self)
        let left = try outer.nestedContainer(keyedBy: Quad.CodingKeys.self, forKey: .left)
        let right = try outer.nestedContainer(keyedBy: Quad.CodingKeys.self, forKey: .right)
        var sums: [Int] = []
        for key in [Quad.CodingKeys.d, .a, .c, .b] {
            sums.append(try left.decode(Int.self, forKey: key) * 10 + right.decode(Int.self, forKey: key))
        }
        self.sums = sums
    }
}

extension Quad {
    enum CodingKeys: CodingKey { case a, b, c, d }
}
