/// The recursive comparison behind ``JSONDiff``: walks both trees at once, collecting changes.
struct DiffWalker {
    let options: JSONDiff.Options
    /// Where the walk stands in each document (they differ below an element matched by identity):
    /// stacks pushed and popped around each step, so a step allocates nothing; a location is made
    /// only for a change, or to look a position up in the volatile and identity tables.
    var oldPath: [JSONLocation.Component] = []
    var newPath: [JSONLocation.Component] = []
    /// Locations under a volatile path, per document.
    var oldVolatile: Set<JSONLocation> = []
    var newVolatile: Set<JSONLocation> = []
    /// Arrays matched by identity, per document, with their key.
    var oldIdentities: [JSONLocation: ProfilePath] = [:]
    var newIdentities: [JSONLocation: ProfilePath] = [:]

    var changes: [JSONChange] = []
    var significantCount = 0
    var volatileCount = 0
    var notes: [String] = []
    var isComplete = true

    init(old: JSONNode, new: JSONNode, options: JSONDiff.Options) {
        self.options = options
        for path in options.volatile {
            oldVolatile.formUnion(resolve(path, in: old, role: "volatile"))
            newVolatile.formUnion(resolve(path, in: new, role: "volatile"))
        }
        for identity in options.identities {
            for location in resolve(identity.array, in: old, role: "identity") {
                oldIdentities[location] = identity.key
            }
            for location in resolve(identity.array, in: new, role: "identity") {
                newIdentities[location] = identity.key
            }
        }
    }

    private mutating func resolve(_ path: DiffPath, in root: JSONNode, role: String) -> [JSONLocation] {
        let (locations, error) = path.locations(in: root, maximumNodes: options.maximumPathNodes)
        if let error { note("\(role) path \(path) not applied: \(error)") }
        return locations
    }

    mutating func note(_ text: String) {
        // Notes repeat per array; one of each is enough, and their number stays bounded.
        guard !notes.contains(text), notes.count < 100 else { return }
        notes.append(text)
    }

    /// Runs `body` one step further down: `old` in the old document, `new` in the new one.
    @inline(__always)
    mutating func step(_ old: JSONLocation.Component, _ new: JSONLocation.Component, _ body: (inout Self) -> Void) {
        oldPath.append(old)
        newPath.append(new)
        body(&self)
        oldPath.removeLast()
        newPath.removeLast()
    }

    /// Runs `body` one step further down, the same step in both documents.
    @inline(__always)
    mutating func step(_ component: JSONLocation.Component, _ body: (inout Self) -> Void) {
        step(component, component, body)
    }

    /// Records a change at the current position.
    mutating func record(
        _ kind: JSONChange.Kind, old: JSONNode?, new: JSONNode?, identity: String?, volatile inherited: Bool
    ) {
        let volatile = isVolatile(inherited)
        // Past the cap a change is only counted: no need to build it.
        guard (volatile ? volatileCount : significantCount) < options.maximumChanges else {
            if volatile { volatileCount += 1 } else { significantCount += 1 }
            return
        }
        let location = JSONLocation(kind == .removed ? oldPath : newPath)
        let oldLocation = kind == .removed || oldPath == newPath ? nil : JSONLocation(oldPath)
        let change = JSONChange(
            kind: kind, location: location, oldLocation: oldLocation, old: old, new: new, identity: identity,
            isVolatile: volatile)
        if volatile {
            volatileCount += 1
            changes.append(change)
        } else {
            significantCount += 1
            changes.append(change)
        }
    }

    mutating func compare(_ old: JSONNode, _ new: JSONNode, depth: Int, volatile: Bool) {
        let volatile = isVolatile(volatile)
        switch (old.kind, new.kind) {
        case (.object, .object), (.array, .array):
            guard depth < options.maximumDepth else {
                isComplete = false
                note(
                    "not compared below \(JSONLocation(newPath).profilePath): deeper than \(options.maximumDepth) levels"
                )
                return
            }
            if old.kind == .object {
                compareObjects(old, new, depth: depth, volatile: volatile)
            } else if !oldIdentities.isEmpty || !newIdentities.isEmpty,
                let key = oldIdentities[JSONLocation(oldPath)] ?? newIdentities[JSONLocation(newPath)]
            {
                compareByIdentity(old, new, key: key, depth: depth, volatile: volatile)
            } else {
                compareByPosition(Array(old.elements), Array(new.elements), depth: depth, volatile: volatile)
            }
        default:
            if !Self.scalarsEqual(old, new) {
                record(.changed, old: old, new: new, identity: nil, volatile: volatile)
            }
        }
    }

