import Testing

@testable import APIMapping

/// Where each field of a feed entry comes from, one fallback or choice per case.
@Suite struct FeedModelFieldTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let xml: String
        /// The first entry as compact JSON.
        let entry: String
        var testDescription: String { name }
    }

    static func rss(_ item: String) -> String {
        #"<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item>"# + item
            + "</item></channel></rss>"
    }

    static func atom(_ entry: String) -> String {
        #"<feed xmlns="http://www.w3.org/2005/Atom"><entry>"# + entry + "</entry></feed>"
    }

    /// The example on `FeedModel`.
    @Test func documentedExample() throws {
        let xml = """
            <rss version="2.0"><channel><title>Example</title>
              <item><title>First</title><guid>urn:1</guid><pubDate>Mon, 2 Jan 2006 10:04 EST</pubDate></item>
            </channel></rss>
            """
        let feed = try #require(FeedModel(document: try JSONDocument(xml: Array(xml.utf8)).root))
        #expect(feed.format == .rss)
        #expect(feed.entries.first?.date == "2006-01-02T15:04:00Z")
        #expect(
            feed.jsonValue.jsonText()
                == #"{"format":"rss","title":"Example","items":[{"id":"urn:1","title":"First","date":"2006-01-02T15:04:00Z"}]}"#
        )
    }

    @Test(arguments: [
        Case(
            name: "RSS guid is the id", xml: rss("<guid>a</guid><link>http://x/1</link>"),
            entry: #"{"id":"a","link":"http://x/1"}"#),
        Case(
            name: "RSS link is the id without a guid", xml: rss("<link>http://x/1</link>"),
            entry: #"{"id":"http://x/1","link":"http://x/1"}"#),
        Case(
            name: "RSS permalink guid is the link", xml: rss("<guid>https://x/1</guid>"),
            entry: #"{"id":"https://x/1","link":"https://x/1"}"#),
        Case(
            name: "RSS guid with isPermaLink=false is not the link",
            xml: rss(#"<guid isPermaLink="false">https://x/1</guid>"#), entry: #"{"id":"https://x/1"}"#),
        Case(
            name: "RSS guid that is no URL is not the link", xml: rss("<guid>urn:x:1</guid>"),
            entry: #"{"id":"urn:x:1"}"#),
        Case(
            name: "RSS description before content:encoded",
            xml: rss("<content:encoded>long</content:encoded><description>short</description>"),
            entry: #"{"summary":"short"}"#),
        Case(
            name: "RSS content:encoded without description", xml: rss("<content:encoded>long</content:encoded>"),
            entry: #"{"summary":"long"}"#),
        Case(
            name: "RSS authors joined", xml: rss("<author>a@x (A)</author><author>b@x (B)</author>"),
            entry: #"{"author":"a@x (A), b@x (B)"}"#),
        Case(
            name: "RSS author before dc:creator", xml: rss("<dc:creator>C</dc:creator><author>a@x</author>"),
            entry: #"{"author":"a@x"}"#),
        Case(
            name: "RSS pubDate before dc:date",
            xml: rss("<dc:date>2001-01-01</dc:date><pubDate>Tue, 02 Jan 2001 00:00:00 GMT</pubDate>"),
            entry: #"{"date":"2001-01-02T00:00:00Z"}"#),
        Case(
            name: "unreadable date kept as written", xml: rss("<pubDate>sometime soon</pubDate>"),
            entry: #"{"date":"sometime soon"}"#),
        Case(name: "empty elements are absent", xml: rss("<title/><link>  </link><guid></guid>"), entry: "{}"),
        Case(name: "whitespace is trimmed", xml: rss("<title>\n  Spaced\n</title>"), entry: #"{"title":"Spaced"}"#),
        Case(
            name: "Atom alternate link wins",
            xml: atom(#"<link rel="self" href="s"/><link href="n"/><link rel="alternate" href="a"/>"#),
            entry: #"{"id":"a","link":"a"}"#),
        Case(
            name: "Atom link without rel next", xml: atom(#"<link rel="self" href="s"/><link href=" n "/>"#),
            entry: #"{"id":"n","link":"n"}"#),
        Case(
            name: "Atom first href last", xml: atom(#"<link rel="self" href="s"/><link rel="edit" href="e"/>"#),
            entry: #"{"id":"s","link":"s"}"#),
        Case(
            name: "Atom link written as text", xml: atom("<link>http://x/1</link>"),
            entry: #"{"id":"http://x/1","link":"http://x/1"}"#),
        Case(
            name: "Atom published before updated",
            xml: atom("<updated>2005-01-02T00:00:00Z</updated><published>2005-01-01T00:00:00Z</published>"),
            entry: #"{"date":"2005-01-01T00:00:00Z"}"#),
        Case(
            name: "Atom 0.3 issued",
            xml: atom("<modified>2005-01-02T00:00:00Z</modified><issued>2005-01-01T00:00:00Z</issued>"),
            entry: #"{"date":"2005-01-01T00:00:00Z"}"#),
        Case(
            name: "Atom summary before content", xml: atom("<content>long</content><summary>short</summary>"),
            entry: #"{"summary":"short"}"#),
        Case(
            name: "Atom XHTML content is its text",
            xml: atom(
                #"<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a</p><p>b</p></div></content>"#),
            entry: #"{"summary":"a b"}"#),
        Case(
            name: "Atom content by reference has no text", xml: atom(#"<content src="http://x/1" type="text/html"/>"#),
            entry: "{}"),
        Case(
            name: "Atom author email without name", xml: atom("<author><email>a@x</email></author>"),
            entry: #"{"author":"a@x"}"#),
        Case(
            name: "prefixed Atom",
            xml: #"<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:entry>"#
                + #"<atom:id>i</atom:id><atom:title>t</atom:title></atom:entry></atom:feed>"#,
            entry: #"{"id":"i","title":"t"}"#),
    ])
    func readsEntry(_ field: Case) throws {
        let feed = try #require(FeedModel(document: try JSONDocument(xml: Array(field.xml.utf8)).root))
        let entry = try #require(feed.entries.first)
        #expect(entry.jsonValue.jsonText() == field.entry)
    }
}
