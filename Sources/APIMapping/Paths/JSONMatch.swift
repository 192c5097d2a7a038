/// A value a path selected, together with where it is.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"data": {"list": [{"id": 7}]}}"#)
/// let match = try ProfilePath("data>list>0>id").match(in: document.root)
/// match?.location.normalizedPath   // $['data']['list'][0]['id']
/// match?.node.numberValue?.int     // 7
/// ```
public struct JSONMatch: Hashable, Sendable {
    /// Where the value is, from the document root.
    public let location: JSONLocation
    /// The value.
    public let node: JSONNode

    /// Creates a match.
    public init(location: JSONLocation, node: JSONNode) {
        self.location = location
        self.node = node
    }
}
