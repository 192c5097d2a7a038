import APIMapping

/// Why a collection could not be read, and where: the file, the line and column, and in JSON
/// formats the path of the offending value.
///
/// ```swift
/// do {
///     _ = try PostmanCollectionReader.read(#"{"info": {}, "item": 3}"#, file: "shop.json")
/// } catch {
///     print(error)  // shop.json:1:23: $.item: expected an array
/// }
/// ```
public struct CollectionImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    /// The 1-based line, when known.
    public let line: Int?
    /// The 1-based column, when known.
    public let column: Int?
    /// The JSON path of the value (`$.item[2].request.url`), for JSON formats.
    public let path: String?
    /// What is wrong.
    public let message: String

    /// `file:line:column: $.path: message`.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return location + ": " + (path.map { $0 + ": " } ?? "") + message
    }

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// A JSON syntax error, at its line and column.
    static func notJSON(_ error: JSONParseError, file: String) -> CollectionImportError {
        CollectionImportError(file: file, line: error.line, column: error.column, message: "not JSON: \(error.message)")
    }
}

/// Line and column of JSON nodes, for errors that point at a value.
struct JSONLocator {
    let file: String
    private let lineStarts: [Int]

    init(text: String, file: String) {
        self.file = file
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The error at `node` (or at the start of the file when there is none).
    func error(_ message: String, at node: JSONNode?, path: String) -> CollectionImportError {
        guard let node else { return CollectionImportError(file: file, path: path, message: message) }
        let offset = node.byteOffset
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return CollectionImportError(
            file: file, line: low + 1, column: offset - lineStarts[low] + 1, path: path, message: message)
    }
}
