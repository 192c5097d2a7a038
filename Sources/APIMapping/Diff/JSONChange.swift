/// One difference a ``JSONDiff`` found between two JSON values.
///
/// A change names where it is, in both path languages, and the values on each side:
///
/// ```swift
/// let change: JSONChange = diff.changes[0]
/// change.kind                     // .changed
/// change.profilePath              // "data>user>age"
/// change.jsonPath                 // "$['data']['user']['age']"
/// change.old?.jsonText()          // "41"
/// change.new?.jsonText()          // "\"41\""
/// ```
///
/// Values are nodes of the compared documents, so a change costs no copy of a large subtree;
/// write them with ``JSONNode/jsonText(style:)`` or clip them for display.
public struct JSONChange: Hashable, Sendable {
    /// What happened at the location.
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The value exists only in the new document.
        case added
        /// The value exists only in the old document.
        case removed
        /// The value differs (another scalar, or another kind of value).
        case changed
        /// An array element matched by its identity key stands elsewhere relative to the others.
        case moved

        /// The kind's name: `added`, `removed`, `changed`, `moved`.
        public var description: String { rawValue }

        /// The one-character mark that tells the kinds apart without colour: `+`, `-`, `~`, `>`.
        public var mark: String {
            switch self {
            case .added: "+"
            case .removed: "-"
            case .changed: "~"
            case .moved: ">"
            }
        }
    }

    /// What happened.
    public let kind: Kind
    /// Where: in the new document, except for ``Kind/removed`` (in the old one).
    public let location: JSONLocation
    /// Where the value was in the old document, when that differs from ``location`` (an element
    /// matched by identity that changed position).
    public let oldLocation: JSONLocation?
    /// The old value; `nil` for ``Kind/added``.
    public let old: JSONNode?
    /// The new value; `nil` for ``Kind/removed``.
    public let new: JSONNode?
    /// The identity of the array element concerned, such as `id=7`, when its array is compared by identity.
    public let identity: String?
    /// Whether a volatile path covers the location, so the change is expected and ignored by default.
    public let isVolatile: Bool

    /// Creates a change.
    public init(
        kind: Kind, location: JSONLocation, oldLocation: JSONLocation? = nil, old: JSONNode?, new: JSONNode?,
        identity: String? = nil, isVolatile: Bool = false
    ) {
        self.kind = kind
        self.location = location
        self.oldLocation = oldLocation
        self.old = old
        self.new = new
        self.identity = identity
        self.isVolatile = isVolatile
    }

    /// The location as a profile path: `data>items>0>price`; the root is the empty string.
    public var profilePath: String { location.profilePath }

    /// The location as an RFC 9535 normalized path: `$['data']['items'][0]['price']`.
    public var jsonPath: String { location.normalizedPath }
}
