import APIMapping
import Foundation

/// The rows of a data file for a data-driven run: the scripts run once per row, with the row's
/// columns as variables. Rows stream from the file: a run over a million rows holds one at a time.
///
/// ```swift
/// let data = try ScriptData(contentsOf: "users.csv")   // reads and checks every row, keeps none
/// data.rowCount                                         // 20000
/// var rows = try data.rows()
/// while let row = try rows.next() { print(row["id"] ?? "") }   // ["id": "1002", "name": "Ada"]
/// ```
///
/// A `.csv` file (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks; CRLF or LF)
/// names its columns in its first row; every other row has as many fields. A `.jsonl` file holds
/// one JSON object per line: strings are taken as their text, other values as compact JSON.
/// Opening the data reads the whole file once without keeping it, so a malformed row is reported
/// (`users.csv:17: row 16 has 3 fields; the header names 2`) before any script runs; ``rows()``
/// then reads it again as the run goes.
package struct ScriptData: Sendable {
    /// The file, as the user named it.
    package let file: String
    /// How many rows of data the file holds.
    package let rowCount: Int
    /// The column names, in file order (a JSON-lines file's are those of its first row).
    package let columns: [String]
    private let source: Source

    /// Where the rows come from: a file read again for the run, or bytes already read (standard input).
    private enum Source: Sendable {
        case path(String)
        case bytes([UInt8])
    }

    /// The most rows a data file may have.
    package static let maximumRows = 1_000_000

    /// Reads and checks a data file on disk; the format comes from its name (`.jsonl` or `.ndjson`, else CSV).
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - file: How errors name the file; the path by default.
    /// - Throws: ``ScriptDataError`` naming the line (and for JSON lines the column) that does not read.
    package init(contentsOf path: String, file: String? = nil) throws(ScriptDataError) {
        try self.init(source: .path(path), file: file ?? path)
    }

    /// Reads and checks a data file already in memory (standard input); the format comes from its name.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents (UTF-8).
    ///   - file: The file's name.
    /// - Throws: ``ScriptDataError`` naming the line (and for JSON lines the column) that does not read.
    package init(bytes: [UInt8], file: String) throws(ScriptDataError) {
        try self.init(source: .bytes(bytes), file: file)
    }

    private init(source: Source, file: String) throws(ScriptDataError) {
        self.file = file
        self.source = source
        var rows = try ScriptDataRows(source: Self.reader(source, file: file), file: file)
        var count = 0
        while try rows.next() != nil { count += 1 }
        guard count > 0 else { throw ScriptDataError(file: file, line: nil, message: "no rows of data") }
        rowCount = count
        columns = rows.columns
    }

    /// The rows, read from the file again one at a time.
    ///
    /// - Throws: ``ScriptDataError`` when the file no longer reads (it changed since it was checked).
    package func rows() throws(ScriptDataError) -> ScriptDataRows {
        try ScriptDataRows(source: Self.reader(source, file: file), file: file)
    }

    private static func reader(_ source: Source, file: String) throws(ScriptDataError) -> ByteReader {
        switch source {
        case .bytes(let bytes): return ByteReader(bytes: bytes)
        case .path(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw ScriptDataError(file: file, line: nil, message: "cannot open the file")
            }
            return ByteReader(handle: handle)
        }
    }
}

