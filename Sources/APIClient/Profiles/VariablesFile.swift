import APIMapping
import Yams

/// Variables for a run read from a file: a YAML or JSON mapping of scalars, or a `.env` file of
/// `NAME=VALUE` lines, with errors at their line and column.
///
/// ```swift
/// try VariablesFile.read(Array("region: eu\nretries: 3\n".utf8), file: "vars.yaml")
/// // ["region": "eu", "retries": "3"]
/// ```
///
/// YAML goes through the same composer as profiles, so its limits (aliases, node count) hold here too.
package enum VariablesFile {
    /// Reads the variables; the format comes from the file name (`.json`, `.env` or `*.env`, else YAML).
    ///
    /// - Parameters:
    ///   - bytes: The file's contents (UTF-8).
    ///   - file: The file's path, for the format and for errors.
    /// - Throws: ``ProfileError`` at the line (and column) that does not read.
    package static func read(_ bytes: [UInt8], file: String) throws(ProfileError) -> [String: String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ProfileError(.invalidValue, file: file, line: 0, column: 0, message: "not UTF-8 text")
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if name.hasSuffix(".json") { return try json(bytes, file: file) }
        if name == ".env" || name.hasSuffix(".env") { return try dotenv(text, file: file) }
        return try yaml(text, file: file)
    }

    /// Reads a `.env` file of `NAME=VALUE` lines, whatever its name (`--env-file`).
    ///
    /// - Throws: ``ProfileError`` at the line that does not read.
    package static func readDotEnv(_ bytes: [UInt8], file: String) throws(ProfileError) -> [String: String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ProfileError(.invalidValue, file: file, line: 0, column: 0, message: "not UTF-8 text")
        }
        return try dotenv(text, file: file)
    }

    private static func json(_ bytes: [UInt8], file: String) throws(ProfileError) -> [String: String] {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes)
        } catch {
            throw ProfileError(
                .invalidValue, file: file, line: error.line, column: error.column, message: error.message)
        }
        guard case .object(let object) = document.root.value else {
            throw ProfileError(
                .wrongType, file: file, line: 1, column: 1, message: "expected an object of variables")
        }
        var variables: [String: String] = [:]
        for (key, value) in object.members {
            switch value {
            case .string(let text): variables[key] = text
            case .number, .bool: variables[key] = value.jsonText()
            default:
                throw ProfileError(
                    .wrongType, file: file, line: 1, column: 1,
                    message: "variable '\(key)' must be a string, number or boolean")
            }
        }
        return variables
    }

    private static func yaml(_ text: String, file: String) throws(ProfileError) -> [String: String] {
        let reader = ProfileYAMLReader(file: file)
        let root = try reader.compose(text)
        var variables: [String: String] = [:]
        for (key, _, value) in try reader.entries(root, "the variables") {
            guard let scalar = value.scalar, value.tagName != .null else {
                throw reader.wrongType(value, expected: "a string, number or boolean", for: "variable '\(key)'")
            }
            variables[key] = scalar.string
        }
        return variables
    }

    /// `NAME=VALUE` lines; `export ` before the name, `#` comments and blank lines are allowed; a
    /// value may be quoted with `"` (escapes `\n`, `\t`, `\"`, `\\`) or `'` (taken as written).
    private static func dotenv(_ text: String, file: String) throws(ProfileError) -> [String: String] {
        var variables: [String: String] = [:]
        // Split on scalars: as a Character, "\r\n" is one grapheme and never equals "\n".
        for (offset, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = offset + 1
            var rest = Substring(scalars.last == "\r" ? scalars.dropLast() : scalars)
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.isEmpty || rest.hasPrefix("#") { continue }
            if rest.hasPrefix("export ") { rest = rest.dropFirst(7).drop { $0 == " " } }
            guard let equals = rest.firstIndex(of: "=") else {
                throw ProfileError(.invalidValue, file: file, line: line, column: 1, message: "expected NAME=VALUE")
            }
            let name = rest[..<equals].trimmingCharacters(in: " \t")
            let valid =
                name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
            guard valid else {
                throw ProfileError(
                    .invalidValue, file: file, line: line, column: 1, message: "invalid variable name '\(name)'")
            }
            let column = rest.distance(from: rest.startIndex, to: equals) + 2
            variables[String(name)] = try value(
                rest[rest.index(after: equals)...], file: file, line: line, column: column)
        }
        return variables
    }

    private static func value(_ raw: Substring, file: String, line: Int, column: Int) throws(ProfileError) -> String {
        let text = raw.drop { $0 == " " || $0 == "\t" }
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            // Unquoted: up to a ` #` comment, trimmed.
            var value = text
            if let comment = value.firstRange(of: " #") { value = value[..<comment.lowerBound] }
            return String(value.trimmingCharacters(in: " \t"))
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote {
                let after = text[text.index(after: index)...].trimmingCharacters(in: " \t")
                guard after.isEmpty || after.hasPrefix("#") else { break }
                return result
            }
            if quote == "\"" && character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { break }
                switch text[index] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(text[index])
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        throw ProfileError(
            .invalidValue, file: file, line: line, column: column,
            message: "unterminated \(quote) quote (or text after the closing quote)")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
