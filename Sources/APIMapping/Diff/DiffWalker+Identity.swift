extension DiffWalker {
    /// Compares two arrays by the identity of their elements: matched elements are compared
    /// wherever they stand, the others are added or removed, and matched elements whose order
    /// relative to the others changed are reported moved.
    mutating func compareByIdentity(
        _ old: JSONNode, _ new: JSONNode, key: ProfilePath, depth: Int, volatile: Bool
    ) {
        let oldElements = Array(old.elements)
        let newElements = Array(new.elements)
        guard let oldIdentities = Self.identities(of: oldElements, key: key),
            let newIdentities = Self.identities(of: newElements, key: key)
        else {
            note("\(JSONLocation(newPath).profilePath): an element has no unique scalar '\(key)'; compared by position")
            compareByPosition(oldElements, newElements, depth: depth, volatile: volatile)
            return
        }
        var oldIndex: [ElementIdentity: Int] = [:]
        for (index, identity) in oldIdentities.enumerated() { oldIndex[identity] = index }
        var newIndex: [ElementIdentity: Int] = [:]
        for (index, identity) in newIdentities.enumerated() { newIndex[identity] = index }
        // Old positions of the kept elements, in new order; those outside a longest increasing run moved.
        // The run is found from the end, so that of two equally long ones the earlier elements stay:
        // old [1, 2], new [2, 1] reports 1 moved after 2.
        let kept = newIdentities.compactMap { oldIndex[$0] }
        let fromTheEnd = Self.longestIncreasingRun(kept.reversed().map { -$0 })
        let staying = Set(fromTheEnd.map { kept[kept.count - 1 - $0] })
        for (newPosition, identity) in newIdentities.enumerated() {
            let label = "\(key)=\(identity.text)"
            guard let oldPosition = oldIndex[identity] else {
                step(.index(newPosition)) { walker in
                    walker.record(.added, old: nil, new: newElements[newPosition], identity: label, volatile: volatile)
                }
                continue
            }
            step(.index(oldPosition), .index(newPosition)) { walker in
                if !staying.contains(oldPosition) {
                    walker.record(
                        .moved, old: oldElements[oldPosition], new: newElements[newPosition], identity: label,
                        volatile: volatile)
                }
                let before = walker.changes.count
                walker.compare(oldElements[oldPosition], newElements[newPosition], depth: depth + 1, volatile: volatile)
                walker.labelChanges(from: before, identity: label)
            }
        }
        for (oldPosition, identity) in oldIdentities.enumerated() where newIndex[identity] == nil {
            step(.index(oldPosition)) { walker in
                walker.record(
                    .removed, old: oldElements[oldPosition], new: nil, identity: "\(key)=\(identity.text)",
                    volatile: volatile)
            }
        }
    }

    /// Gives the changes found inside a matched element the element's identity, unless a nested
    /// identity array already named one.
    private mutating func labelChanges(from start: Int, identity: String) {
        for index in start..<changes.count where changes[index].identity == nil {
            let change = changes[index]
            changes[index] = JSONChange(
                kind: change.kind, location: change.location, oldLocation: change.oldLocation, old: change.old,
                new: change.new, identity: identity, isVolatile: change.isVolatile)
        }
    }

    /// An element's identity: its text for display, its bytes for matching (`String` equality
    /// would match canonically equivalent strings, and identities compare as stored).
    struct ElementIdentity: Hashable {
        let text: String
        let bytes: [UInt8]

        init(_ text: String) {
            self.text = text
            self.bytes = Array(text.utf8)
        }

        static func == (lhs: ElementIdentity, rhs: ElementIdentity) -> Bool { lhs.bytes == rhs.bytes }
        func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    }

    /// Each element's identity (a string JSON-quoted, a number in canonical form), or `nil` when
    /// one has none or two share one.
    static func identities(of elements: [JSONNode], key: ProfilePath) -> [ElementIdentity]? {
        var seen: Set<ElementIdentity> = []
        var result: [ElementIdentity] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard element.kind == .object, let value = key.select(in: element) else { return nil }
            let identity: ElementIdentity
            switch value.kind {
            case .string:
                guard let string = value.stringValue else { return nil }
                identity = ElementIdentity(JSONValue.string(string).jsonText())
            case .number:
                guard let number = value.numberValue else { return nil }
                identity = ElementIdentity(number.canonicalText)
            case .bool: identity = ElementIdentity(value.boolValue == true ? "true" : "false")
            case .null: identity = ElementIdentity("null")
            case .array, .object: return nil
            }
            guard seen.insert(identity).inserted else { return nil }
            result.append(identity)
        }
        return result
    }

    /// The positions in `values` of one longest strictly increasing subsequence (patience sorting, `n log n`).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // positions in `values` of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(position)
            position = previous[position]
        }
        return run.reversed()
    }
}
