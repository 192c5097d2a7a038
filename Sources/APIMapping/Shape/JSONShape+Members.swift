extension JSONShape {
    /// An object member as the shape counts it: its key, the key's UTF-8 bytes, and its value.
    struct Member {
        var key: String
        var bytes: [UInt8]
        var value: JSONNode
    }

    /// The object's members once per key, in first-seen order, each with the value of its *last*
    /// occurrence (as `JSONNode`'s key subscript and JSON Schema validators read duplicates).
    ///
    /// Keys are told apart by their UTF-8 bytes, as `JSONDiff` does: `String` equality would merge the
    /// NFC and NFD spellings of a key that a validator treats as two keys.
    static func distinctMembers(of object: JSONNode) -> [Member] {
        var members: [Member] = []
        var position: [[UInt8]: Int] = [:]
        for member in object.members {
            let bytes = Array(member.key.utf8)
            if let index = position[bytes] {
                members[index].value = member.value
            } else {
                position[bytes] = members.count
                members.append(Member(key: member.key, bytes: bytes, value: member.value))
            }
        }
        return members
    }
}
