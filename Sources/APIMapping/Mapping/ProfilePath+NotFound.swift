extension ProfilePath {
    /// Where this path stops in `root` and why, for messages about a missing model or property:
    /// the deepest location reached, the location the missing step would have had, and a detail
    /// such as ``stopped at $.data: no key `items` ``.
    func notFound(in root: JSONNode) -> (reached: JSONLocation, missing: JSONLocation, detail: String) {
        let (reached, segment) = deepestMatch(in: root)
        guard let segment else { return (reached.location, reached.location, "reached \(reached.location)") }
        let what: String
        var missing = reached.location
        switch reached.node.kind {
        case .object:
            what = "no key `\(segment.key)`"
            missing.components.append(.key(segment.key))
        case .array:
            what =
                segment.index == nil
                ? "an array has no key `\(segment.key)`" : "no element \(segment.key) (count \(reached.node.count))"
            missing.components.append(segment.index.map { .index($0) } ?? .key(segment.key))
        default:
            what = "\(reached.node.kind) has no `\(segment.key)`"
            missing.components.append(.key(segment.key))
        }
        return (reached.location, missing, "stopped at \(reached.location): \(what)")
    }
}
