import APIMapping
import Yams

/// Reading `volatile:` and `identity:`, at the top of a profile and in an endpoint.
extension Profile {
    static func diffSettings(_ fields: Fields, _ reader: ProfileYAMLReader, of what: String?) throws(ProfileError)
        -> DiffSettings
    {
        let suffix = what.map { " of \($0)" } ?? ""
        var settings = DiffSettings()
        if let node = fields["volatile"] {
            let where_ = "'volatile'\(suffix)"
            let elements = node.sequence.map(Array.init) ?? [node]
            for element in elements {
                settings.volatile.append(try diffPath(element, reader, where_))
            }
        }
        if let node = fields["identity"] {
            let where_ = "'identity'\(suffix)"
            for entry in try reader.entries(node, where_) {
                let array = try diffPath(entry.keyNode, reader, where_)
                let key = try reader.path(entry.value, "the identity key of '\(entry.key)' in \(where_)")
                guard !key.segments.isEmpty else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(entry.value),
                        "the identity key of '\(entry.key)' in \(where_) is empty: name a key of each element")
                }
                settings.identities.append(DiffIdentity(array: array, key: key))
            }
        }
        return settings
    }

    /// A profile path, or a JSONPath when the text starts with `$`, with the error at its column.
    private static func diffPath(_ node: Node, _ reader: ProfileYAMLReader, _ what: String) throws(ProfileError)
        -> DiffPath
    {
        let text = try reader.string(node, what)
        do {
            return try DiffPath(text)
        } catch {
            throw ProfileError(
                .invalidValue, at: reader.textLocation(node).advanced(by: error.offset),
                "invalid \(error.language) '\(text)' for \(what): \(error.message)")
        }
    }
}
