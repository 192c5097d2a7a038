extension ProfilePath {
    /// Where this path stops in `root` and why, for messages about a missing model or property:
    /// the deepest location reached, the location the missing step would have had, and a detail
    /// such as "stopped at $.data: no key \`items\`". Locations are from the document root, even
    /// when `root` is deeper.
    func notFound(in root: JSONNode) -> (reached: JSONLocation, missing: JSONLocation, detail: String) {
        let (match, segment) = deepestMatch(in: root)
        var reached = root.documentLocation
        reached.components += match.location.components
        guard let segment else { return (reached, reached, "reached \(reached)") }
        let what: String
        var missing = reached
        switch match.node.kind {
        case .object:
            what = "no key `\(segment.key)`"
            missing.components.append(.key(segment.key))
        case .array:
            what =
                segment.index == nil
                ? "an array has no key `\(segment.key)`" : "no element \(segment.key) (count \(match.node.count))"
            missing.components.append(segment.index.map { .index($0) } ?? .key(segment.key))
        default:
            what = "\(match.node.kind) has no `\(segment.key)`"
            missing.components.append(.key(segment.key))
        }
        return (reached, missing, "stopped at \(reached): \(what)")
    }
}
