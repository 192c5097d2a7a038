extension JSONShape {
    /// Adds one sample (a model) to the shape.
    ///
    /// Keys are counted once per object even when they repeat, with the value of their last occurrence
    /// (keys compared as UTF-8 bytes); arrays are read up to
    /// ``Limits/maxElements`` elements, values down to ``Limits/maxDepth`` levels, and new paths are kept
    /// while the shape has fewer than ``Limits/maxNodes``.
    ///
    /// ```swift
    /// var shape = JSONShape()
    /// shape.add(try JSONDocument(parsing: #"{"items": [{"sku": "a"}, {"sku": "b", "price": 3}]}"#).root)
    /// // items[]>sku is always present, items[]>price is optional
    /// ```
    ///
    /// - Parameter value: The sample.
    public mutating func add(_ value: JSONNode) {
        samples += 1
        add(value, to: 0, depth: 0)
    }

    private mutating func add(_ value: JSONNode, to index: Int, depth: Int) {
        let kind = Kind(of: value)
        nodes[index].seen += 1
        nodes[index].kinds.insert(kind)
        switch kind {
        case .string:
            nodes[index].strings += 1
            if let string = value.stringValue { record(string, at: index) }
        case .object, .array:
            guard depth < limits.maxDepth else {
                nodes[index].isDepthCapped = true
                return
            }
            if kind == .object {
                addMembers(of: value, to: index, depth: depth)
            } else {
                addElements(of: value, to: index, depth: depth)
            }
        default:
            break
        }
    }

    private mutating func record(_ string: String, at index: Int) {
        guard var values = nodes[index].values else { return }
        if string.utf8.count > limits.maxEnumValueBytes {
            nodes[index].values = nil
            return
        }
        values.insert(Array(string.utf8))
        nodes[index].values = values.count > limits.maxEnumValues ? nil : values
    }

    private mutating func addMembers(of value: JSONNode, to index: Int, depth: Int) {
        nodes[index].objects += 1
        for member in Self.distinctMembers(of: value) {
            let child: Int
            if let position = nodes[index].propertyIndex[member.bytes] {
                nodes[index].properties[position].present += 1
                child = nodes[index].properties[position].node
            } else {
                guard let created = newNode() else {
                    nodes[index].isCapped = true
                    continue
                }
                nodes[index].propertyIndex[member.bytes] = nodes[index].properties.count
                nodes[index].properties.append(Property(key: member.key, node: created, present: 1))
                child = created
            }
            add(member.value, to: child, depth: depth + 1)
        }
    }

    private mutating func addElements(of value: JSONNode, to index: Int, depth: Int) {
        if value.count > limits.maxElements { nodes[index].isElementCapped = true }
        for element in value.elements.prefix(limits.maxElements) {
            let items: Int
            if let existing = nodes[index].items {
                items = existing
            } else {
                guard let created = newNode() else {
                    nodes[index].isCapped = true
                    return
                }
                nodes[index].items = created
                items = created
            }
            add(element, to: items, depth: depth + 1)
        }
    }

    /// A new empty node, or `nil` when the shape is full.
    private mutating func newNode() -> Int? {
        guard nodes.count < limits.maxNodes else { return nil }
        nodes.append(Node())
        return nodes.count - 1
    }
}
