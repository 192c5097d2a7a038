/// The two SQL dialects the store speaks, and the few places where their texts differ.
///
/// Every query is written once, with `?` placeholders and the types both share (see
/// ``SQLValue``); what differs is named here: placeholders, case-insensitive `LIKE`, full-text
/// search, identity columns and column types (``SchemaStep`` renders those).
enum SQLDialect: Sendable, Hashable {
    case sqlite
    case postgres

    /// `sql` with its `?` placeholders as this dialect writes them: unchanged for SQLite, `$1`,
    /// `$2`… for PostgreSQL. A `?` inside a quoted string or identifier is left alone.
    func placeholders(_ sql: String) -> String {
        guard self == .postgres, sql.contains("?") else { return sql }
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `LIKE` that ignores case: SQLite's `LIKE` already does (for ASCII), PostgreSQL's needs `ILIKE`
    /// (and folds every script).
    var caseInsensitiveLike: String {
        switch self {
        case .sqlite: "LIKE"
        case .postgres: "ILIKE"
        }
    }
}
