package import APIMapping

/// The model pane's JSON tree: fold state, cursor and scroll position over a ``JSONNode``.
///
/// A row is addressed by its *position*, the child ordinals from the root (`[]` is the root, `[0, 3]` the
/// fourth child of the first child). Visible rows are produced lazily by walking positions forward
/// from the top row, so drawing a frame touches only the rows on screen, whatever the body size.
/// Folding is `depthLimit` (containers shallower than it are open) plus a set of toggled containers,
/// so collapsing to a depth is O(1).
///
/// ```swift
/// var tree = ModelTree(root: document.root)
/// tree.moveDown(viewHeight: 20)
/// tree.cursorLocation.profilePath  // "data"
/// ```
package struct ModelTree: Sendable {
    /// The root shown as the first row.
    package let root: JSONNode
    /// Containers at a depth below this are open unless toggled.
    package internal(set) var depthLimit: Int
    /// Node indices whose fold state is the opposite of what `depthLimit` says.
    var toggled: Set<Int> = []
    /// The cursor row.
    package internal(set) var cursor: [Int] = []
    /// The first row on screen.
    package internal(set) var top: [Int] = []
    let children = TreeChildren()

    /// Creates a tree with the root and its children open.
    ///
    /// ```swift
    /// let tree = ModelTree(root: try JSONDocument(parsing: #"{"a":[1,2]}"#).root)
    /// ```
    ///
    /// - Parameters:
    ///   - root: The node shown as the first row.
    ///   - depthLimit: How many levels start open.
    package init(root: JSONNode, depthLimit: Int = 2) {
        self.root = root
        self.depthLimit = depthLimit
    }

    /// The node at a position, or `nil` when the position no longer exists.
    func node(at position: [Int]) -> JSONNode? {
        var node = root
        for ordinal in position {
            let list = children.of(node)
            guard ordinal >= 0, ordinal < list.count else { return nil }
            node = list[ordinal].node
        }
        return node
    }

    /// The child entry a non-root position names.
    func entry(at position: [Int]) -> TreeChild? {
        guard let last = position.last, let parent = node(at: Array(position.dropLast())) else { return nil }
        let list = children.of(parent)
        return last < list.count ? list[last] : nil
    }

    /// Whether a node shown at a depth is an open, non-empty container.
    func isOpen(_ node: JSONNode, depth: Int) -> Bool {
        guard node.count > 0 else { return false }
        return (depth < depthLimit) != toggled.contains(node.index)
    }

    /// The next visible row after a position, in document order.
    func next(_ position: [Int]) -> [Int]? {
        guard let node = node(at: position) else { return nil }
        if isOpen(node, depth: position.count) { return position + [0] }
        var path = position
        while let last = path.popLast() {
            if let parent = self.node(at: path), last + 1 < parent.count { return path + [last + 1] }
        }
        return nil
    }

    /// The visible row before a position.
    func previous(_ position: [Int]) -> [Int]? {
        guard let last = position.last else { return nil }
        var path = Array(position.dropLast())
        guard last > 0 else { return path }
        path.append(last - 1)
        while let node = node(at: path), isOpen(node, depth: path.count) { path.append(node.count - 1) }
        return path
    }

    /// The location of a position as path components (keys and indices).
    func location(of position: [Int]) -> JSONLocation {
        var components: [JSONLocation.Component] = []
        var node = root
        for ordinal in position {
            let child = children.of(node)[ordinal]
            components.append(child.key.map { .key($0) } ?? .index(ordinal))
            node = child.node
        }
        return JSONLocation(components)
    }

    /// The cursor's location, shown as a profile path and a JSONPath under the tree.
    ///
    /// ```swift
    /// tree.cursorLocation.description  // "$.data.profile.city"
    /// ```
    package var cursorLocation: JSONLocation { location(of: cursor) }

    /// The node under the cursor.
    ///
    /// ```swift
    /// tree.cursorNode.kind  // .object
    /// ```
    package var cursorNode: JSONNode { node(at: cursor) ?? root }
}
