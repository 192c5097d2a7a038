// Applying segments and selectors (RFC 9535 §2.3, §2.5). Everything here is iterative: a
// descendant segment walks the document with an explicit stack, and locations are parent-linked
// entries built into paths only for the final matches, so deep documents cost no stack.

extension JSONPath {
    /// A node on its way through a query, with its entry in the location trail (`-1` for the
    /// root, or when locations are not tracked).
    struct Item {
        var node: JSONNode
        var trail: Int
    }

    /// Locations as a tree of parent-linked steps, shared by all the nodes of one evaluation.
    struct Trail {
        private var parents: [Int] = []
        private var components: [JSONLocation.Component] = []

        /// Adds the step `component` below the entry `parent` and returns the new entry.
        mutating func extend(_ parent: Int, with component: JSONLocation.Component) -> Int {
            parents.append(parent)
            components.append(component)
            return parents.count - 1
        }

        /// The location an entry stands for.
        func location(of entry: Int) -> JSONLocation {
            var depth = 0
            var cursor = entry
            while cursor >= 0 {
                depth += 1
                cursor = parents[cursor]
            }
            var steps = [JSONLocation.Component](repeating: .index(0), count: depth)
            cursor = entry
            while cursor >= 0 {
                depth -= 1
                steps[depth] = components[cursor]
                cursor = parents[cursor]
            }
            return JSONLocation(steps)
        }
    }

    /// The state of one ``JSONPath/select(in:)`` call: the root, the location trail and caches.
    /// It lives only for that call, so the query value itself stays immutable and `Sendable`.
    struct Evaluator {
        let root: JSONNode
        var trail = Trail()
        /// The nodes of each `$` query inside a filter, by cache slot, once computed.
        var queryResults: [[JSONNode]?]
        /// Matchers of `match`/`search` patterns by I-Regexp source, with their DFA caches; `nil`
        /// for invalid ones. (A matcher's cache is mutable, so it lives here, not in the query value.)
        var regexes: [ExactKey: IRegexp.Matcher?] = [:]

        /// A node's children with the steps that reach them.
        typealias Children = [(node: JSONNode, component: JSONLocation.Component)]

        /// How many more nodes the evaluation may produce.
        var budget: Int
        /// Why the evaluation stopped early; once set, every loop returns at once.
        var stop: JSONPathEvaluationError.Kind?
        private let limit: Int

        init(root: JSONNode, cacheSlots: Int, budget: Int) {
            self.root = root
            self.queryResults = Array(repeating: nil, count: cacheSlots)
            self.budget = max(0, budget)
            self.limit = max(0, budget)
        }

        /// Takes one node from the budget, checking for cancellation every 4,096 nodes; `false`
        /// (and ``stop`` set) when the evaluation must stop.
        mutating func admit() -> Bool {
            guard stop == nil else { return false }
            guard budget > 0 else {
                stop = .tooManyNodes(limit: limit)
                return false
            }
            budget -= 1
            if budget & 4_095 == 0, Task.isCancelled {
                stop = .cancelled
                return false
            }
            return true
        }

        /// The top-level query's nodelist with locations.
        mutating func select(_ query: Query) -> [JSONMatch] {
            let items = evaluate(query.segments, from: Item(node: root, trail: -1), tracking: true)
            return items.map { JSONMatch(location: trail.location(of: $0.trail), node: $0.node) }
        }

        /// The nodes a query inside a filter selects, with `current` as `@`.
        mutating func nodes(of query: Query, current: JSONNode) -> [JSONNode] {
            if let slot = query.cacheSlot, let cached = queryResults[slot] { return cached }
            let start = query.root == .document ? root : current
            let result: [JSONNode]
            if let steps = query.singularSteps {
                result = Self.walk(steps, from: start).map { [$0] } ?? []
            } else {
                result = evaluate(query.segments, from: Item(node: start, trail: -1), tracking: false).map(\.node)
            }
            if let slot = query.cacheSlot { queryResults[slot] = result }
            return result
        }

        /// The node a singular query selects, or `nil`.
        static func walk(_ steps: [SingularStep], from start: JSONNode) -> JSONNode? {
            var node = start
            for step in steps {
                switch step {
                case .name(let name):
                    guard let next = node[name] else { return nil }
                    node = next
                case .index(let index):
                    guard node.kind == .array, let next = node[index < 0 ? node.count + index : index] else {
                        return nil
                    }
                    node = next
                }
            }
            return node
        }

        /// Applies segments in turn, each to every node the previous one produced.
        mutating func evaluate(_ segments: [Segment], from start: Item, tracking: Bool) -> [Item] {
            var items = [start]
            for segment in segments {
                var next: [Item] = []
                for item in items {
                    guard stop == nil else { return [] }
                    if segment.isDescendant {
                        descend(from: item, applying: segment.selectors, tracking: tracking, into: &next)
                    } else {
                        apply(segment.selectors, to: item, tracking: tracking, into: &next)
                    }
                }
                items = next
                if items.isEmpty { break }
            }
            return items
        }

