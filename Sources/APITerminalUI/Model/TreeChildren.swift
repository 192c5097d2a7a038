import APIMapping
import Synchronization

/// One child of a container in the model tree: its key (objects) and node.
typealias TreeChild = JSONChild

/// The children of containers the user has opened, listed once and kept.
///
/// The tree only ever asks for the children of containers it shows, so a 50 MB body lists its root
/// array and the handful of elements on screen, never the whole document. A list keeps 4 bytes a
/// child (`JSONChildList`), so even a root array of millions of records costs little
/// next to the body.
final class TreeChildren: Sendable {
    private let cache = Mutex<[Int: JSONChildList]>([:])

    /// The children of a container node (empty for scalars).
    func of(_ node: JSONNode) -> JSONChildList {
        if let cached = cache.withLock({ $0[node.index] }) { return cached }
        let children = node.childList
        cache.withLock { $0[node.index] = children }
        return children
    }
}
