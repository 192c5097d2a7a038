import APIMapping
import Foundation

/// RFC 4180 CSV of model documents: the columns are the union of the documents' top-level keys
/// in the order first seen, each value as its text (strings bare, numbers as sent, `true`,
/// `false`), objects and arrays as compact JSON, missing keys and `null` empty. A field is quoted
/// when it holds a comma, a quote, CR or LF, and its quotes are doubled; lines end with CRLF.
enum ModelCSV {
    /// The header line.
    static func header(_ columns: [String]) -> String {
        line(columns)
    }

    /// One document's line.
    static func row(_ document: JSONObject, columns: [String]) -> String {
        line(columns.map { column in document[column].map(text) ?? "" })
    }

    /// Adds the keys of `document` that `columns` lacks, in the document's order.
    static func extend(_ columns: inout [String], seen: inout Set<String>, with document: JSONObject) {
        for member in document.members where seen.insert(member.key).inserted {
            columns.append(member.key)
        }
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        // A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
        // apostrophe, as OWASP advises: stored strings come from servers.
        case .string(let string): string.first.map { "=+-@\t\r".contains($0) } == true ? "'" + string : string
        case .array, .object: value.jsonText()
        }
    }

    private static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
