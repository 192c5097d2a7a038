import Testing

@testable import APIMapping

/// Third-party feeds from `Fixtures/feeds/` read as models: format, counts and the first entry.
@Suite struct FeedModelFixtureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let format: FeedModel.Format
        let entries: Int
        let title: String?
        let updated: String?
        let first: FeedModel.Entry
        /// The start of the first entry's summary, which is often long.
        let summaryPrefix: String?
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "feedkit-fixtures/RSS.xml", format: .rss, entries: 2, title: "Iris", updated: "2015-08-16T18:18:55Z",
            first: FeedModel.Entry(
                id: "tag:dallas.example.com,4131:news", title: "Seventh Heaven! Ryan Hurls Another No Hitter",
                link: "http://dallas.example.com/1991/05/02/nolan.htm", date: "2007-10-05T15:00:00Z",
                author: "jbb@dallas.example.com (Joe Bob Briggs)"),
            summaryPrefix: "I'm headed for France."),
        Case(
            file: "feedkit-fixtures/RSSDC.xml", format: .rss, entries: 1, title: "title",
            updated: "2000-01-01T12:00:00Z",
            first: FeedModel.Entry(id: "identifier", title: "title", date: "2000-01-01T12:00:00Z", author: "creator"),
            summaryPrefix: "description"),
        Case(
            file: "feedkit-fixtures/Atom.xml", format: .atom, entries: 1, title: "dive into mark",
            updated: "2005-07-31T12:29:29Z",
            first: FeedModel.Entry(
                id: "tag:example.org,2003:3.2397", title: "Atom draft-07 snapshot",
                link: "http://example.org/2005/04/02/atom", date: "2003-12-13T12:29:29Z", author: "Mark Pilgrim"),
            summaryPrefix: "An overview of Atom 1.0"),
        // Atom 0.3 with Dublin Core only.
        Case(
            file: "feedkit-fixtures/AtomDC.xml", format: .atom, entries: 1, title: "title",
            updated: "2000-01-01T12:00:00Z",
            first: FeedModel.Entry(id: "identifier", title: "title", date: "2000-01-01T12:00:00Z", author: "creator"),
            summaryPrefix: "description"),
        // RSS 1.0: items beside the channel, ids from rdf:about, dates from dc:date (day only).
        Case(
            file: "real/bio.rdf", format: .rdf, entries: 30, title: "bioRxiv Subject Collection: Plant Biology",
            updated: nil,
            first: FeedModel.Entry(
                id: "http://biorxiv.org/cgi/content/short/743294v1?rss=1",
                title: "Wheat inositol pyrophosphate kinase (TaVIH2-3B) interacts with Fasciclin-like "
                    + "arabinogalactan (FLA6) protein and alters the plant cell-wall composition",
                link: "http://biorxiv.org/cgi/content/short/743294v1?rss=1", date: "2019-08-27T00:00:00Z",
                author: "Kaur, M., Shukla, A., Kanwar, S., Shukla, V., Kaur, G., Sharma, S., Kumar, A., Aggarwal, S., "
                    + "Bhati, K. K., Pandey, P., Mazumder, K., Rishi, V., Pandey, A. K."),
            summaryPrefix: "Inositol pyrophosphates (PPx-InsPs)"),
        // A title of text and CDATA; `published` is the date though `updated` comes first.
        Case(
            file: "real/OneFootTsunami.atom", format: .atom, entries: 25, title: "One Foot Tsunami",
            updated: "2015-09-08T14:21:41Z",
            first: FeedModel.Entry(
                id: "http://onefoottsunami.com/?p=14863", title: "Link: Pillow Fight Leaves 24 Concussed",
                link: "http://www.nytimes.com/2015/09/05/us/at-west-point-annual-pillow-fight-becomes-weaponized.html"
                    + "?mwrsm=Email&_r=1&pagewanted=all",
                date: "2015-09-08T14:21:41Z", author: "Paul Kafasis"),
            summaryPrefix: "<p>At West Point, freshman cadets"),
        // Atom under a .rss name: the root decides, not the extension.
        Case(
            file: "real/DaringFireball.rss", format: .atom, entries: 47, title: "Daring Fireball",
            updated: "2016-02-28T21:06:52Z",
            first: FeedModel.Entry(
                id: "tag:daringfireball.net,2016:/linked//6.32173", title: "Apple Product Event: Monday March 21",
                link: "http://recode.net/2016/02/27/remark-your-calendars-apples-product-event-will-week-of-march-21/",
                date: "2016-02-27T21:59:47Z", author: "John Gruber"),
            summaryPrefix: "<p>Kara Swisher, writing at Recode"),
        // Items without titles.
        Case(
            file: "real/scriptingNews.rss", format: .rss, entries: 50, title: "Scripting News",
            updated: "2017-06-26T19:41:48Z",
            first: FeedModel.Entry(
                id: "http://scripting.com/2017/06/26.html#a080605",
                link: "http://scripting.com/2017/06/26.html#a080605",
                date: "2017-06-26T12:20:05Z"),
            summaryPrefix: "Good morning students and teachers!"),
    ]

    @Test(arguments: cases)
    func readsFixture(_ fixture: Case) throws {
        let feed = try #require(try FeedFixtures.feed(fixture.file))
        #expect(feed.format == fixture.format)
        #expect(feed.entries.count == fixture.entries)
        #expect(feed.title == fixture.title)
        #expect(feed.updated == fixture.updated)
        let first = try #require(feed.entries.first)
        #expect(first.id == fixture.first.id)
        #expect(first.title == fixture.first.title)
        #expect(first.link == fixture.first.link)
        #expect(first.date == fixture.first.date)
        #expect(first.author == fixture.first.author)
        if let prefix = fixture.summaryPrefix {
            #expect(first.summary?.hasPrefix(prefix) == true)
        } else {
            #expect(first.summary == nil)
        }
    }

    /// Every entry of the real feeds has an id and a date in ISO 8601 UTC. (Not every one has a link:
    /// three in `OneFootTsunami.atom` have `href=""`.)
    @Test(arguments: cases.filter { $0.file.hasPrefix("real/") })
    func everyEntryIsKeyedAndDated(_ fixture: Case) throws {
        let feed = try #require(try FeedFixtures.feed(fixture.file))
        for (position, entry) in feed.entries.enumerated() {
            #expect(entry.id != nil, "entry \(position)")
            let date = try #require(entry.date, "entry \(position)")
            #expect(FeedDate.iso8601(Array(date.utf8))?.utcText == date, "entry \(position): \(date)")
        }
    }

    /// `alwaysArray` paths change the tree, never the model.
    @Test(arguments: cases.map(\.file) + ["pairs/two-entries.rss", "pairs/two-entries.atom", "pairs/two-entries.rdf"])
    func alwaysArrayDoesNotChangeTheModel(_ file: String) throws {
        let paths = [
            "rss>channel", "rss>channel>item", "rss>channel>item>guid", "rss>channel>item>dc:creator", "feed>entry",
            "feed>link", "feed>entry>link", "feed>entry>author", "rdf:RDF>item", "rdf:RDF>channel",
        ]
        let options = XMLConversionOptions(alwaysArray: try paths.map { try ProfilePath($0) })
        #expect(try FeedFixtures.feed(file, options: options) == FeedFixtures.feed(file))
    }

    @Test func aDocumentThatIsNotAFeedIsNil() throws {
        #expect(try FeedFixtures.feed("feedkit-fixtures/FeedNotFound.xml") == nil)
    }
}
