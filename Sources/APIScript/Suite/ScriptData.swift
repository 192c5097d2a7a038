import APIMapping
import SwiftCSV

/// The rows of a data file for a data-driven run: the scripts run once per row, with the row's
/// columns as variables.
///
/// ```swift
/// let data = try ScriptData(bytes: Array("id,name\n1001,张伟\n1002,Ada\n".utf8), file: "users.csv")
/// data.rows[1]   // ["id": "1002", "name": "Ada"]
/// ```
///
/// A `.csv` file (RFC 4180, read by SwiftCSV) names its columns in its first row; every other row
/// has as many fields. A `.jsonl` file holds one JSON object per line: strings are taken as their
/// text, other values as compact JSON.
public struct ScriptData: Sendable {
    /// The file, as the user named it.
    public let file: String
    /// The rows, each a set of variables.
    public let rows: [[String: String]]

    /// The most rows a data file may have.
    public static let maximumRows = 1_000_000

    /// Reads a data file; the format comes from its name (`.jsonl` or `.ndjson`, else CSV).
    ///
    /// - Parameters:
    ///   - bytes: The file's contents (UTF-8).
    ///   - file: The file's path.
    /// - Throws: ``ScriptDataError`` naming the row (and for JSON lines the column) that does not read.
    public init(bytes: [UInt8], file: String) throws(ScriptDataError) {
        self.file = file
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ScriptDataError(file: file, line: nil, message: "not UTF-8 text")
        }
        if file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson") {
            rows = try Self.jsonLines(text, file: file)
        } else {
            rows = try Self.csv(text, file: file)
        }
        guard !rows.isEmpty else { throw ScriptDataError(file: file, line: nil, message: "no rows of data") }
    }

    private static func csv(_ text: String, file: String) throws(ScriptDataError) -> [[String: String]] {
        var fields: [[String]] = []
        let header: [String]
        do {
            let csv = try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false)
            header = csv.header
            try csv.enumerateAsArray(startAt: 1, rowLimit: nil) { fields.append($0) }
        } catch let error as CSVParseError {
            let message =
                switch error {
                case .generic(let message), .quotation(let message): message
                }
            throw ScriptDataError(file: file, line: nil, message: "not valid CSV: \(message)")
        } catch {
            throw ScriptDataError(file: file, line: nil, message: "not valid CSV: \(error)")
        }
        for (index, name) in header.enumerated() where !Script.isVariableName(name) {
            throw ScriptDataError(
                file: file, line: 1, message: "column \(index + 1) of the header, '\(name)', is not a variable name")
        }
        guard fields.count <= maximumRows else {
            throw ScriptDataError(file: file, line: nil, message: "more than \(maximumRows) rows")
        }
        var rows: [[String: String]] = []
        for (index, row) in fields.enumerated() {
            // A blank last line reads as one empty field.
            if row == [""] && header.count > 1 { continue }
            guard row.count == header.count else {
                throw ScriptDataError(
                    file: file, line: nil,
                    message: "row \(index + 1) has \(row.count) field\(row.count == 1 ? "" : "s"); "
                        + "the header names \(header.count)")
            }
            rows.append(Dictionary(zip(header, row), uniquingKeysWith: { _, last in last }))
        }
        return rows
    }

    private static func jsonLines(_ text: String, file: String) throws(ScriptDataError) -> [[String: String]] {
        var rows: [[String: String]] = []
        // Split on scalars: as a Character, "\r\n" is one grapheme and never equals "\n".
        for (offset, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let trimmed = Substring(scalars.last == "\r" ? scalars.dropLast() : scalars)
            if trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            guard rows.count < maximumRows else {
                throw ScriptDataError(file: file, line: nil, message: "more than \(maximumRows) rows")
            }
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: Array(trimmed.utf8))
            } catch {
                throw ScriptDataError(
                    file: file, line: offset + 1, column: error.column, message: error.message)
            }
            guard case .object(let object) = document.root.value else {
                throw ScriptDataError(file: file, line: offset + 1, column: 1, message: "expected a JSON object")
            }
            var row: [String: String] = [:]
            for (key, value) in object.members {
                guard Script.isVariableName(key) else {
                    throw ScriptDataError(
                        file: file, line: offset + 1, column: 1, message: "'\(key)' is not a variable name")
                }
                row[key] = value.stringValue ?? value.jsonText()
            }
            rows.append(row)
        }
        return rows
    }
}

/// Why a data file does not read, at its line when there is one.
///
/// ```swift
/// error.description   // "users.jsonl:3:9: expected ',' or '}' after object member"
/// ```
public struct ScriptDataError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The 1-based line, when the problem has one.
    public let line: Int?
    /// The 1-based column on ``line``.
    public let column: Int?
    /// What is wrong.
    public let message: String

    init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, with as much of the location as there is.
    public var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") + ": "
            + message
    }
}
