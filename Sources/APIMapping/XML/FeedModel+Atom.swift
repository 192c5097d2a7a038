extension FeedModel {
    /// The namespaces of Atom 1.0 and Atom 0.3.
    static let atomNamespaces: Set<String> = ["http://www.w3.org/2005/Atom", "http://purl.org/atom/ns#"]

    /// Whether a `feed` element is Atom: it declares an Atom namespace for its own prefix, or has entries.
    static func isAtom(_ feed: JSONNode, prefix: String) -> Bool {
        let declaration = prefix.isEmpty ? "xmlns" : "xmlns:" + prefix.dropLast()
        if let namespace = feed.feedAttribute(declaration), atomNamespaces.contains(namespace) { return true }
        return feed[prefix + "entry"] != nil
    }

    /// Reads Atom 1.0 or 0.3; `prefix` is the root's namespace prefix with its colon (`atom:`), or empty.
    init(atom feed: JSONNode, prefix: String) {
        let names = AtomNames(prefix: prefix)
        self.init(
            format: .atom,
            title: feed.feedText(names.title, "dc:title"),
            link: Self.atomLink(feed[names.link]),
            subtitle: feed.feedText(names.subtitle, names.tagline, "dc:description"),
            updated: feed.feedText(names.updated, names.modified, "dc:date").map(FeedDate.normalized),
            entries: feed[names.entry]?.feedElements.map { Entry(atomEntry: $0, names: names) } ?? []
        )
    }

    /// The page a `link` element or list of them points to: the `alternate` link, else the first one
    /// without `rel` (which means alternate), else the first with an `href`.
    static func atomLink(_ link: JSONNode?) -> String? {
        guard let links = link?.feedElements else { return nil }
        func href(_ link: JSONNode) -> String? {
            switch link.kind {
            case .object: link.feedAttribute("href")
            // `<link>http://…</link>`, Atom written like RSS, has no attributes, only text.
            case .string: link.feedText
            default: nil
            }
        }
        for link in links where link.feedAttribute("rel")?.lowercased() == "alternate" {
            if let href = href(link) { return href }
        }
        for link in links where link.feedAttribute("rel") == nil {
            if let href = href(link) { return href }
        }
        return links.lazy.compactMap(href).first
    }

    /// Atom element names under the root's prefix.
    struct AtomNames {
        let entry, title, link, subtitle, tagline, updated, modified, id, published, issued, created, summary,
            content, author, name, email: String

        init(prefix: String) {
            entry = prefix + "entry"
            title = prefix + "title"
            link = prefix + "link"
            subtitle = prefix + "subtitle"
            tagline = prefix + "tagline"
            updated = prefix + "updated"
            modified = prefix + "modified"
            id = prefix + "id"
            published = prefix + "published"
            issued = prefix + "issued"
            created = prefix + "created"
            summary = prefix + "summary"
            content = prefix + "content"
            author = prefix + "author"
            name = prefix + "name"
            email = prefix + "email"
        }
    }
}

extension FeedModel.Entry {
    /// Reads one Atom `entry`.
    init(atomEntry entry: JSONNode, names: FeedModel.AtomNames) {
        let link = FeedModel.atomLink(entry[names.link])
        let authors = (entry[names.author]?.feedElements ?? []).compactMap { author in
            author.kind == .object ? author.feedText(names.name, names.email) : author.feedText
        }
        let date = entry.feedText(
            names.published, names.issued, names.updated, names.modified, names.created, "dc:date")
        self.init(
            id: entry.feedText(names.id, "dc:identifier") ?? link,
            title: entry.feedText(names.title, "dc:title"),
            link: link,
            date: date.map(FeedDate.normalized),
            summary: entry.feedText(names.summary, names.content, "dc:description"),
            author: Self.joined(authors.isEmpty ? entry.feedTexts("dc:creator") : authors)
        )
    }
}
