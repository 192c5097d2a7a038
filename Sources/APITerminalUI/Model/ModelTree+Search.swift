import APIMapping

extension ModelTree {
    /// Moves the cursor to the row of a node, opening the folded containers on the way; `false` when
    /// the node is not a value inside the tree's root.
    ///
    /// Search results name rows by document index (`JSONNode.index`); this turns one into the row's
    /// position without listing any container but those on the path.
    ///
    /// ```swift
    /// tree.reveal(node: rows[0], viewHeight: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - index: A document index inside the root's subtree.
    ///   - viewHeight: The number of rows on screen.
    /// - Returns: Whether the node was found.
    @discardableResult
    package mutating func reveal(node index: Int, viewHeight: Int) -> Bool {
        guard let path = root.ordinals(to: index) else { return false }
        reveal(position: path, viewHeight: viewHeight)
        return true
    }

    /// Moves the cursor to a position that exists, opening the folded containers on the way.
    mutating func reveal(position path: [Int], viewHeight: Int) {
        for depth in 0..<path.count {
            if let node = node(at: Array(path.prefix(depth))), !isOpen(node, depth: depth) {
                toggled.formSymmetricDifference([node.index])
            }
        }
        cursor = path
        scrollToCursor(viewHeight: viewHeight)
    }
}
