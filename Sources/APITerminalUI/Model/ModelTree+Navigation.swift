package import APIMapping

extension ModelTree {
    /// Moves the cursor one row down (stays on the last row).
    ///
    /// ```swift
    /// tree.moveDown(viewHeight: 20)
    /// ```
    ///
    /// - Parameter viewHeight: The number of rows on screen, to keep the cursor visible.
    package mutating func moveDown(viewHeight: Int, by count: Int = 1) {
        for _ in 0..<count {
            guard let next = next(cursor) else { break }
            cursor = next
        }
        scrollToCursor(viewHeight: viewHeight)
    }

    /// Moves the cursor one row up (stays on the root).
    ///
    /// ```swift
    /// tree.moveUp(viewHeight: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - viewHeight: The number of rows on screen.
    ///   - count: How many rows.
    package mutating func moveUp(viewHeight: Int, by count: Int = 1) {
        for _ in 0..<count {
            guard let previous = previous(cursor) else { break }
            cursor = previous
        }
        scrollToCursor(viewHeight: viewHeight)
    }

    /// Moves the cursor to the root row.
    ///
    /// ```swift
    /// tree.moveToTop()
    /// ```
    package mutating func moveToTop() {
        cursor = []
        top = []
    }

    /// Moves the cursor to the last visible row, descending through open last children only.
    ///
    /// ```swift
    /// tree.moveToBottom(viewHeight: 20)
    /// ```
    ///
    /// - Parameter viewHeight: The number of rows on screen.
    package mutating func moveToBottom(viewHeight: Int) {
        var path: [Int] = []
        while let node = node(at: path), isOpen(node, depth: path.count) { path.append(node.count - 1) }
        cursor = path
        scrollToCursor(viewHeight: viewHeight)
    }

    /// Opens or closes the container under the cursor.
    ///
    /// ```swift
    /// tree.toggleFold()
    /// ```
    package mutating func toggleFold() {
        let node = cursorNode
        guard node.count > 0 else { return }
        if toggled.contains(node.index) { toggled.remove(node.index) } else { toggled.insert(node.index) }
    }

    /// `l` / →: opens a closed container, or moves into an open one.
    ///
    /// ```swift
    /// tree.expandOrEnter(viewHeight: 20)
    /// ```
    ///
    /// - Parameter viewHeight: The number of rows on screen.
    package mutating func expandOrEnter(viewHeight: Int) {
        let node = cursorNode
        guard node.count > 0 else { return }
        if isOpen(node, depth: cursor.count) { moveDown(viewHeight: viewHeight) } else { toggleFold() }
    }

    /// `h` / ←: closes an open container, or moves to the parent.
    ///
    /// ```swift
    /// tree.collapseOrLeave(viewHeight: 20)
    /// ```
    ///
    /// - Parameter viewHeight: The number of rows on screen.
    package mutating func collapseOrLeave(viewHeight: Int) {
        if isOpen(cursorNode, depth: cursor.count) {
            toggleFold()
        } else if !cursor.isEmpty {
            cursor.removeLast()
            scrollToCursor(viewHeight: viewHeight)
        }
    }

    /// Shows every container shallower than `depth` open and the rest closed (digit keys).
    ///
    /// The cursor moves to its nearest visible ancestor when its row is folded away.
    ///
    /// ```swift
    /// tree.collapse(toDepth: 1)  // only the root's children
    /// ```
    ///
    /// - Parameters:
    ///   - depth: The number of open levels.
    ///   - viewHeight: The number of rows on screen.
    package mutating func collapse(toDepth depth: Int, viewHeight: Int) {
        depthLimit = max(depth, 0)
        toggled = []
        cursor = Array(cursor.prefix(depthLimit))
        top = Array(top.prefix(depthLimit))
        scrollToCursor(viewHeight: viewHeight)
    }

    /// Moves the cursor to a location, opening the containers on the way; `false` when it does not exist.
    ///
    /// ```swift
    /// tree.reveal(JSONLocation([.key("data"), .key("name")]), viewHeight: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - location: The location inside the tree's root.
    ///   - viewHeight: The number of rows on screen.
    /// - Returns: Whether the location was found.
    @discardableResult
    package mutating func reveal(_ location: JSONLocation, viewHeight: Int) -> Bool {
        guard let path = position(of: location) else { return false }
        reveal(position: path, viewHeight: viewHeight)
        return true
    }

    /// The position of a location, or `nil` when a key or index is missing.
    func position(of location: JSONLocation) -> [Int]? {
        var node = root
        var path: [Int] = []
        for component in location.components {
            let list = children.of(node)
            switch component {
            case .key(let key):
                guard node.kind == .object, let ordinal = list.lastIndex(where: { $0.key == key }) else { return nil }
                path.append(ordinal)
            case .index(let index):
                guard node.kind == .array, index >= 0, index < list.count else { return nil }
                path.append(index)
            }
            node = list[path[path.count - 1]].node
        }
        return path
    }

    /// Scrolls so the cursor is on screen, moving the view as little as possible.
    mutating func scrollToCursor(viewHeight: Int) {
        let height = max(viewHeight, 1)
        if cursor.lexicographicallyPrecedes(top) {
            top = cursor
            return
        }
        var row = top
        for _ in 0..<height {
            if row == cursor { return }
            guard let next = next(row) else { break }
            row = next
        }
        top = cursor
        for _ in 1..<height {
            guard let previous = previous(top) else { break }
            top = previous
        }
    }
}
