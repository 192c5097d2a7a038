import APIMapping

/// Where a comparison's changes fall in the Model tree (`D`): the mark of each added, changed or
/// moved node of the newer model, the containers a member was removed from, and the containers
/// with changes somewhere inside (marked while folded, so that a change never hides in a fold).
///
/// ```text
/// ›   ▾ $: {4}
///   ~   version: 2                  changed
///     ▾ items: [3]
///   +   ▸ [0]: {"id":3,…}           added
///   >   ▸ [1]: {"id":1,…}           moved
///   ~   ▸ [2]: {"id":2,…}           folded, a change inside
/// ```
///
/// The locations form a trie with one node per distinct prefix, so building it costs the summed
/// depth of the changes (at most ``JSONDiff/Options/maximumChanges`` of them) and marking a row
/// costs its depth, whatever the document's size.
struct DiffTreeMarks: Sendable {
    private struct Step: Hashable {
        let parent: Int
        let component: JSONLocation.Component
    }

    /// The trie's edges; node 0 is the root.
    private var steps: [Step: Int] = [:]
    private var nodeCount = 1
    /// Nodes with a node below them: containers with a change inside.
    private var parents: Set<Int> = []
    /// The kind of change at a node itself: added, changed or moved.
    private var own: [Int: JSONChange.Kind] = [:]
    /// Containers a member was removed from.
    private var removedFrom: Set<Int> = []
    /// The removed members, in the diff's order: they are not in the tree, so they are listed.
    private(set) var removed: [JSONChange] = []
    /// How many changes of each kind are marked.
    private(set) var counts: [JSONChange.Kind: Int] = [:]

    /// The marks of `diff`'s changes; volatile ones only when `includingVolatile` (`:view diff all`).
    init(_ diff: JSONDiff, includingVolatile: Bool) {
        for change in diff.changes where includingVolatile || !change.isVolatile {
            counts[change.kind, default: 0] += 1
            if change.kind == .removed {
                removed.append(change)
                // A removed member's location is in the older model; its container is marked in the newer.
                removedFrom.insert(insert(change.location.components.dropLast()))
            } else {
                let node = insert(change.location.components[...])
                // Added or changed says more than moved, when an element moved and changed kind.
                if own[node] == nil || own[node] == .moved { own[node] = change.kind }
            }
        }
    }

    private mutating func insert(_ components: ArraySlice<JSONLocation.Component>) -> Int {
        var node = 0
        for component in components {
            let step = Step(parent: node, component: component)
            if let next = steps[step] {
                node = next
                continue
            }
            parents.insert(node)
            steps[step] = nodeCount
            node = nodeCount
            nodeCount += 1
        }
        return node
    }

    private func find(_ location: JSONLocation) -> Int? {
        var node = 0
        for component in location.components {
            guard let next = steps[Step(parent: node, component: component)] else { return nil }
            node = next
        }
        return node
    }

    /// Whether any change is marked.
    var isEmpty: Bool { nodeCount == 1 && own.isEmpty && removedFrom.isEmpty }

    /// The gutter mark of a row at `location`, and its colour: the change's own mark (`+` added,
    /// `~` changed, `>` moved), else `-` when a member was removed from it, else `~` when it is
    /// folded with a change inside; `nil` for a row with nothing to show.
    ///
    /// - Parameters:
    ///   - location: The row's location in the newer model.
    ///   - isOpen: Whether the row is an open container (its changes show below it).
    /// - Returns: The mark and its role, or `nil`.
    func mark(at location: JSONLocation, isOpen: Bool) -> (text: String, role: ColorRole)? {
        guard let node = find(location) else { return nil }
        if let kind = own[node] { return (kind.mark, kind.role) }
        if removedFrom.contains(node) { return (JSONChange.Kind.removed.mark, JSONChange.Kind.removed.role) }
        if !isOpen, parents.contains(node) { return (JSONChange.Kind.changed.mark, JSONChange.Kind.changed.role) }
        return nil
    }
}
