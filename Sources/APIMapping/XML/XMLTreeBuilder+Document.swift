extension XMLTreeBuilder {
    /// One step of writing, in the order of the JSON text.
    private enum Step {
        /// An element's value.
        case value(Int32, depth: Int32)
        /// The elements of a group from this one on, in order (linked by `nextSibling`), each but the first
        /// after a comma.
        case item(Int32, depth: Int32, isFirst: Bool)
        /// A member's key: an element name.
        case key(Int32)
        /// An attribute's member, key and value.
        case attribute(Int32)
        /// An element's `#text` member.
        case text(Int32)
        case openArray(count: Int32)
        case close
        case comma
    }

    /// The document of the tree as ``XMLToJSON`` maps it: its JSON text, and the tape that parsing
    /// that text would give, written together in one pass with an explicit stack, so that any depth
    /// costs heap, not call stack.
    ///
    /// Text comes out of the store in about the order it went in; each block of the store is given
    /// back once all its text is written.
    ///
    /// - Throws: `tooLarge` when the tree has more values, or more text, than a tape can index.
    mutating func document() throws(XMLConversionError) -> JSONDocument {
        guard let root, let store else {
            throw XMLConversionError(.emptyDocument, line: 1, column: 1)
        }
        resolveArrayPaths()
        let keys = MemberKeys(names: names)
        var writer = TapeWriter(store: store, textCount: textCount)
        var textBound = textCount + 64
        for element in elements { textBound += keys.elements[Int(element.name)].count + 24 }
        for name in attributeNames { textBound += keys.attributes[Int(name)].count + 8 }
        writer.text.reserveCapacity(textBound)
        writer.nodes.reserveCapacity(1 + 4 * elements.count + 2 * attributeNames.count)

        var path: [Int32] = []
        writer.open(JSONTape.object, count: 1)
        writer.key(
            keys.elements[Int(elements[Int(root)].name)], isVerbatim: keys.isVerbatim[Int(elements[Int(root)].name)])
        let forcedRoot = isArrayPath([], then: elements[Int(root)].name)
        var steps: [Step] = [.close]
        if forcedRoot { steps.append(.close) }
        steps.append(.value(root, depth: 0))
        if forcedRoot { steps.append(.openArray(count: 1)) }
        // Reused for every element: one allocation each for the document, not one per element.
        var members: [Step] = []
        var groups: [(name: Int32, first: Int32, last: Int32, count: Int32)] = []
        var groupByName: [Int32: Int] = [:]
        while let step = steps.popLast() {
            guard !writer.isTooLarge else {
                throw XMLConversionError(
                    .tooLarge.detail(
                        "the JSON tree is too large: more than \(JSONTape.maximumNodes) values or 4 GiB of text"),
                    line: 1, column: 1)
            }
            switch step {
            case .comma:
                writer.text.append(UInt8(ascii: ","))
            case .close:
                writer.close()
            case .openArray(let count):
                writer.open(JSONTape.array, count: Int(count))
            case .key(let name):
                writer.key(keys.elements[Int(name)], isVerbatim: keys.isVerbatim[Int(name)])
            case .attribute(let index):
                let name = Int(attributeNames[Int(index)])
                writer.key(keys.attributes[name], isVerbatim: keys.isVerbatim[name])
                writer.value(attributeValues[Int(index)])
            case .text(let index):
                writer.key(MemberKeys.text, isVerbatim: true)
                writer.value(elements[Int(index)].text)
            case .item(let index, let depth, let isFirst):
                if !isFirst { writer.text.append(UInt8(ascii: ",")) }
                let next = elements[Int(index)].nextSibling
                if next >= 0 { steps.append(.item(next, depth: depth, isFirst: false)) }
                steps.append(.value(index, depth: depth))
            case .value(let index, let depth):
                let element = elements[Int(index)]
                path.removeSubrange(min(Int(depth), path.count)...)
                path.append(element.name)
                let attributes = attributes(of: index)
                if attributes.isEmpty && element.firstChild < 0 {
                    writer.value(element.text)
                    continue
                }
                // Children by name, in order of first occurrence; each name's elements in order,
                // linked through `nextSibling`, which the walk has read already where it is rewritten.
                groups.removeAll(keepingCapacity: true)
                groupByName.removeAll(keepingCapacity: true)
                var child = element.firstChild
                while child >= 0 {
                    let name = elements[Int(child)].name
                    let group =
                        groups.count <= 16
                        ? groups.firstIndex { $0.name == name } : groupByName[name]
                    if let group {
                        elements[Int(groups[group].last)].nextSibling = child
                        groups[group].last = child
                        groups[group].count += 1
                    } else {
                        if groups.count == 16 {
                            for (position, existing) in groups.enumerated() { groupByName[existing.name] = position }
                        }
                        if groups.count >= 16 { groupByName[name] = groups.count }
                        groups.append((name, child, child, 1))
                    }
                    child = elements[Int(child)].nextSibling
                }
                for group in groups { elements[Int(group.last)].nextSibling = -1 }
                let hasText = element.text.length > 0
                writer.open(JSONTape.object, count: attributes.count + groups.count + (hasText ? 1 : 0))
                members.removeAll(keepingCapacity: true)
                var first = true
                func separate() {
                    if !first { members.append(.comma) }
                    first = false
                }
                for attribute in attributes {
                    separate()
                    members.append(.attribute(attribute))
                }
                for group in groups {
                    separate()
                    members.append(.key(group.name))
                    let isArray = group.count > 1 || isArrayPath(path, then: group.name)
                    if isArray { members.append(.openArray(count: group.count)) }
                    members.append(.item(group.first, depth: depth + 1, isFirst: true))
                    if isArray { members.append(.close) }
                }
                if hasText {
                    separate()
                    members.append(.text(index))
                }
                members.append(.close)
                steps.append(contentsOf: members.reversed())
            }
        }
        return JSONDocument(storage: JSONDocument.Storage(bytes: writer.text, nodes: writer.nodes))
    }

    private mutating func resolveArrayPaths() {
        for path in pendingArrayPaths {
            var ids: [Int32] = []
            for name in path {
                guard let id = namesByText[Array(name.utf8)] else { break }
                ids.append(id)
            }
            if ids.count == path.count { arrayPaths[ids.count, default: []].append(ids) }
        }
        pendingArrayPaths = []
    }

    /// Whether `path` followed by `name` is an `alwaysArray` path; no path is built when none can match.
    private func isArrayPath(_ path: [Int32], then name: Int32) -> Bool {
        guard !arrayPaths.isEmpty, let candidates = arrayPaths[path.count + 1] else { return false }
        return candidates.contains { $0.last == name && $0.dropLast().elementsEqual(path) }
    }
}

