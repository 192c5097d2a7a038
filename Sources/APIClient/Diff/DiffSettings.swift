public import APIMapping

/// What a profile (or one of its endpoints) says about comparing its responses: the paths whose
/// value is expected to change on every call, and the arrays matched by an identity key.
///
/// Paths are in the compared model (what `probe` reads), not in the whole body.
///
/// ```yaml
/// volatile: [meta>ts, $..request_id]      # a profile path, or a JSONPath when it starts with $
/// identity: {items: id}                   # array path: key path within each element
/// endpoints:
///   quote:
///     path: /quote
///     volatile: [price]                   # added to the profile's for this endpoint
/// ```
///
/// ```swift
/// let options = profile.diffSettings(endpoint: "quote").options
/// options.volatile.map(\.description)  // ["meta>ts", "$..request_id", "price"]
/// ```
public struct DiffSettings: Hashable, Sendable {
    /// The declared volatile paths.
    public var volatile: [DiffPath]
    /// The declared identity keys of arrays.
    public var identities: [DiffIdentity]

    /// Creates settings; the default declares nothing.
    public init(volatile: [DiffPath] = [], identities: [DiffIdentity] = []) {
        self.volatile = volatile
        self.identities = identities
    }

    /// These settings followed by `more` (an endpoint's after its profile's).
    public func adding(_ more: DiffSettings) -> DiffSettings {
        DiffSettings(volatile: volatile + more.volatile, identities: identities + more.identities)
    }

    /// The diff options these settings give, with the default bounds.
    public var options: JSONDiff.Options {
        JSONDiff.Options(volatile: volatile, identities: identities)
    }
}

extension Profile {
    /// The profile's diff settings with those of `endpoint` added, when it names one of its endpoints.
    ///
    /// - Parameter endpoint: An endpoint id, or `nil` for the profile's alone.
    /// - Returns: The combined settings.
    public func diffSettings(endpoint: String?) -> DiffSettings {
        guard let endpoint, let declared = self.endpoint(endpoint) else { return diff }
        return diff.adding(declared.diff)
    }
}