    /// Whether two values that are not both containers are equal: same kind, same value.
    static func scalarsEqual(_ old: JSONNode, _ new: JSONNode) -> Bool {
        switch (old.kind, new.kind) {
        case (.null, .null): return true
        case (.bool, .bool): return old.boolValue == new.boolValue
        case (.number, .number):
            guard let a = old.numberValue, let b = new.numberValue else { return false }
            return a.numericallyCompare(b) == .equal
        case (.string, .string):
            guard let a = old.stringValue, let b = new.stringValue else { return false }
            // Scalar by scalar: `String ==` would equate canonically equivalent strings.
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        default: return false
        }
    }

    private mutating func compareObjects(_ old: JSONNode, _ new: JSONNode, depth: Int, volatile: Bool) {
        if compareSameShapedObjects(old, new, depth: depth, volatile: volatile) { return }
        // Keys by their UTF-8 bytes: `String` hashing would merge canonically equivalent keys.
        var newMembers: [[UInt8]: (key: String, value: JSONNode)] = [:]
        var newOrder: [[UInt8]] = []
        for member in new.members {
            let bytes = Array(member.key.utf8)
            if newMembers.updateValue(member, forKey: bytes) == nil { newOrder.append(bytes) }
        }
        var oldMembers: [[UInt8]: (key: String, value: JSONNode)] = [:]
        var oldOrder: [[UInt8]] = []
        for member in old.members {
            let bytes = Array(member.key.utf8)
            if oldMembers.updateValue(member, forKey: bytes) == nil { oldOrder.append(bytes) }
        }
        for bytes in oldOrder {
            guard let before = oldMembers[bytes] else { continue }
            let after = newMembers[bytes]
            step(.key(before.key)) { walker in
                if let after {
                    walker.compare(before.value, after.value, depth: depth + 1, volatile: volatile)
                } else {
                    walker.record(.removed, old: before.value, new: nil, identity: nil, volatile: volatile)
                }
            }
        }
        for bytes in newOrder where oldMembers[bytes] == nil {
            guard let after = newMembers[bytes] else { continue }
            step(.key(after.key)) { walker in
                walker.record(.added, old: nil, new: after.value, identity: nil, volatile: volatile)
            }
        }
    }

    /// Whether the current position is volatile: inherited from above, or under a volatile path.
    func isVolatile(_ inherited: Bool) -> Bool {
        // Making and hashing a location costs its depth: skip it when nothing is volatile.
        if inherited || (oldVolatile.isEmpty && newVolatile.isEmpty) { return inherited }
        return oldVolatile.contains(JSONLocation(oldPath)) || newVolatile.contains(JSONLocation(newPath))
    }

    mutating func compareByPosition(_ oldElements: [JSONNode], _ newElements: [JSONNode], depth: Int, volatile: Bool) {
        for index in 0..<max(oldElements.count, newElements.count) {
            step(.index(index)) { walker in
                if index < oldElements.count, index < newElements.count {
                    walker.compare(oldElements[index], newElements[index], depth: depth + 1, volatile: volatile)
                } else if index < oldElements.count {
                    walker.record(.removed, old: oldElements[index], new: nil, identity: nil, volatile: volatile)
                } else {
                    walker.record(.added, old: nil, new: newElements[index], identity: nil, volatile: volatile)
                }
            }
        }
    }

    /// The common case without building tables: small objects whose keys are the same, in the same
    /// order, without repeats. Returns `false` (having compared nothing) for any other pair.
    private mutating func compareSameShapedObjects(_ old: JSONNode, _ new: JSONNode, depth: Int, volatile: Bool) -> Bool
    {
        guard old.count == new.count, old.count <= Self.sameShapeLimit else { return false }
        let oldMembers = Array(old.members)
        let newMembers = Array(new.members)
        for (index, member) in oldMembers.enumerated() {
            guard member.key.utf8.elementsEqual(newMembers[index].key.utf8) else { return false }
            for earlier in oldMembers[..<index] where earlier.key.utf8.elementsEqual(member.key.utf8) { return false }
        }
        for (before, after) in zip(oldMembers, newMembers) {
            step(.key(before.key)) { walker in
                walker.compare(before.value, after.value, depth: depth + 1, volatile: volatile)
            }
        }
        return true
    }

    /// The most members an object may have for the table-free comparison (its repeat check is quadratic).
    static let sameShapeLimit = 16
}
