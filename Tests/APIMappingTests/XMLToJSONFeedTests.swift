import Foundation
import Testing

@testable import APIMapping

/// Real feeds and gofeed's edge cases, converted and read back with profile paths, as a feed profile
/// would.
@Suite struct XMLToJSONFeedTests {
    enum Format: String, Sendable {
        case rss, atom, rdf

        /// Where the items are and where the feed's title is.
        var itemsPath: String {
            switch self {
            case .rss: "rss>channel>item"
            case .atom: "feed>entry"
            case .rdf: "rdf:RDF>item"
            }
        }

        var titlePath: String {
            switch self {
            case .rss: "rss>channel>title"
            case .atom: "feed>title"
            case .rdf: "rdf:RDF>channel>title"
            }
        }
    }

    struct Feed: Sendable, CustomTestStringConvertible {
        let file: String
        let format: Format
        let items: Int
        let title: String
        var testDescription: String { file }
    }

    /// The well-formed feeds of `Fixtures/feeds/README.md` with their item counts and titles.
    static let feeds: [Feed] = [
        Feed(file: "489.rss", format: .rss, items: 10, title: "Stories by Hodl Hodl on Medium"),
        Feed(file: "4fsodonline.atom", format: .atom, items: 25, title: "4 Fighting Serpents of Death"),
        // Atom despite its name.
        Feed(file: "DaringFireball.rss", format: .atom, items: 47, title: "Daring Fireball"),
        Feed(file: "EMarley.rss", format: .rss, items: 10, title: "Stories by Liz Marley on Medium"),
        Feed(file: "KatieFloyd.rss", format: .rss, items: 20, title: "Katie Floyd"),
        Feed(file: "OneFootTsunami.atom", format: .atom, items: 25, title: "One Foot Tsunami"),
        Feed(file: "aktuality.rss", format: .rss, items: 30, title: "Aktuality.sk - aktuálne spravodajstvo"),
        // RSS 2.0 despite its name.
        Feed(file: "allthis.atom", format: .rss, items: 12, title: "And now it’s all this"),
        Feed(file: "atp.rss", format: .rss, items: 100, title: "Accidental Tech Podcast"),
        Feed(file: "bio.rdf", format: .rdf, items: 30, title: "bioRxiv Subject Collection: Plant Biology"),
        // The index shows the title HTML-escaped; the file has a plain apostrophe.
        Feed(file: "donthitsave.xml", format: .rss, items: 10, title: "Don't Hit Save"),
        Feed(file: "livemint.xml", format: .rss, items: 25, title: "Livemint - News"),
        Feed(file: "macworld.rss", format: .rss, items: 30, title: "Macworld"),
        Feed(file: "manton.rss", format: .rss, items: 10, title: "Manton Reece"),
        Feed(file: "natasha.xml", format: .rss, items: 10, title: "Natasha The Robot"),
        Feed(file: "rubenerd.rss", format: .rss, items: 10, title: "Rubenerd"),
        Feed(file: "russcox.atom", format: .atom, items: 19, title: "research!rsc"),
        Feed(file: "scriptingNews.rss", format: .rss, items: 50, title: "Scripting News"),
        Feed(file: "theomnishow.rss", format: .rss, items: 4, title: "The Omni Show"),
        // GB2312, transcoded by libxml2 (through ICU).
        Feed(file: "kc0011.rss", format: .rss, items: 20, title: "投资资讯网交易在线--流通纪念币最新20篇论坛主题-全文"),
    ]

    static func convert(_ path: String, alwaysArray: [String] = []) throws -> JSONDocument {
        let options = XMLConversionOptions(alwaysArray: try alwaysArray.map { try ProfilePath($0) })
        return JSONDocument(try XMLToJSON.convert(try Fixtures.bytes(path), options: options))
    }

    /// The text of an element that may carry attributes (`<title type="html">`).
    static func text(_ node: JSONNode?) -> String? {
        node?.stringValue ?? node?["#text"]?.stringValue
    }

