extension TextSearch {
    /// The rows of a JSON tree that match, as document indices (``JSONNode/index``) in document
    /// order; `nil` when the task was cancelled.
    ///
    /// A row is a value with its key: a member's row is its value's index, and it matches when the
    /// key or the value does. What is searched is what a viewer shows: keys and strings decoded
    /// (`"caf\u00e9"` is found by `café`, `"a\"b"` by `a"b`), numbers as their source text (`1.50`
    /// is found by `1.50`, not by `1.5`), and `true`, `false`, `null`. Containers match only by
    /// their key. A literal is found by scanning the document's bytes once at `memchr` speed and
    /// mapping each hit to its node; only strings holding escapes are decoded, one by one.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"{"name": "Ada", "team": {"lead": "ada"}}"#)
    /// try TextSearch("ada").matchingRows(in: document.root)  // [2, 5]: the rows name and lead
    /// ```
    ///
    /// - Parameter root: The tree's root; only its subtree is searched.
    /// - Returns: The matching rows' indices, or `nil` when cancelled.
    public func matchingRows(in root: JSONNode) -> [Int]? {
        let storage = root.storage
        return storage.nodes.withUnsafeBufferPointer { nodes in
            storage.bytes.withUnsafeBufferPointer { bytes in
                let scope = root.index..<Int(nodes[root.index].next)
                if let regexp { return regexRows(regexp, nodes: nodes, bytes: bytes, scope: scope) }
                guard let literal = literalRows(nodes: nodes, bytes: bytes, scope: scope),
                    let escaped = escapedRows(nodes: nodes, bytes: bytes, scope: scope)
                else { return nil }
                return escaped.isEmpty ? literal : Self.merge(literal, escaped)
            }
        }
    }

    /// The rows whose verbatim text holds the literal, from one scan of the subtree's bytes.
    private func literalRows(
        nodes: UnsafeBufferPointer<JSONTape.Node>, bytes: UnsafeBufferPointer<UInt8>, scope: Range<Int>
    ) -> [Int]? {
        var scan = LiteralScan(needle: needle, ignoresCase: !isCaseSensitive)
        let start = Int(nodes[scope.lowerBound].offset)
        let stop = scope.upperBound < nodes.count ? Int(nodes[scope.upperBound].offset) : bytes.count
        var rows: [Int] = []
        var node = scope.lowerBound
        var from = start
        var chunkEnd = min(start + chunk, stop)
        while true {
            guard let hit = scan.next(in: bytes, from: from, before: chunkEnd) else {
                if chunkEnd >= stop || Task.isCancelled { break }
                from = max(from, chunkEnd)
                chunkEnd = min(chunkEnd + chunk, stop)
                continue
            }
            node = Self.lastNode(startingAtOrBefore: hit, in: nodes, from: node, before: scope.upperBound)
            let record = nodes[node]
            let tag = record.header & JSONTape.kindMask
            let end = Int(record.offset) + Self.textLength(record)
            // Strings with escapes are searched decoded, by `escapedRows`.
            let isEscaped = tag == JSONTape.string && record.header & JSONTape.notVerbatim != 0
            guard !isEscaped, hit + needle.count <= end else {
                from = hit + 1
                continue
            }
            let row = tag == JSONTape.string && Self.isKey(record, in: bytes) ? node + 1 : node
            if rows.last != row { rows.append(row) }
            from = end
        }
        return Task.isCancelled ? nil : rows
    }

    /// The rows whose strings hold escapes and match once decoded.
    private func escapedRows(
        nodes: UnsafeBufferPointer<JSONTape.Node>, bytes: UnsafeBufferPointer<UInt8>, scope: Range<Int>
    ) -> [Int]? {
        let escapedString = JSONTape.string | JSONTape.notVerbatim
        let scan = LiteralScan(needle: needle, ignoresCase: !isCaseSensitive)
        var rows: [Int] = []
        for index in scope where nodes[index].header & 0b1111 == escapedString {
            if index & 0xFFFF == 0, Task.isCancelled { return nil }
            let record = nodes[index]
            let content = UnsafeBufferPointer(rebasing: bytes[Int(record.offset)..<Int(record.offset + record.length)])
            guard scan.mayMatchDecoded(content), contains(JSONStringDecoding.unescape(content)) else { continue }
            let row = Self.isKey(record, in: bytes) ? index + 1 : index
            if rows.last != row { rows.append(row) }
        }
        return rows
    }

