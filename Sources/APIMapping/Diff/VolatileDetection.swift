/// Finds the paths whose value changes every time: in a run of models of one endpoint, the
/// locations changed between **every** consecutive pair.
///
/// A timestamp or a request id changes on each call; a price changes now and then. With at least
/// three models (two pairs), a path changed in every pair is taken as volatile:
///
/// ```swift
/// // {"ts": 1, "price": 5}, {"ts": 2, "price": 5}, {"ts": 3, "price": 6}
/// VolatileDetection.detect(in: models).map(\.description)  // ["ts"]
/// ```
///
/// Only values changed in place count (a path added or removed is not a timestamp). Each pair is
/// compared with the given identities and the default ``JSONDiff/Options`` bounds, so a path past
/// the first 1,000 changes of a pair is not detected.
public enum VolatileDetection {
    /// The fewest models detection looks at: three, so that a path must change twice in a row.
    public static let minimumModels = 3

    /// The paths changed between every consecutive pair of `models`, as profile paths, in the
    /// order the first pair reports them; empty for fewer than ``minimumModels`` models.
    ///
    /// - Parameters:
    ///   - models: The models, in the order they were received (either order gives the same paths).
    ///   - identities: Arrays matched by identity, as the profile declares them.
    /// - Returns: The volatile paths found.
    public static func detect(in models: [JSONNode], identities: [DiffIdentity] = []) -> [DiffPath] {
        guard models.count >= minimumModels else { return [] }
        var common: [JSONLocation]?
        for (old, new) in zip(models, models.dropFirst()) {
            let diff = JSONDiff(old: old, new: new, options: JSONDiff.Options(identities: identities))
            let changed = diff.changes.filter { $0.kind == .changed }.map(\.location)
            if let previous = common {
                let now = Set(changed)
                common = previous.filter { now.contains($0) }
            } else {
                var seen: Set<JSONLocation> = []
                common = changed.filter { seen.insert($0).inserted }
            }
            if common?.isEmpty == true { return [] }
        }
        return (common ?? []).map { location in
            .profile(
                ProfilePath(
                    keys: location.components.map { component in
                        switch component {
                        case .key(let key): key
                        case .index(let index): String(index)
                        }
                    }))
        }
    }

    /// The detected paths that declared ones do not already cover in `root` (at or above them),
    /// so that a diff names as detected only what the profile does not declare.
    ///
    /// ```swift
    /// // declared: [$..request_id]; detected: [request_id, served_at]
    /// VolatileDetection.uncovered(detected, by: declared, in: model).map(\.description)  // ["served_at"]
    /// ```
    ///
    /// - Parameters:
    ///   - detected: Paths from ``detect(in:identities:)``.
    ///   - declared: The declared volatile paths.
    ///   - root: The model the paths are resolved in, usually the newer one.
    /// - Returns: The detected paths not covered, in order.
    public static func uncovered(_ detected: [DiffPath], by declared: [DiffPath], in root: JSONNode) -> [DiffPath] {
        guard !declared.isEmpty, !detected.isEmpty else { return detected }
        var covered: Set<JSONLocation> = []
        for path in declared { covered.formUnion(path.locations(in: root).locations) }
        return detected.filter { path in
            guard let location = path.locations(in: root).locations.first else { return true }
            return !(0...location.components.count).contains { count in
                covered.contains(JSONLocation(Array(location.components.prefix(count))))
            }
        }
    }
}
