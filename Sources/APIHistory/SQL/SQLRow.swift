/// One row a statement returned: its values by column name, read with typed accessors that say
/// which column did not hold what was expected.
struct SQLRow: Sendable {
    /// The result's column names and their positions, shared by its rows.
    final class Columns: Sendable {
        let names: [String]
        let positions: [String: Int]

        init(_ names: [String]) {
            self.names = names
            var positions: [String: Int] = [:]
            for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
            self.positions = positions
        }
    }

    let columns: Columns
    let values: [SQLValue]

    /// The value of a column by name; `.null` for a column the row lacks.
    subscript(_ name: String) -> SQLValue {
        guard let index = columns.positions[name], values.indices.contains(index) else { return .null }
        return values[index]
    }

    /// The value of a column by position; `.null` past the last.
    subscript(_ index: Int) -> SQLValue {
        values.indices.contains(index) ? values[index] : .null
    }

    func int64(_ name: String) throws(SQLRowError) -> Int64 {
        guard let value = try optionalInt64(name) else { throw SQLRowError(column: name, expected: "an integer") }
        return value
    }

    func optionalInt64(_ name: String) throws(SQLRowError) -> Int64? {
        switch self[name] {
        case .null: return nil
        case .integer(let value): return value
        // A double that holds a whole number (SQLite's `max()` of an empty set is NULL, not this).
        case .real(let value) where value.rounded() == value && abs(value) < 9e18: return Int64(value)
        default: throw SQLRowError(column: name, expected: "an integer")
        }
    }

    func int(_ name: String) throws(SQLRowError) -> Int {
        let value = try int64(name)
        guard let narrowed = Int(exactly: value) else { throw SQLRowError(column: name, expected: "an Int") }
        return narrowed
    }

    func optionalInt(_ name: String) throws(SQLRowError) -> Int? {
        guard let value = try optionalInt64(name) else { return nil }
        guard let narrowed = Int(exactly: value) else { throw SQLRowError(column: name, expected: "an Int") }
        return narrowed
    }

    func bool(_ name: String) throws(SQLRowError) -> Bool {
        try int64(name) != 0
    }

    func double(_ name: String) throws(SQLRowError) -> Double {
        guard let value = try optionalDouble(name) else { throw SQLRowError(column: name, expected: "a number") }
        return value
    }

    func optionalDouble(_ name: String) throws(SQLRowError) -> Double? {
        switch self[name] {
        case .null: return nil
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw SQLRowError(column: name, expected: "a number")
        }
    }

    func string(_ name: String) throws(SQLRowError) -> String {
        guard let value = try optionalString(name) else { throw SQLRowError(column: name, expected: "text") }
        return value
    }

    func optionalString(_ name: String) throws(SQLRowError) -> String? {
        switch self[name] {
        case .null: return nil
        case .text(let value): return value
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        default: throw SQLRowError(column: name, expected: "text")
        }
    }

    func optionalBytes(_ name: String) throws(SQLRowError) -> [UInt8]? {
        switch self[name] {
        case .null: return nil
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        default: throw SQLRowError(column: name, expected: "bytes")
        }
    }
}

/// A column that did not hold the type the store expected: a damaged row, or a schema from a newer
/// apiexplore.
struct SQLRowError: Error, CustomStringConvertible {
    let column: String
    let expected: String

    var description: String { "column \(column) does not hold \(expected)" }
}
