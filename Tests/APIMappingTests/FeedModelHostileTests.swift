import Testing

@testable import APIMapping

/// Documents that are not feeds, and feeds with parts of the wrong kind: `nil` or an answer, never a trap.
@Suite struct FeedModelHostileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "another root element", text: "<element></element>"),
        Case(name: "RDF that is no RSS", text: #"<rdf:RDF xmlns:rdf="x"><rdf:Description/></rdf:RDF>"#),
        Case(name: "feed root of an XML API", text: "<feed><post>1</post></feed>"),
        Case(name: "feed root in another namespace", text: #"<feed xmlns="urn:other"><title>t</title></feed>"#),
        Case(name: "uppercase RSS", text: "<RSS><channel/></RSS>"),
        Case(name: "prefixed rss", text: "<x:rss><channel/></x:rss>"),
    ])
    func xmlThatIsNotAFeedIsNil(_ document: Case) throws {
        #expect(FeedModel(document: try JSONDocument(xml: Array(document.text.utf8)).root) == nil)
    }

    @Test(arguments: [
        Case(name: "array", text: #"[{"rss": {}}]"#),
        Case(name: "string", text: #""rss""#),
        Case(name: "number", text: "1"),
        Case(name: "null", text: "null"),
        Case(name: "empty object", text: "{}"),
        Case(name: "rss beside other members", text: #"{"rss": {"channel": {}}, "meta": 1}"#),
        Case(name: "JSON feed key", text: #"{"feed": [1, 2]}"#),
    ])
    func jsonThatIsNotAFeedIsNil(_ document: Case) throws {
        #expect(FeedModel(document: try JSONDocument(parsing: document.text).root) == nil)
    }

    struct OddCase: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        /// The model as compact JSON.
        let model: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        OddCase(name: "rss is a string", json: #"{"rss": "x"}"#, model: #"{"format":"rss","items":[]}"#),
        OddCase(name: "channel is a number", json: #"{"rss": {"channel": 3}}"#, model: #"{"format":"rss","items":[]}"#),
        OddCase(
            name: "item is a string", json: #"{"rss": {"channel": {"item": "text"}}}"#,
            model: #"{"format":"rss","items":[{}]}"#),
        OddCase(
            name: "items of every kind keep their places",
            json: #"{"rss": {"channel": {"item": [3, "x", null, true, [], {}, {"title": 5, "guid": false}]}}}"#,
            model: #"{"format":"rss","items":[{},{},{},{},{},{},{"id":"false","title":"5"}]}"#),
        OddCase(
            name: "fields of the wrong kind",
            json: ##"{"rss": {"channel": {"title": [null, {"#text": 1}, "t"], "item": {"pubDate": 1136214245}}}}"##,
            model: #"{"format":"rss","title":"t","items":[{"date":"1136214245"}]}"#),
        OddCase(
            name: "entry is a number", json: #"{"feed": {"entry": 1}}"#, model: #"{"format":"atom","items":[{}]}"#),
        OddCase(
            name: "links of every kind",
            json: #"{"feed": {"entry": {"link": [1, {"@rel": 2}, {"@href": 3}, {"@href": "h"}]}}}"#,
            model: #"{"format":"atom","items":[{"id":"h","link":"h"}]}"#),
        OddCase(
            name: "authors of every kind", json: #"{"feed": {"entry": {"author": [null, 7, {"name": ["", "n"]}]}}}"#,
            model: #"{"format":"atom","items":[{"author":"7, n"}]}"#),
        OddCase(
            name: "RDF items beside a string channel", json: #"{"rdf:RDF": {"channel": "", "item": {"title": "t"}}}"#,
            model: #"{"format":"rdf","items":[{"title":"t"}]}"#),
    ])
    func oddPartsGiveAModel(_ document: OddCase) throws {
        let feed = try #require(FeedModel(document: try JSONDocument(parsing: document.json).root))
        #expect(feed.jsonValue.jsonText() == document.model)
    }

    @Test func xmlItemsOfTextKeepTheirPlaces() throws {
        let xml = "<rss><channel><item>just text</item><item><title>t</title></item><item/></channel></rss>"
        let feed = try #require(FeedModel(document: try JSONDocument(xml: Array(xml.utf8)).root))
        #expect(feed.jsonValue.jsonText() == #"{"format":"rss","items":[{},{"title":"t"},{}]}"#)
    }

    @Test func deepXHTMLContentIsReadToALimit() throws {
        let depth = 1000
        let xml =
            #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">"#
            + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
            + "<p>shallow</p></content></entry></feed>"
        let feed = try #require(FeedModel(document: try JSONDocument(xml: Array(xml.utf8)).root))
        #expect(feed.entries.first?.summary == "shallow")
    }

    @Test func hostileDatesAreKept() throws {
        let year = String(repeating: "9", count: 5000)
        let xml = "<rss><channel><item><pubDate>Mon, 02 Jan \(year) 15:04:05 GMT</pubDate></item></channel></rss>"
        let feed = try #require(FeedModel(document: try JSONDocument(xml: Array(xml.utf8)).root))
        #expect(feed.entries.first?.date == "Mon, 02 Jan \(year) 15:04:05 GMT")
    }
}
