/// An array whose elements a diff matches by the value of a key rather than by position.
///
/// With `data>items` matched by `id`, moving an element, or inserting one at the front, reports
/// what happened to each `id` instead of a change at every index after it:
///
/// ```swift
/// let identity = DiffIdentity(array: try DiffPath("data>items"), key: try ProfilePath("id"))
/// // old: {"data": {"items": [{"id": 1}, {"id": 2, "n": 5}]}}
/// // new: {"data": {"items": [{"id": 3}, {"id": 2, "n": 6}, {"id": 1}]}}
/// // > data>items>2     id=1 moved from data>items>0
/// // ~ data>items>1>n   id=2: 5 → 6
/// // + data>items>0     id=3
/// ```
///
/// The key is a profile path from the element (`id`, `meta>uuid`). When an element is not an
/// object with a scalar at the key, or two elements share an identity, the array is compared by
/// position and the diff says so in its notes.
public struct DiffIdentity: Hashable, Sendable {
    /// The arrays this applies to.
    public let array: DiffPath
    /// Where each element's identity is, from the element.
    public let key: ProfilePath

    /// Creates an identity declaration.
    ///
    /// - Parameters:
    ///   - array: The arrays, such as `data>items` or `$..members`.
    ///   - key: The identity's path within each element, such as `id`.
    public init(array: DiffPath, key: ProfilePath) {
        self.array = array
        self.key = key
    }
}
