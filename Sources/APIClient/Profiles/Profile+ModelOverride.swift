public import APIMapping
import Foundation

extension Profile {
    /// The text of this profile's file with `envelope: {model: PATH}` added to one endpoint: what
    /// the terminal UI saves after "map from here". The rest of the file, comments and order
    /// included, is kept as written, and the result is read back before it is returned.
    ///
    /// ```swift
    /// let text = try profile.textSettingModel(try ProfilePath("data>list"), forEndpoint: "users", in: fileText)
    /// // endpoints:
    /// //   users:
    /// //     envelope: {model: "data>list"}
    /// //     path: /cmd/users
    /// ```
    ///
    /// - Parameters:
    ///   - model: The model path to save.
    ///   - endpoint: The endpoint's id.
    ///   - text: The profile file's current text.
    /// - Returns: The new text.
    /// - Throws: ``ProfileError`` when the endpoint is unknown, is written on one line, already
    ///   declares an `envelope:` (edit those with `profiles edit`), or the result does not read back.
    public func textSettingModel(_ model: ProfilePath, forEndpoint endpoint: String, in text: String)
        throws(ProfileError) -> String
    {
        guard let found = self.endpoint(endpoint), found.location.line > 0 else {
            throw ProfileError(
                .unknownEndpoint, file: file, line: 0, column: 0,
                message: "profile '\(name)' has no endpoint '\(endpoint)' written in its file")
        }
        // A file written with CRLF keeps them: lines are split on LF and their CR set aside.
        let crlf = text.contains("\r\n")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        let keyIndex = found.location.line - 1
        guard keyIndex < lines.count else {
            throw ProfileError(.invalidValue, at: found.location, "the file changed since it was read; open it again")
        }
        let keyLine = lines[keyIndex]
        let keyIndent = keyLine.prefix { $0 == " " }.count
        let afterColon = keyLine.firstIndex(of: ":").map { keyLine[keyLine.index(after: $0)...] } ?? ""
        let rest = afterColon.trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || rest.hasPrefix("#") else {
            throw ProfileError(
                .invalidValue, at: found.location,
                "endpoint '\(endpoint)' is written on one line; add envelope: {model: \(model)} to it by hand "
                    + "(apiexplore profiles edit \(name))")
        }
        var childIndent: Int?
        var index = keyIndex + 1
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            index += 1
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.count - trimmed.count
            if indent <= keyIndent { break }
            if childIndent == nil { childIndent = indent }
            if indent == childIndent, trimmed.hasPrefix("envelope:") {
                throw ProfileError(
                    .invalidValue, at: SourceLocation(file: file, line: index, column: indent + 1),
                    "endpoint '\(endpoint)' already declares an envelope; set its model there "
                        + "(apiexplore profiles edit \(name))")
            }
        }
        let indent = String(repeating: " ", count: childIndent ?? keyIndent + 2)
        lines.insert("\(indent)envelope: {model: \(JSONValue.string(model.description).jsonText())}", at: keyIndex + 1)
        let result = lines.joined(separator: crlf ? "\r\n" : "\n")
        let readBack = try Profile(yaml: result, file: file)
        guard readBack.endpoint(endpoint)?.envelope.model == model else {
            throw ProfileError(
                .invalidValue, at: found.location, "the saved model did not read back as '\(model)'; nothing written")
        }
        return result
    }
}
