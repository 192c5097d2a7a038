import Foundation

/// One value bound to a statement or read from a row, in the types both backends share.
///
/// SQLite and PostgreSQL each have more types; the store uses only these: 64-bit integers (booleans
/// as 0 and 1), doubles (dates as seconds since 1970), text, and bytes.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift value that binds as an ``SQLValue``.
protocol SQLBindable: Sendable {
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable { var sqlValue: SQLValue { .integer(self) } }
extension Int: SQLBindable { var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Double: SQLBindable { var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension Array: SQLBindable where Element == UInt8 { var sqlValue: SQLValue { .blob(self) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqlValue: SQLValue { map(\.sqlValue) ?? .null }
}