/// The rows of a ``ScriptData`` file, one at a time as the file is read.
package struct ScriptDataRows {
    private var reader: ByteReader
    private let file: String
    private let jsonLines: Bool
    /// The CSV header, or the first JSON object's keys.
    package private(set) var columns: [String] = []
    private var header: [String]?
    private var count = 0
    private var line = 1

    init(source: ByteReader, file: String) throws(ScriptDataError) {
        reader = source
        self.file = file
        jsonLines = file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson")
        reader.skipByteOrderMark()
        guard !jsonLines else { return }
        guard let names = try record() else { throw ScriptDataError(file: file, line: nil, message: "no rows of data") }
        for (index, name) in names.fields.enumerated() where !Script.isVariableName(name) {
            throw ScriptDataError(
                file: file, line: 1, message: "column \(index + 1) of the header, '\(name)', is not a variable name")
        }
        header = names.fields
        columns = names.fields
    }

    /// The next row's variables, or `nil` after the last row.
    ///
    /// - Throws: ``ScriptDataError`` at the line that does not read.
    package mutating func next() throws(ScriptDataError) -> [String: String]? {
        let row = jsonLines ? try nextJSONLine() : try nextCSVRow()
        if row == nil, let failure = reader.failure {
            throw ScriptDataError(file: file, line: line, message: "cannot read: \(failure)")
        }
        return row
    }

    private mutating func nextCSVRow() throws(ScriptDataError) -> [String: String]? {
        guard let header else { return nil }
        while let record = try record() {
            // A blank line reads as one empty field.
            if record.fields == [""] && header.count > 1 { continue }
            count += 1
            guard count <= ScriptData.maximumRows else {
                throw ScriptDataError(
                    file: file, line: record.line, message: "more than \(ScriptData.maximumRows) rows")
            }
            guard record.fields.count == header.count else {
                throw ScriptDataError(
                    file: file, line: record.line,
                    message: "row \(count) has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"); "
                        + "the header names \(header.count)")
            }
            return Dictionary(zip(header, record.fields), uniquingKeysWith: { _, last in last })
        }
        return nil
    }

    /// One CSV record (RFC 4180) and the line it starts on, or `nil` at the end of the file.
    private mutating func record() throws(ScriptDataError) -> (fields: [String], line: Int)? {
        guard reader.peek() != nil else { return nil }
        let start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var afterQuote = false
        func finish() throws(ScriptDataError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw ScriptDataError(file: file, line: line, message: "not UTF-8 text")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            afterQuote = false
        }
        while let byte = reader.next() {
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if reader.peek() == UInt8(ascii: "\"") {
                        _ = reader.next()
                        field.append(byte)
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                try finish()
            case UInt8(ascii: "\r") where reader.peek() == UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "\n"):
                line += 1
                try finish()
                return (fields, start)
            case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
                quoted = true
            default:
                if afterQuote {
                    throw ScriptDataError(
                        file: file, line: line, message: "not valid CSV: text after a closing quote in a field")
                }
                if byte == UInt8(ascii: "\"") {
                    throw ScriptDataError(
                        file: file, line: line, message: "not valid CSV: a quote inside an unquoted field")
                }
                field.append(byte)
            }
        }
        if quoted {
            throw ScriptDataError(file: file, line: start, message: "not valid CSV: a quoted field is never closed")
        }
        try finish()
        return (fields, start)
    }

    private mutating func nextJSONLine() throws(ScriptDataError) -> [String: String]? {
        while let bytes = reader.line() {
            defer { line += 1 }
            let trimmed = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
            if trimmed.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            count += 1
            guard count <= ScriptData.maximumRows else {
                throw ScriptDataError(file: file, line: line, message: "more than \(ScriptData.maximumRows) rows")
            }
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: trimmed)
            } catch {
                throw ScriptDataError(file: file, line: line, column: error.column, message: error.message)
            }
            guard case .object(let object) = document.root.value else {
                throw ScriptDataError(file: file, line: line, column: 1, message: "expected a JSON object")
            }
            var row: [String: String] = [:]
            for (key, value) in object.members {
                guard Script.isVariableName(key) else {
                    throw ScriptDataError(file: file, line: line, column: 1, message: "'\(key)' is not a variable name")
                }
                row[key] = value.stringValue ?? value.jsonText()
            }
            if columns.isEmpty { columns = object.members.map(\.key) }
            return row
        }
        return nil
    }
}

/// Bytes read from a file in chunks (or from memory), a byte at a time.
struct ByteReader {
    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var position = 0
    private static let chunk = 64 * 1024

    init(handle: FileHandle) {
        self.handle = handle
        buffer = []
    }

    init(bytes: [UInt8]) {
        handle = nil
        buffer = bytes
    }

    /// Skips a UTF-8 byte-order mark at the start.
    mutating func skipByteOrderMark() {
        if peek() == 0xEF && buffer.count >= position + 3 && buffer[position + 1] == 0xBB
            && buffer[position + 2] == 0xBF
        {
            position += 3
        }
    }

    /// The next byte, without consuming it.
    mutating func peek() -> UInt8? {
        if position == buffer.count { refill() }
        return position < buffer.count ? buffer[position] : nil
    }

    /// The next byte.
    mutating func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        position += 1
        return byte
    }

    /// The bytes up to the next line feed (not included), or `nil` at the end.
    mutating func line() -> [UInt8]? {
        guard peek() != nil else { return nil }
        var bytes: [UInt8] = []
        while let byte = next(), byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return bytes
    }

    /// Why reading stopped before the end of the file, if it did.
    private(set) var failure: String?

    private mutating func refill() {
        guard let handle, failure == nil else { return }
        do {
            buffer = try handle.read(upToCount: Self.chunk).map { Array($0) } ?? []
        } catch {
            // The rows so far stand; the caller reports the failure in place of the end of the data.
            failure = error.localizedDescription
            buffer = []
        }
        position = 0
    }
}

/// Why a data file does not read, at its line when there is one.
///
/// ```swift
/// error.description   // "users.jsonl:3:9: expected ',' or '}' after object member"
/// ```
package struct ScriptDataError: Error, Sendable, CustomStringConvertible {
    /// The file.
    package let file: String
    /// The 1-based line, when the problem has one.
    package let line: Int?
    /// The 1-based column on ``line``.
    package let column: Int?
    /// What is wrong.
    package let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - line: The 1-based line, when the problem has one.
    ///   - column: The 1-based column on the line.
    ///   - message: What is wrong.
    package init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, with as much of the location as there is.
    package var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") + ": "
            + message
    }
}
