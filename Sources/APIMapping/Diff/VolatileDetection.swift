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
}
