extension JSONNode {
    /// Calls `visit` for each value from the document root down to this node, with its position in
    /// its parent (an array index, ``Position/member`` for an object member, ``Position/itself`` for
    /// the root). Sibling subtrees are skipped in one step each.
    func visitAncestry(_ visit: (_ node: Int, _ ordinal: Int) -> Void) {
        let nodes = storage.nodes
        visit(0, Position.itself)
        var current = 0
        while current != index {
            let record = nodes[current]
            let isObject = record.header & JSONTape.kindMask == JSONTape.object
            var child = current + 1
            var found = false
            for ordinal in 0..<Int(record.length) {
                let value = isObject ? child + 1 : child
                let end = Int(nodes[value].next)
                if index >= value && index < end {
                    visit(value, isObject ? Position.member : ordinal)
                    current = value
                    found = true
                    break
                }
                child = end
            }
            precondition(found, "node \(index) is not a value of its document")
        }
    }

    /// Where this node is, from its document's root.
    var documentLocation: JSONLocation {
        var components: [JSONLocation.Component] = []
        visitAncestry { node, ordinal in
            switch ordinal {
            case Position.itself: break
            case Position.member: components.append(.key(JSONNode(storage: storage, index: node - 1).stringValue ?? ""))
            default: components.append(.index(ordinal))
            }
        }
        return JSONLocation(components)
    }
}