    /// The rows whose key or scalar text a regex matches, node by node.
    private func regexRows(
        _ regexp: IRegexp, nodes: UnsafeBufferPointer<JSONTape.Node>, bytes: UnsafeBufferPointer<UInt8>,
        scope: Range<Int>
    ) -> [Int]? {
        let matcher = IRegexp.Matcher(regexp)
        var rows: [Int] = []
        for index in scope {
            if index & 0xFFFF == 0, Task.isCancelled { return nil }
            let record = nodes[index]
            let tag = record.header & JSONTape.kindMask
            guard tag != JSONTape.array, tag != JSONTape.object else { continue }
            let content = UnsafeBufferPointer(
                rebasing: bytes[Int(record.offset)..<Int(record.offset) + Self.textLength(record)])
            let matched: Bool
            if record.header & JSONTape.notVerbatim != 0 {
                var decoded = JSONStringDecoding.unescape(content)
                matched = decoded.withUTF8 { matcher.matches(utf8: $0, whole: false) }
            } else {
                // The parser validated the UTF-8 of strings; numbers and literals are ASCII.
                matched = matcher.matches(utf8: content, whole: false)
            }
            guard matched else { continue }
            let row = tag == JSONTape.string && Self.isKey(record, in: bytes) ? index + 1 : index
            if rows.last != row { rows.append(row) }
        }
        return Task.isCancelled ? nil : rows
    }

    /// The byte length of a scalar's text in the input (0 for a container).
    private static func textLength(_ record: JSONTape.Node) -> Int {
        switch record.header & JSONTape.kindMask {
        case JSONTape.string, JSONTape.number: Int(record.length)
        case JSONTape.null, JSONTape.true: 4
        case JSONTape.false: 5
        default: 0
        }
    }

    /// Whether a string node is an object key: a `:` follows its closing quote.
    private static func isKey(_ record: JSONTape.Node, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = Int(record.offset) + Int(record.length) + 1
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: ":"): return true
            default: return false
            }
        }
        return false
    }

    /// The last node in `from..<before` whose first byte is at or before `offset` (nodes are in
    /// document order, so their offsets increase).
    private static func lastNode(
        startingAtOrBefore offset: Int, in nodes: UnsafeBufferPointer<JSONTape.Node>, from: Int, before: Int
    ) -> Int {
        var low = from
        var high = before
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if Int(nodes[middle].offset) <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// Two sorted lists of rows as one, without repeats.
    static func merge(_ a: [Int], _ b: [Int]) -> [Int] {
        var merged: [Int] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next: Int
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if merged.last != next { merged.append(next) }
        }
        return merged
    }
}

extension JSONNode {
    /// The child ordinals from this node down to a value inside it (`[]` for the node itself), or
    /// `nil` when the index is not a value of this subtree (a key's index, or outside it).
    ///
    /// An object member's ordinal is its position among the members; each level skips sibling
    /// subtrees in one step each.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"{"a": 1, "b": [true, "x"]}"#)
    /// document.root.ordinals(to: 6)  // [1, 1]: the value "x"
    /// ```
    ///
    /// - Parameter descendant: A document index, as ``index`` gives and ``TextSearch`` reports.
    /// - Returns: The ordinals, or `nil`.
    public func ordinals(to descendant: Int) -> [Int]? {
        storage.nodes.withUnsafeBufferPointer { nodes in
            guard descendant >= index, descendant < Int(nodes[index].next) else { return nil }
            var ordinals: [Int] = []
            var current = index
            while current != descendant {
                let record = nodes[current]
                let isObject = record.header & JSONTape.kindMask == JSONTape.object
                var child = current + 1
                var found = false
                for ordinal in 0..<Int(record.length) {
                    let value = isObject ? child + 1 : child
                    let end = Int(nodes[value].next)
                    if descendant >= child && descendant < end {
                        if descendant < value { return nil }
                        ordinals.append(ordinal)
                        current = value
                        found = true
                        break
                    }
                    child = end
                }
                if !found { return nil }
            }
            return ordinals
        }
    }
}
