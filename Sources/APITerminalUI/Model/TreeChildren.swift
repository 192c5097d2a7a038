import APIMapping
import Synchronization

/// One child of a container in the model tree: its key (objects) and node.
struct TreeChild: Sendable {
    /// The member key, or `nil` for an array element.
    let key: String?
    let node: JSONNode
}

/// The children of containers the user has opened, listed once and kept.
///
/// The tree only ever asks for the children of containers it shows, so a 50 MB body lists its root
/// array and the handful of elements on screen, never the whole document.
final class TreeChildren: Sendable {
    private let cache = Mutex<[Int: [TreeChild]]>([:])

    /// The children of a container node (empty for scalars).
    func of(_ node: JSONNode) -> [TreeChild] {
        if let cached = cache.withLock({ $0[node.index] }) { return cached }
        var children: [TreeChild] = []
        switch node.kind {
        case .object:
            children.reserveCapacity(node.count)
            for member in node.members { children.append(TreeChild(key: member.key, node: member.value)) }
        case .array:
            children.reserveCapacity(node.count)
            for element in node.elements { children.append(TreeChild(key: nil, node: element)) }
        default:
            break
        }
        cache.withLock { $0[node.index] = children }
        return children
    }
}
