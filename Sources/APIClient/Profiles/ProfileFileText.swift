/// A profile file's bytes as text: UTF-8, with or without a byte-order mark; anything else is refused
/// with what was found and where, before YAML sees it.
enum ProfileFileText {
    /// Byte-order marks of encodings a profile may not use, longest first (UTF-32 LE starts like UTF-16 LE).
    private static let foreignMarks: [(bytes: [UInt8], name: String)] = [
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"),
        ([0xFF, 0xFE], "UTF-16"), ([0xFE, 0xFF], "UTF-16"),
    ]
    private static let utf8Mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The text of a profile file.
    ///
    /// ```swift
    /// try ProfileFileText.decode([0xFF, 0xFE, 0x6E, 0x00], file: "p.yaml")
    /// // p.yaml: the file looks like UTF-16 (byte-order mark FF FE at byte 0); save it as UTF-8
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The path shown in errors.
    /// - Returns: The text, without a UTF-8 byte-order mark.
    /// - Throws: ``ProfileError`` (kind `.unreadableFile`) for another encoding's byte-order
    ///   mark, a NUL byte or invalid UTF-8, with its byte offset, line and column.
    static func decode(_ bytes: [UInt8], file: String) throws(ProfileError) -> String {
        for mark in foreignMarks where bytes.starts(with: mark.bytes) {
            let hex = mark.bytes.map { hexByte($0) }.joined(separator: " ")
            throw ProfileError(
                .unreadableFile, file: file, line: 0, column: 0,
                message: "the file looks like \(mark.name) (byte-order mark \(hex) at byte 0); save it as UTF-8")
        }
        let start = bytes.starts(with: utf8Mark) ? utf8Mark.count : 0
        let body = bytes[start...]
        var line = 1
        var column = 1
        var iterator = body.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0 {
                    let what = looksLikeUTF16(bytes) ? "looks like UTF-16 without a byte-order mark" : "looks binary"
                    throw ProfileError(
                        .unreadableFile, file: file, line: line, column: column,
                        message: "NUL byte at byte \(offset): the file \(what); a profile is UTF-8 text")
                }
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                offset += encoded.count
            case .error(let length):
                let found = bytes[offset..<min(offset + max(length, 1), bytes.count)].map { hexByte($0) }
                throw ProfileError(
                    .unreadableFile, file: file, line: line, column: column,
                    message: "invalid UTF-8 at byte \(offset) (found \(found.joined(separator: " "))); "
                        + "a profile is UTF-8 text")
            case .emptyInput:
                return String(decoding: body, as: UTF8.self)
            }
        }
    }

    /// Whether every other byte of the first few is NUL, as in ASCII text saved as UTF-16 without a mark.
    private static func looksLikeUTF16(_ bytes: [UInt8]) -> Bool {
        let sample = bytes.prefix(64)
        guard sample.count >= 4 else { return false }
        let even = stride(from: 0, to: sample.count, by: 2).allSatisfy { sample[$0] == 0 }
        let odd = stride(from: 1, to: sample.count, by: 2).allSatisfy { sample[$0] == 0 }
        return even || odd
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
