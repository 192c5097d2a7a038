package import APIMapping

/// One visible row of the model tree, ready to draw.
package struct ModelRow: Sendable, Equatable {
    /// The row's position (child ordinals from the root).
    package var position: [Int]
    /// The nesting depth (0 for the root).
    package var depth: Int
    /// The member key, or the element index in brackets, or `$` for the root.
    package var label: String
    /// Whether the label is an object key (coloured as a key) rather than an index.
    package var labelIsKey: Bool
    /// The node.
    package var node: JSONNode
    /// Whether the row is an open container.
    package var isOpen: Bool
}

extension ModelTree {
    /// The rows on screen, from the top row: at most `count`, produced without touching other rows.
    ///
    /// ```swift
    /// tree.visibleRows(count: 20).map(\.label)  // ["$", "code", "msg", "data", …]
    /// ```
    ///
    /// - Parameter count: The pane height.
    /// - Returns: Up to `count` rows.
    package func visibleRows(count: Int) -> [ModelRow] {
        var rows: [ModelRow] = []
        var position: [Int]? = top
        while let current = position, rows.count < count {
            guard let node = node(at: current) else { break }
            let key = entry(at: current)?.key
            let label: String
            if current.isEmpty {
                label = "$"
            } else if let key {
                label = key
            } else {
                label = "[\(current[current.count - 1])]"
            }
            rows.append(
                ModelRow(
                    position: current, depth: current.count, label: label, labelIsKey: key != nil,
                    node: node, isOpen: isOpen(node, depth: current.count)))
            position = next(current)
        }
        return rows
    }

    /// The keys of the object at a location (for probe completion), in document order.
    ///
    /// ```swift
    /// tree.keys(at: JSONLocation([.key("data")]))  // ["id", "name", …]
    /// ```
    ///
    /// - Parameter location: A location inside the root.
    /// - Returns: The keys, or `[]` when the location is missing or not an object.
    package func keys(at location: JSONLocation) -> [String] {
        guard let node = root[location], node.kind == .object else { return [] }
        return children.of(node).compactMap(\.key)
    }
}