    @Test(arguments: feeds)
    func realFeedConverts(_ feed: Feed) throws {
        let document = try Self.convert("feeds/real/\(feed.file)", alwaysArray: [feed.format.itemsPath])
        let items = try #require(try ProfilePath(feed.format.itemsPath).select(in: document.root))
        #expect(items.kind == .array)
        #expect(items.count == feed.items)
        #expect(Self.text(try ProfilePath(feed.format.titlePath).select(in: document.root)) == feed.title)
        // Every item has a non-empty title or link.
        for item in items.elements {
            let title = Self.text(item["title"]) ?? ""
            let link = Self.text(item["link"]) ?? item["link"]?["@href"]?.stringValue ?? ""
            #expect(!(title.isEmpty && link.isEmpty))
        }
    }

    @Test func feedDetailsSurviveConversion() throws {
        let document = try Self.convert("feeds/real/489.rss", alwaysArray: ["rss>channel>item"])
        let channel = try #require(document.root["rss"]?["channel"])
        #expect(channel["atom:link"]?[0]?["@rel"]?.stringValue == "self")
        #expect(channel["atom:link"]?[1]?["@rel"]?.stringValue == "hub")
        #expect(document.root["rss"]?["@xmlns:content"]?.stringValue == "http://purl.org/rss/1.0/modules/content/")
        let encoded = try #require(channel["item"]?[0]?["content:encoded"]?.stringValue)
        #expect(encoded.hasPrefix("<"))

        // UTF-8 byte order mark and CRLF line ends, inside CDATA too.
        let save = try Self.convert("feeds/real/donthitsave.xml")
        let description = try #require(save.root["rss"]?["channel"]?["item"]?[0]?["description"]?.stringValue)
        #expect(!description.contains("\r"))

        // Attributes in document order: <enclosure url=… length=… type=…>.
        let atp = try Self.convert("feeds/real/atp.rss")
        let enclosure = try #require(atp.root["rss"]?["channel"]?["item"]?[0]?["enclosure"])
        #expect(enclosure.members.map(\.key) == ["@url", "@length", "@type"])
    }

