extension Profile {
    /// Reads a profile from a file's bytes: UTF-8 (a byte-order mark is allowed), then YAML.
    ///
    /// Another encoding is named rather than misread: a UTF-16 or UTF-32 byte-order mark, a NUL byte
    /// (a binary file, or UTF-16 without a mark) or invalid UTF-8, with the byte offset and line.
    ///
    /// ```swift
    /// try Profile(bytes: [0xFF, 0xFE, 0x6E, 0x00], file: "profiles/p.yaml")
    /// // profiles/p.yaml: the file looks like UTF-16 (byte-order mark FF FE at byte 0); save it as UTF-8
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The file name shown in errors.
    /// - Throws: ``ProfileError`` of kind `.unreadableFile` for bytes that are not UTF-8 text,
    ///   else what ``init(yaml:file:)`` throws.
    public init(bytes: [UInt8], file: String) throws(ProfileError) {
        try self.init(yaml: try ProfileFileText.decode(bytes, file: file), file: file)
    }
}
