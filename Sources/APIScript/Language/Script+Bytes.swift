extension Script {
    /// Parses a script file as people write them: UTF-8 with or without a byte-order mark, LF or CRLF
    /// line endings.
    ///
    /// ```swift
    /// let script = try Script(parsing: Array("\u{FEFF}use demo\r\ncall user id=7\r\n".utf8), name: "win.apx")
    /// script.commands.count   // 2
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The script file's contents.
    ///   - name: How errors name the script.
    /// - Throws: ``ScriptErrors``: one ``ScriptError`` of kind `.encoding` at the first NUL byte or invalid
    ///   UTF-8 sequence (with its byte offset), else every syntax error.
    package init(parsing bytes: [UInt8], name: String) throws(ScriptErrors) {
        try self.init(parsing: try Self.text(of: bytes, name: name), name: name)
    }

    /// The bytes as text, checked: NUL bytes and invalid UTF-8 are errors at their line and column.
    static func text(of bytes: [UInt8], name: String) throws(ScriptErrors) -> String {
        var line = 1
        var column = 1
        var offset = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        func failure(_ message: String) -> ScriptErrors {
            ScriptErrors(errors: [ScriptError(.encoding, script: name, line: line, column: column, message)])
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0 {
                    throw failure("NUL byte at byte \(offset); a script is UTF-8 text")
                }
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if offset > 0 || !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                    // A leading byte-order mark takes no column.
                    column += 1
                }
                offset += encoded.count
            case .error(let length):
                let found = bytes[offset..<min(offset + max(length, 1), bytes.count)]
                    .map { String($0, radix: 16, uppercase: true) }
                throw failure(
                    "invalid UTF-8 at byte \(offset) (found \(found.joined(separator: " "))); a script is UTF-8 text")
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            }
        }
    }
}
