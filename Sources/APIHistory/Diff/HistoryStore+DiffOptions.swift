public import APIClient
public import APIMapping

/// The options a comparison of recorded models uses, and where its volatile paths came from:
/// what `apiexplore diff`, the Diff view and `expect unchanged except volatile` print.
public struct HistoryDiffOptions: Sendable {
    /// The options: the settings' identities, declared volatile paths and ``detected``.
    public let options: JSONDiff.Options
    /// The volatile paths the settings declare.
    public let declared: [DiffPath]
    /// The volatile paths detected from history that the declared ones do not cover.
    public let detected: [DiffPath]

    /// Assembles the options: the settings' identities and declared volatile paths, then the
    /// detected paths the declared ones do not already cover in `newModel`.
    ///
    /// ```swift
    /// // declared: [$..request_id]; found: [request_id, served_at]
    /// HistoryDiffOptions(settings: settings, found: found, newModel: new).detected  // [served_at]
    /// ```
    ///
    /// - Parameters:
    ///   - settings: The declared volatile paths and identities.
    ///   - found: The paths detection found (``HistoryStore/detectVolatilePaths(profile:endpoint:count:through:identities:xmlArrays:request:)``).
    ///   - newModel: The newer model, in which declared paths are resolved.
    public init(settings: DiffSettings, found: [DiffPath] = [], newModel: JSONNode) {
        declared = settings.volatile
        detected = VolatileDetection.uncovered(found, by: settings.volatile, in: newModel)
        var options = settings.options
        options.volatile += detected
        self.options = options
    }
}

extension HistoryStore {
    /// The options for comparing two models of an endpoint: the settings (declared volatile paths
    /// and identities) plus the paths detected among the endpoint's successful exchanges up to
    /// `through`, less those the declared ones already cover in the newer model.
    ///
    /// ```swift
    /// let assembled = try await store.diffOptions(
    ///     settings: profile.diffSettings(endpoint: "inventory"), profile: "inv", endpoint: "inventory",
    ///     through: 14, newModel: new)
    /// assembled.declared.map(\.description)  // ["$..request_id", "served_at"]
    /// assembled.detected.map(\.description)  // ["version"]
    /// let diff = JSONDiff(old: old, new: new, options: assembled.options)
    /// ```
    ///
    /// - Parameters:
    ///   - settings: The declared volatile paths and identities (a profile's, an endpoint's, flags).
    ///   - profile: The profile whose history detection reads; `nil` detects nothing.
    ///   - endpoint: The endpoint whose history detection reads; `nil` detects nothing.
    ///   - detectCount: How many successful exchanges detection reads (3 to 50); 0 detects nothing.
    ///   - through: The newer compared exchange: detection reads it and older ones; `nil` the newest.
    ///   - xmlArrays: The profile's `xml_arrays`, to read XML bodies as they were.
    ///   - newModel: The newer model, in which declared paths are resolved to tell what they cover.
    ///   - request: The request both compared exchanges sent: detection reads only exchanges that sent
    ///     it too (see ``detectVolatilePaths(profile:endpoint:count:through:identities:xmlArrays:request:)``).
    /// - Returns: The options and the declared and detected paths.
    /// - Throws: ``HistoryError`` when history cannot be read.
    public func diffOptions(
        settings: DiffSettings, profile: String?, endpoint: String?, detectCount: Int = 5, through: Int64? = nil,
        xmlArrays: [ProfilePath] = [], newModel: JSONNode, request: RequestKey? = nil
    ) async throws(HistoryError) -> HistoryDiffOptions {
        var found: [DiffPath] = []
        if detectCount > 0, let profile, let endpoint {
            found = try await detectVolatilePaths(
                profile: profile, endpoint: endpoint, count: detectCount, through: through,
                identities: settings.identities, xmlArrays: xmlArrays, request: request)
        }
        return HistoryDiffOptions(settings: settings, found: found, newModel: newModel)
    }
}
