import Testing

@testable import APIMapping

/// The same two entries written as RSS 2.0, Atom 1.0 and RSS 1.0 (`Fixtures/feeds/pairs/`) give the
/// same normalised JSON but for `format`: each spells ids, links, dates, summaries and authors its own way.
@Suite struct FeedModelPairTests {
    static let expected = """
        {"format":"rss","title":"Example News","link":"https://example.com/","description":"All the news that fits",\
        "updated":"2006-01-02T15:04:05Z","items":[\
        {"id":"https://example.com/posts/1","title":"Fish & Chips","link":"https://example.com/posts/1",\
        "date":"2006-01-02T15:04:05Z","summary":"<p>Hello</p>","author":"Ann Example"},\
        {"id":"https://example.com/posts/2","title":"Second","link":"https://example.com/posts/2",\
        "date":"2006-01-01T23:59:00Z","summary":"Plain text.","author":"Ann Example, Bob Example"}]}
        """

    @Test func rssGivesTheExpectedJSON() throws {
        let rss = try #require(try FeedFixtures.feed("pairs/two-entries.rss"))
        #expect(rss.jsonValue.jsonText() == Self.expected)
    }

    @Test(arguments: [("pairs/two-entries.atom", FeedModel.Format.atom), ("pairs/two-entries.rdf", .rdf)])
    func sameContentGivesTheSameJSON(_ file: String, format: FeedModel.Format) throws {
        let rss = try #require(try FeedFixtures.feed("pairs/two-entries.rss"))
        let other = try #require(try FeedFixtures.feed(file))
        #expect(other.format == format)
        var json = try #require(other.jsonValue.objectValue)
        #expect(json["format"] == .string(format.rawValue))
        json["format"] = .string("rss")
        #expect(JSONValue.object(json) == rss.jsonValue)
        #expect(other.entries == rss.entries)
    }
}
