/// A feed's normalised model: RSS 2.0, RSS 1.0 (RDF) and Atom read into one shape, so that a feed
/// looks like any JSON list to probing, storage and pagination.
///
/// The model is read from the JSON tree ``XMLToJSON/convert(_:options:)`` builds, whatever its
/// ``XMLConversionOptions/alwaysArray`` paths: a single `<item>` and a repeated one give the same
/// entries. Every string is trimmed of surrounding whitespace, and an empty one counts as absent.
/// Dates are rewritten as ISO 8601 in UTC (`2006-01-02T15:04:05Z`) when they can be read (RFC 822
/// and RFC 1123 as RSS writes them, ISO 8601 and W3C-DTF as Atom and Dublin Core do) and kept as
/// written otherwise, so nothing is lost.
///
/// ```swift
/// let xml = """
///     <rss version="2.0"><channel><title>Example</title>
///       <item><title>First</title><guid>urn:1</guid><pubDate>Mon, 2 Jan 2006 10:04 EST</pubDate></item>
///     </channel></rss>
///     """
/// let document = try JSONDocument(xml: Array(xml.utf8))
/// let feed = FeedModel(document: document.root)
/// feed?.format              // .rss
/// feed?.entries[0].date     // "2006-01-02T15:04:00Z"
/// feed?.jsonValue.jsonText()
/// // {"format":"rss","title":"Example","items":[{"id":"urn:1","title":"First","date":"2006-01-02T15:04:00Z"}]}
/// ```
///
/// Where each field comes from, the first one present winning (`dc:` is Dublin Core, read in every
/// format):
///
/// - ``title``: `title`, then `dc:title`.
/// - ``link``: RSS `link`; Atom `link` with `rel="alternate"`, else one without `rel`, else the first
///   with an `href`.
/// - ``subtitle``: RSS `description`; Atom `subtitle`, `tagline` (0.3); then `dc:description`.
/// - ``updated``: RSS `lastBuildDate`, `pubDate`; Atom `updated`, `modified` (0.3); then `dc:date`.
/// - ``Entry/id``: RSS `guid`, RDF `rdf:about`; Atom `id`; then `dc:identifier`, else the entry's link.
/// - ``Entry/link``: RSS `link`, else a permalink `guid` that is an http(s) URL, else RDF `rdf:about`;
///   Atom as the feed's link.
/// - ``Entry/date``: RSS `pubDate`; Atom `published`, `issued`, `updated`, `modified`, `created`; then
///   `dc:date`.
/// - ``Entry/summary``: RSS `description`, `content:encoded`; Atom `summary`, `content`; then
///   `dc:description`.
/// - ``Entry/author``: every RSS `author`, or every Atom `author`'s `name` (else its `email`); else
///   every `dc:creator`; several are joined with `", "`.
public struct FeedModel: Sendable, Hashable {
    /// The feed format, told by the root element.
    ///
    /// ```swift
    /// FeedModel(document: try JSONDocument(xml: Array("<rss/>".utf8)).root)?.format  // .rss
    /// ```
    public enum Format: String, Sendable, Hashable {
        /// RSS 0.91 to 2.0: `<rss><channel><item>`.
        case rss
        /// RSS 0.90 and 1.0: `<rdf:RDF><channel/><item>`, items beside the channel.
        case rdf
        /// Atom 1.0 and 0.3: `<feed><entry>`.
        case atom
    }

    /// One item (RSS, RDF) or entry (Atom), every field optional.
    ///
    /// An item that is not an element with children (a bare string in the tree, or a number in a
    /// JSON document that only looks like a feed) is kept as an entry with no fields, so entries
    /// and the source's items always correspond one to one.
    ///
    /// ```swift
    /// let entry = feed.entries[0]
    /// entry.id ?? entry.link   // a stable key for storage
    /// entry.jsonValue.jsonText()
    /// // {"id":"tag:example.org,2003:3.2397","title":"Atom draft-07 snapshot",
    /// //  "link":"http://example.org/2005/04/02/atom","date":"2003-12-13T12:29:29Z",…}
    /// ```
    public struct Entry: Sendable, Hashable {
        /// The entry's identity: RSS `guid`, RDF `rdf:about`, Atom `id`; the link when there is none.
        public let id: String?
        /// The title, as text (an HTML title keeps its markup).
        public let title: String?
        /// The page the entry is about.
        public let link: String?
        /// When the entry was published: ISO 8601 UTC when readable, else as written.
        public let date: String?
        /// The description, summary or content, as text (markup kept as written).
        public let summary: String?
        /// The authors, joined with `", "` when there are several.
        public let author: String?

        init(
            id: String? = nil, title: String? = nil, link: String? = nil, date: String? = nil, summary: String? = nil,
            author: String? = nil
        ) {
            self.id = id
            self.title = title
            self.link = link
            self.date = date
            self.summary = summary
            self.author = author
        }
    }

    /// The format the feed was written in.
    public let format: Format
    /// The feed's title.
    public let title: String?
    /// The site the feed belongs to.
    public let link: String?
    /// RSS `description` or Atom `subtitle`; written as `"description"` in ``jsonValue``.
    public let subtitle: String?
    /// When the feed last changed: ISO 8601 UTC when readable, else as written.
    public let updated: String?
    /// The items or entries, in document order.
    public let entries: [Entry]

    init(
        format: Format, title: String? = nil, link: String? = nil, subtitle: String? = nil, updated: String? = nil,
        entries: [Entry] = []
    ) {
        self.format = format
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.updated = updated
        self.entries = entries
    }

    /// Reads the feed in the root of a document converted from XML, or returns `nil` when the
    /// document is not a feed.
    ///
    /// A feed is an object with one member, the root element (as ``XMLToJSON`` writes it), named
    /// `rss`; `rdf:RDF` or `RDF` with a `channel` or `item` child; or `feed` (or `atom:feed`) that
    /// declares the Atom 1.0 or 0.3 namespace or has an `entry` child. The checks on RDF and Atom keep
    /// other RDF documents and XML APIs that happen to use `<feed>` from being read as empty feeds.
    /// Anything else inside is read leniently: missing parts are absent, never an error, and no input
    /// makes this trap.
    ///
    /// ```swift
    /// let options = XMLConversionOptions(alwaysArray: [try ProfilePath("feed>entry")])
    /// let document = try JSONDocument(xml: bytes, options: options)
    /// if let feed = FeedModel(document: document.root) {
    ///     feed.entries.count
    /// }
    /// FeedModel(document: try JSONDocument(xml: Array("<element/>".utf8)).root)  // nil
    /// ```
    ///
    /// - Parameter root: The root of the converted document: `{"rss": {…}}`, `{"feed": {…}}`.
    public init?(document root: JSONNode) {
        var members = root.members.makeIterator()
        guard root.count == 1, let (name, element) = members.next() else { return nil }
        switch name {
        case "rss":
            self.init(rss: element, format: .rss)
        case "rdf:RDF", "RDF":
            guard element["channel"] != nil || element["item"] != nil else { return nil }
            self.init(rss: element, format: .rdf)
        case "feed", "atom:feed":
            let prefix = String(name.dropLast("feed".count))
            guard Self.isAtom(element, prefix: prefix) else { return nil }
            self.init(atom: element, prefix: prefix)
        default:
            return nil
        }
    }
}
