/// One child of a container: its key (for an object member) and its value.
package struct JSONChild: Sendable {
    /// The member key, or `nil` for an array element.
    package let key: String?
    /// The value.
    package let node: JSONNode
}

/// A container's children, listed once so that any of them is reached in one step.
///
/// Walking to the *n*th child of a ``JSONNode`` skips *n* subtrees; a viewer that scrolls through a
/// large array wants each row at once. The list keeps the tape index of each child's value, 4 bytes
/// a child, and makes the `JSONChild` (decoding a member's key) only when asked: an array of
/// 2.6 million records costs 10 MB listed, not the 84 MB a list of keys and nodes would.
///
/// ```swift
/// let list = try JSONDocument(parsing: #"{"a": 1, "b": [2]}"#).root.childList
/// list.count        // 2
/// list[1].key       // "b"
/// list[1].node.kind // .array
/// ```
package struct JSONChildList: RandomAccessCollection, Sendable {
    let storage: JSONDocument.Storage
    let values: [UInt32]
    let isObject: Bool

    package var startIndex: Int { 0 }
    package var endIndex: Int { values.count }

    package subscript(position: Int) -> JSONChild {
        let index = Int(values[position])
        let node = JSONNode(storage: storage, index: index)
        // A member's key is the node just before its value.
        let key = isObject ? node.decodeString(storage.nodes[index - 1]) : nil
        return JSONChild(key: key, node: node)
    }
}

extension JSONNode {
    /// The children of an array or object for access by position; empty for any other kind.
    package var childList: JSONChildList {
        let isObject = tag == JSONTape.object
        guard isObject || tag == JSONTape.array else {
            return JSONChildList(storage: storage, values: [], isObject: false)
        }
        let count = Int(record.length)
        var values: [UInt32] = []
        values.reserveCapacity(count)
        storage.nodes.withUnsafeBufferPointer { nodes in
            // Elements follow one another; a member is a key node and then its value.
            var i = index + 1
            for _ in 0..<count {
                let value = isObject ? i + 1 : i
                values.append(UInt32(value))
                i = Int(nodes[value].next)
            }
        }
        return JSONChildList(storage: storage, values: values, isObject: isObject)
    }
}
