public import APIClient

extension ProfileDraft {
    /// The draft as profile text, read back with `Profile` to prove it is one: an
    /// importer's output always loads, and an importer bug shows here, not at the first request.
    ///
    /// ```swift
    /// let text = try draft.validatedYAML(file: "profiles/petstore.yaml")
    /// ```
    ///
    /// - Parameter file: The file the text will be written to; its base name must be ``name``.
    /// - Returns: The text and the profile it reads as.
    /// - Throws: `ProfileError` located in the emitted text.
    public func validatedYAML(file: String) throws(ProfileError) -> (text: String, profile: Profile) {
        let text = yaml()
        return (text, try Profile(yaml: text, file: file))
    }
}

/// Adds endpoints to an existing profile file as text, so its comments, order and formatting stay
/// as the user wrote them.
///
/// ```swift
/// let merged = try ProfileFileMerge.adding([endpoint], to: text)
/// ```
public enum ProfileFileMerge {
    /// `text` with `endpoints` appended to its top-level `endpoints:` block (made if absent).
    ///
    /// - Parameters:
    ///   - endpoints: The endpoints to add; their ids must be new to the profile.
    ///   - text: The profile's text.
    /// - Returns: The new text.
    public static func adding(_ endpoints: [EndpointDraft], to text: String) -> String {
        let added = endpoints.flatMap { $0.yamlLines() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("endpoints:") }),
            lines[start].trimmingTrailingSpace == "endpoints:"
        else {
            // No block-style `endpoints:` at the top level: a new block at the end (an inline
            // `endpoints: {}` is left for the reader to reject as a duplicate key).
            return (lines + ["endpoints:"] + added).joined(separator: "\n") + "\n"
        }
        var end = start + 1
        while end < lines.count {
            let line = lines[end]
            let isTopLevel = !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("#")
            if isTopLevel { break }
            end += 1
        }
        // Keep trailing blank lines and comments after the block where they were.
        var insertion = end
        while insertion > start + 1, lines[insertion - 1].trimmingTrailingSpace.isEmpty { insertion -= 1 }
        lines.insert(contentsOf: added, at: insertion)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String {
        var text = self
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }
}