/// The member keys of a document, escaped: each name as an element's key and as an attribute's (`@name`).
private struct MemberKeys {
    static let text = Array("#text".utf8)

    var elements: [[UInt8]] = []
    var attributes: [[UInt8]] = []
    /// Whether a name's key is verbatim (an attribute's key is when its name's is).
    var isVerbatim: [Bool] = []

    init(names: [[UInt8]]) {
        for name in names {
            var key = [UInt8](repeating: 0, count: 6 * name.count + 6)
            let escaped = key.withUnsafeMutableBufferPointer { buffer in
                name.withUnsafeBufferPointer { source in
                    JSONTextEscaping.escape(source, into: buffer.baseAddress!, capacity: buffer.count)
                }
            }
            guard let (count, verbatim) = escaped else { preconditionFailure("six bytes a character fit any escape") }
            key.removeSubrange(count...)
            elements.append(key)
            attributes.append([UInt8(ascii: "@")] + key)
            isVerbatim.append(verbatim)
        }
    }
}

/// Appends JSON text and the tape records of what it appends, as ``JSONParser`` would record them,
/// and gives back the text store's blocks as their text is copied out.
private struct TapeWriter {
    let store: XMLTextStore
    var text: [UInt8] = []
    var nodes: [JSONTape.Node] = []
    /// The tape index of each open container.
    var open: [Int] = []
    /// The store's bytes not yet copied, by block.
    var pending: [Int]
    var isTooLarge = false

    init(store: XMLTextStore, textCount: Int) {
        self.store = store
        let size = XMLTextStore.blockSize
        pending = (0..<store.blockCount).map { min(size, max(0, textCount - $0 * size)) }
        for (block, count) in pending.enumerated() where count == 0 { store.release(block: block) }
    }

    mutating func open(_ kind: UInt32, count: Int) {
        guard hasRoom(for: 0) else { return }
        open.append(nodes.count)
        nodes.append(JSONTape.Node(header: kind, offset: UInt32(text.count), length: UInt32(count), next: 0))
        text.append(kind == JSONTape.object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    }

    mutating func close() {
        let index = open.removeLast()
        nodes[index].next = UInt32(nodes.count)
        text.append(nodes[index].header == JSONTape.object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    mutating func key(_ key: [UInt8], isVerbatim: Bool) {
        key.withUnsafeBufferPointer { string($0, isVerbatim: isVerbatim) }
        text.append(UInt8(ascii: ":"))
    }

    /// A string value from the store, whose bytes are then released.
    mutating func value(_ span: XMLTreeBuilder.TextSpan) {
        let start = Int(span.start)
        let end = start + span.length
        string(UnsafeBufferPointer(start: store.base + start, count: span.length), isVerbatim: span.isVerbatim)
        var offset = start
        while offset < end {
            let block = offset / XMLTextStore.blockSize
            let blockEnd = min((block + 1) * XMLTextStore.blockSize, end)
            pending[block] -= blockEnd - offset
            if pending[block] == 0 { store.release(block: block) }
            offset = blockEnd
        }
    }

    private mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, isVerbatim: Bool) {
        guard hasRoom(for: bytes.count) else { return }
        nodes.append(
            JSONTape.Node(
                header: isVerbatim ? JSONTape.string : JSONTape.string | JSONTape.notVerbatim,
                offset: UInt32(text.count + 1), length: UInt32(bytes.count), next: UInt32(nodes.count + 1)))
        text.append(UInt8(ascii: "\""))
        text.append(contentsOf: bytes)
        text.append(UInt8(ascii: "\""))
    }

    /// Whether a value of `count` bytes still fits the tape's 28-bit indices and 32-bit offsets.
    private mutating func hasRoom(for count: Int) -> Bool {
        if nodes.count >= JSONTape.maximumNodes - 2 || text.count + count + 16 > Int(UInt32.max) { isTooLarge = true }
        return !isTooLarge
    }
}
