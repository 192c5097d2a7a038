extension FeedModel {
    /// Reads RSS 0.9x/2.0 (items inside the first `channel`) or RDF (items beside it).
    ///
    /// Either layout is accepted in either format, the usual one first, as lenient readers do.
    init(rss root: JSONNode, format: Format) {
        let channel = root["channel"].flatMap { $0.feedElements.first }
        let items =
            format == .rdf ? root["item"] ?? channel?["item"] : channel?["item"] ?? root["item"]
        self.init(
            format: format,
            title: channel?.feedText("title", "dc:title"),
            link: channel?.feedText("link"),
            subtitle: channel?.feedText("description", "dc:description"),
            updated: channel?.feedText("lastBuildDate", "pubDate", "dc:date").map(FeedDate.normalized),
            entries: items?.feedElements.map(Entry.init(rssItem:)) ?? []
        )
    }
}

extension FeedModel.Entry {
    /// Reads one RSS or RDF `item`.
    init(rssItem item: JSONNode) {
        let link = item.feedText("link") ?? Self.permalink(item["guid"]) ?? item.feedAttribute("rdf:about")
        let authors = item.feedTexts("author")
        let creators = item.feedTexts("dc:creator")
        self.init(
            id: item.feedText("guid") ?? item.feedAttribute("rdf:about") ?? item.feedText("dc:identifier") ?? link,
            title: item.feedText("title", "dc:title"),
            link: link,
            date: item.feedText("pubDate", "dc:date").map(FeedDate.normalized),
            summary: item.feedText("description", "content:encoded", "dc:description"),
            author: Self.joined(authors.isEmpty ? creators : authors)
        )
    }

    /// The `guid` as a link: RSS 2.0 makes a guid a permalink unless `isPermaLink="false"`, but only
    /// an http or https URL is taken, since many feeds leave the default on opaque ids.
    static func permalink(_ guid: JSONNode?) -> String? {
        guard let guid = guid?.feedElements.first, let text = guid.feedText,
            guid.feedAttribute("isPermaLink")?.lowercased() != "false"
        else { return nil }
        let lowercased = text.prefix(8).lowercased()
        return lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") ? text : nil
    }

    /// Several authors as one string, `nil` for none.
    static func joined(_ names: [String]) -> String? {
        names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