        /// A descendant segment: the selectors applied to `item` and to each of its descendants,
        /// in document order with each node before its descendants.
        ///
        /// Only arrays and objects are visited: every selector selects nothing from a scalar.
        mutating func descend(
            from item: Item, applying selectors: [Selector], tracking: Bool, into output: inout [Item]
        ) {
            guard Self.isContainer(item.node) else { return }
            var stack = [item]
            while stop == nil, let visit = stack.popLast() {
                let children = Self.children(of: visit.node)
                apply(selectors, to: visit, children: children, tracking: tracking, into: &output)
                for (node, component) in children.reversed() where Self.isContainer(node) {
                    stack.append(Item(node: node, trail: step(from: visit, to: component, tracking: tracking)))
                }
            }
        }

        static func isContainer(_ node: JSONNode) -> Bool {
            switch node.kind {
            case .array, .object: true
            case .null, .bool, .number, .string: false
            }
        }

        /// The trail entry for the child of `item` reached by `component`.
        mutating func step(from item: Item, to component: JSONLocation.Component, tracking: Bool) -> Int {
            tracking ? trail.extend(item.trail, with: component) : -1
        }

        /// The children of a node with their steps: an array's elements, or an object's members
        /// (the last of each name only).
        static func children(of node: JSONNode) -> Children {
            switch node.kind {
            case .array:
                return node.elements.enumerated().map { (node: $0.element, component: .index($0.offset)) }
            case .object:
                return node.distinctMembers.map { (node: $0.value, component: .key($0.key)) }
            case .null, .bool, .number, .string:
                return []
            }
        }

        /// A child segment: each selector applied to `item` in turn. `children` are the node's
        /// children when the caller has them already.
        mutating func apply(
            _ selectors: [Selector], to item: Item, children: Children? = nil, tracking: Bool, into output: inout [Item]
        ) {
            let node = item.node
            for selector in selectors {
                switch selector {
                case .name(let name):
                    guard let child = node[name], admit() else { continue }
                    output.append(Item(node: child, trail: step(from: item, to: .key(name), tracking: tracking)))
                case .wildcard:
                    for (child, component) in children ?? Self.children(of: node) {
                        guard admit() else { return }
                        output.append(Item(node: child, trail: step(from: item, to: component, tracking: tracking)))
                    }
                case .index(let index):
                    guard node.kind == .array else { continue }
                    let position = index < 0 ? node.count + index : index
                    guard let child = node[position], admit() else { continue }
                    output.append(Item(node: child, trail: step(from: item, to: .index(position), tracking: tracking)))
                case .slice(let slice):
                    guard node.kind == .array else { continue }
                    let elements = Array(node.elements)
                    for position in Self.indices(of: slice, count: elements.count) {
                        guard admit() else { return }
                        let trail = step(from: item, to: .index(position), tracking: tracking)
                        output.append(Item(node: elements[position], trail: trail))
                    }
                case .filter(let expression):
                    let candidates = children ?? Self.children(of: node)
                    for (child, component) in candidates where test(expression, current: child) {
                        guard admit() else { return }
                        output.append(Item(node: child, trail: step(from: item, to: component, tracking: tracking)))
                    }
                }
            }
        }

        /// The positions a slice selects in an array of `count` elements (RFC 9535 §2.3.4.2.2).
        static func indices(of slice: Slice, count: Int) -> StrideTo<Int> {
            let step = slice.step ?? 1
            func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
            if step == 0 {
                return stride(from: 0, to: 0, by: 1)
            } else if step > 0 {
                let lower = min(max(normalize(slice.start ?? 0), 0), count)
                let upper = min(max(normalize(slice.end ?? count), 0), count)
                return stride(from: lower, to: upper, by: step)
            } else {
                let upper = min(max(normalize(slice.start ?? count - 1), -1), count - 1)
                let lower = min(max(normalize(slice.end ?? -count - 1), -1), count - 1)
                return stride(from: upper, to: lower, by: step)
            }
        }
    }
}

extension JSONNode {
    /// The object's members with duplicate names resolved the way ``subscript(_:)-(String)``
    /// resolves them: only the last member of each name, in document order. Names are compared
    /// as exact Unicode scalar sequences. Empty for any other kind.
    var distinctMembers: [(key: String, value: JSONNode)] {
        let all = Array(members)
        guard all.count > 1 else { return all }
        if all.count <= 16 {
            // Small objects: look for a repeated name pairwise before building a table. `==` is
            // the fast test; equal scalars (the real criterion) imply it.
            var repeated = false
            search: for i in 1..<all.count {
                for j in 0..<i where all[i].key == all[j].key && all[i].key.utf8.elementsEqual(all[j].key.utf8) {
                    repeated = true
                    break search
                }
            }
            if !repeated { return all }
        }
        var last: [ExactKey: Int] = [:]
        last.reserveCapacity(all.count)
        for (index, member) in all.enumerated() {
            last[ExactKey(member.key)] = index
        }
        if last.count == all.count { return all }
        return all.enumerated().filter { last[ExactKey($0.element.key)] == $0.offset }.map(\.element)
    }
}

/// A string key compared by its exact scalars, not by canonical equivalence as `String` is.
struct ExactKey: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        // Equal scalars imply equal strings, so `String`'s hash is consistent with `==` here.
        hasher.combine(text)
    }
}
