import APIMapping

/// One line of pretty-printed JSON, produced from the parsed tree on demand.
///
/// The pretty text of a body is never built: a cursor stands on one line (a container's opening
/// line, a scalar or empty container, or a closing bracket) and ``advance()`` steps to the next by
/// walking the tree the body was already parsed into. Drawing a screen steps a copy of the top
/// line's cursor as many times as there are rows, so the first frame of a 50 MB body costs a
/// screenful of steps.
///
/// ```swift
/// var cursor = PrettyJSONCursor(root: try JSONDocument(parsing: #"{"a":[1,2]}"#).root)
/// // {            "a": [          1,          2          ]          }
/// ```
struct PrettyJSONCursor: Sendable {
    /// What the line shows.
    enum Line: Sendable {
        /// A scalar, or an empty container on one line.
        case leaf(JSONNode)
        /// A non-empty container's opening bracket.
        case open(JSONNode)
        /// A container's closing bracket.
        case close(isObject: Bool)
    }

    /// A container being walked, with its children's iterator.
    ///
    /// `@unchecked`: the iterators hold the document's immutable storage and two integers, but
    /// APIMapping does not declare them `Sendable`.
    private struct Frame: @unchecked Sendable {
        enum Children {
            case elements(JSONNode.Elements.Iterator)
            case members(JSONNode.Members.Iterator)
        }
        var children: Children
        var position: Int
        let count: Int
        var isObject: Bool {
            if case .members = children { return true }
            return false
        }
    }

    private var stack: [Frame] = []
    /// The line the cursor stands on.
    private(set) var line: Line
    /// The key of the line's value in its object, if it is a member.
    private(set) var key: String?
    /// Whether a comma follows the line (it is not the last child of its container).
    private(set) var hasComma = false

    /// The cursor on the first line of `root`.
    init(root: JSONNode) {
        line = root.count > 0 ? .open(root) : .leaf(root)
    }

    /// The line's indentation level.
    var depth: Int { stack.count }

    /// Steps to the next line; `false` (and no move) on the last line.
    mutating func advance() -> Bool {
        if case .open(let node) = line {
            let children: Frame.Children =
                node.kind == .object ? .members(node.members.makeIterator()) : .elements(node.elements.makeIterator())
            stack.append(Frame(children: children, position: -1, count: node.count))
            return enterNextChild()
        }
        return enterNextChild()
    }

    /// Moves to the next child of the innermost container, or to its closing bracket.
    private mutating func enterNextChild() -> Bool {
        guard var frame = stack.popLast() else { return false }
        frame.position += 1
        guard frame.position < frame.count else {
            line = .close(isObject: frame.isObject)
            key = nil
            hasComma = stack.last.map { $0.position + 1 < $0.count } ?? false
            return true
        }
        let child: JSONNode?
        switch frame.children {
        case .elements(var iterator):
            child = iterator.next()
            key = nil
            frame.children = .elements(iterator)
        case .members(var iterator):
            let member = iterator.next()
            child = member?.value
            key = member?.key
            frame.children = .members(iterator)
        }
        hasComma = frame.position + 1 < frame.count
        stack.append(frame)
        guard let child else { return false }
        line = child.count > 0 ? .open(child) : .leaf(child)
        return true
    }
}