    @Test func ampersandFeedIsRefusedAtLine23() {
        // A real ISO-8859-1 feed with a bare '&' in a URL: "…?utm_source=bolddk&utm_medium=rss…" at
        // column 103; libxml2 (like expat) stops at the '=' after the name, column 114.
        #expect {
            try XMLToJSON.convert(try Fixtures.bytes("feeds/real/bold.dk-Ampersand.xml"))
        } throws: { error in
            guard let error = error as? XMLConversionError else { return false }
            return error.kind == .malformed && error.line == 23 && error.column == 114
                && error.message == "entity reference without ';' (a bare '&' must be written '&amp;')"
        }
    }

    // MARK: gofeed edge cases
    //
    // gofeed's expected `.json` files describe its feed model, not an XML mapping, so each test compares
    // the values gofeed extracts (titles, links, content, extension values) with the same values read
    // from our JSON. Where we differ on purpose, the test says so.

    static func gofeed(_ name: String) throws -> JSONDocument {
        try convert("feeds/gofeed-edge-cases/\(name).xml")
    }

    static func expected(_ name: String) throws -> JSONDocument {
        try JSONDocument(parsing: try Fixtures.bytes("feeds/gofeed-edge-cases/\(name).json"))
    }

    @Test func linkHrefWithLeadingSpace() throws {
        let ours = try Self.gofeed("atom10_feed_entry_link_href_invalid_space_prefix")
        let theirs = try Self.expected("atom10_feed_entry_link_href_invalid_space_prefix")
        let link = try #require(ours.root["feed"]?["entry"]?["link"])
        #expect(link["@href"]?.stringValue == " http://example.org")
        // Difference: gofeed trims the URL; we keep attribute values exactly as written.
        #expect(theirs.root["entries"]?[0]?["links"]?[0]?["href"]?.stringValue == "http://example.org")
        #expect(link["@href"]?.stringValue?.trimmingCharacters(in: .whitespaces) == "http://example.org")
    }

    @Test func titleWithXMLBaseAndCDATA() throws {
        let ours = try Self.gofeed("feed_title_xml_base_cdata")
        let title = try #require(ours.root["feed"]?["title"])
        #expect(title["@type"]?.stringValue == "html")
        #expect(title["@xml:base"]?.stringValue == "http://example.com/test/")
        // Difference: gofeed resolves the relative href against xml:base inside the HTML; we keep the
        // text as written and the base as an attribute.
        #expect(title["#text"]?.stringValue == #"Example <a href="test.html">test</a>"#)
        let theirs = try Self.expected("feed_title_xml_base_cdata")
        #expect(
            theirs.root["title"]?.stringValue == #"Example <a href="http://example.com/test/test.html">test</a>"#)
    }

    @Test func extensionsAndSource() throws {
        let ours = try #require(try Self.gofeed("issue_275_extensions_and_source").root["feed"])
        let theirs = try Self.expected("issue_275_extensions_and_source").root
        #expect(ours["title"]?.stringValue == theirs["title"]?.stringValue)
        #expect(ours["category"]?["@term"]?.stringValue == theirs["categories"]?[0]?["term"]?.stringValue)
        #expect(ours["category"]?["@label"]?.stringValue == theirs["categories"]?[0]?["label"]?.stringValue)
        #expect(
            ours["dc:creator"]?.stringValue == theirs["extensions"]?["dc"]?["creator"]?[0]?["value"]?.stringValue)

        let entries = try #require(ours["entry"])
        #expect(entries.count == 4)
        for (index, entry) in entries.elements.enumerated() {
            #expect(entry["title"]?.stringValue == theirs["entries"]?[index]?["title"]?.stringValue)
        }
        let first = try #require(entries[0])
        let firstExpected = try #require(theirs["entries"]?[0])
        #expect(
            first["dc:subject"]?.stringValue
                == firstExpected["extensions"]?["dc"]?["subject"]?[0]?["value"]?.stringValue)
        #expect(first["source"]?["title"]?.stringValue == firstExpected["source"]?["title"]?.stringValue)
        #expect(
            first["source"]?["dc:rights"]?.stringValue
                == firstExpected["source"]?["extensions"]?["dc"]?["rights"]?[0]?["value"]?.stringValue)
        #expect(first["source"]?["category"]?["@term"]?.stringValue == "sc")
        // gofeed maps Atom 0.3 <modified> to "updated"; we keep the element's own name.
        #expect(first["source"]?["modified"]?.stringValue == firstExpected["source"]?["updated"]?.stringValue)
        // gofeed drops unknown elements; we keep them.
        #expect(first["unknownentry"]?.stringValue == "y")
        #expect(first["source"]?["unknownsource"]?.stringValue == "z")

        #expect(entries[2]?["content"]?["#text"]?.stringValue == #"{"a":1}"#)
        #expect(entries[3]?["author"]?["name"]?.stringValue == "An Author")
        // Difference: gofeed base64-decodes binary content ("aGVsbG8=" → "hello") and re-escapes
        // application/atom+xml content ("&lt;x/&gt;"); we give the element's text as XML defines it.
        #expect(entries[1]?["content"]?["#text"]?.stringValue == "aGVsbG8=")
        #expect(theirs["entries"]?[1]?["content"]?["value"]?.stringValue == "hello")
        #expect(entries[3]?["content"]?["#text"]?.stringValue == "<x/>")
        #expect(theirs["entries"]?[3]?["content"]?["value"]?.stringValue == "&lt;x/&gt;")
    }

    @Test func unknownChildrenAreKept() throws {
        let ours = try #require(try Self.gofeed("issue_275_unknown_children").root["rdf:RDF"])
        let theirs = try Self.expected("issue_275_unknown_children").root
        let channel = try #require(ours["channel"])
        #expect(channel["title"]?.stringValue == theirs["title"]?.stringValue)
        #expect(channel["image"]?["url"]?.stringValue == theirs["image"]?["url"]?.stringValue)
        #expect(channel["skipHours"]?["hour"]?.stringValue == theirs["skipHours"]?[0]?.stringValue)
        #expect(channel["skipDays"]?["day"]?.stringValue == theirs["skipDays"]?[0]?.stringValue)
        // gofeed names it textInput; the element is <textinput>.
        #expect(channel["textinput"]?["title"]?.stringValue == theirs["textInput"]?["title"]?.stringValue)
        // gofeed skips unknown elements; we keep them, empty ones as "".
        #expect(ours["dc:whatever"]?.stringValue == "x")
        #expect(ours["unknownroot"]?.stringValue == "y")
        #expect(channel["image"]?["junk"]?.stringValue == "z")
        #expect(channel["skipHours"]?["junk"]?.stringValue == "")
    }

    @Test func encodedWithoutNamespace() throws {
        let ours = try Self.gofeed("issue_303_encoded_no_namespace")
        let theirs = try Self.expected("issue_303_encoded_no_namespace").root
        let item = try #require(ours.root["rss"]?["channel"]?["item"])
        #expect(item["title"]?.stringValue == theirs["items"]?[0]?["title"]?.stringValue)
        #expect(item["encoded"]?.stringValue == theirs["items"]?[0]?["custom"]?["encoded"]?.stringValue)
        #expect(item.members.map(\.key) == ["encoded", "title"])
    }

    @Test func namespaceURIsWithWhitespace() throws {
        let ours = try Self.gofeed("issue_309_namespace_whitespace")
        let theirs = try Self.expected("issue_309_namespace_whitespace").root
        let rss = try #require(ours.root["rss"])
        // Prefixes are kept as written, so the URI's stray spaces do not matter; the declarations are
        // kept verbatim (libxml2's warning that they are not URIs is tolerated).
        #expect(rss["@xmlns:itunes"]?.stringValue == " http://www.itunes.com/DTDs/PodCast-1.0.dtd")
        #expect(rss["@xmlns:custom"]?.stringValue == " http://example.org/ns ")
        #expect(rss["channel"]?["itunes:author"]?.stringValue == theirs["itunesExt"]?["author"]?.stringValue)
        #expect(
            rss["channel"]?["custom:tag"]?.stringValue
                == theirs["extensions"]?["custom"]?["tag"]?[0]?["value"]?.stringValue)
    }

    @Test func legacyEntityPrefixIsRefused() throws {
        // Difference: gofeed repairs "?page=1&copy=2;mode=x" (it is not well-formed XML); we refuse it
        // at the first error, as for any malformed document.
        let theirs = try Self.expected("issue_320_legacy_entity_prefix").root
        #expect(theirs["title"]?.stringValue == "?page=1&copy=2;mode=x & done")
        #expect {
            try XMLToJSON.convert(try Fixtures.bytes("feeds/gofeed-edge-cases/issue_320_legacy_entity_prefix.xml"))
        } throws: { error in
            guard let error = error as? XMLConversionError else { return false }
            return error.kind == .malformed && error.line == 7 && error.column == 24
        }
    }

    @Test func multilineCDATASummaryWithUndeclaredPrefix() throws {
        let ours = try Self.gofeed("itunes_item_summary_cdata_multi")
        let theirs = try Self.expected("itunes_item_summary_cdata_multi").root
        // The itunes: prefix is never declared in this file; names are kept as written.
        let summary = ours.root["rss"]?["channel"]?["item"]?["itunes:summary"]?.stringValue
        #expect(summary == "Line 1\n            Line 2\n            Line 3")
        #expect(summary == theirs["items"]?[0]?["itunesExt"]?["summary"]?.stringValue)
    }

    @Test func rdfDescriptionWithEscapedMarkupInCDATA() throws {
        let ours = try Self.gofeed("rdf_item_description_cdata_escaped_markup")
        let theirs = try Self.expected("rdf_item_description_cdata_escaped_markup").root
        let rdf = try #require(ours.root["rdf:RDF"])
        #expect(rdf["item"]?["description"]?.stringValue == "&lt;p&gt;Item Description&lt;/p&gt;")
        #expect(rdf["item"]?["description"]?.stringValue == theirs["items"]?[0]?["description"]?.stringValue)
        #expect(rdf["item"]?["@rdf:about"]?.stringValue == "http://example.org/entry/1")
        #expect(
            rdf["channel"]?["items"]?["rdf:Seq"]?["rdf:li"]?["@resource"]?.stringValue == "http://example.org/entry/1")
    }
}
