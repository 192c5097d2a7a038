import APIMapping
import APITesting
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension BenchRun {
    /// Issue 3: a large generated RSS feed converted to a JSON tree, against `XMLParser` alone (an
    /// empty delegate) on the same bytes. The ratio is the conversion's cost over bare parsing; no target.
    mutating func runXML() throws(BenchFailure) {
        report.section("(i) XML to JSON tree on a generated RSS feed, against XMLParser alone")
        let input = generate { RSSFeed.generate(targetBytes: sizes.strings) }
        let options = XMLConversionOptions(alwaysArray: [ProfilePath(keys: ["rss", "channel", "item"])])
        let bytes = input.bytes
        let ours: Timing
        do {
            ours = try measurer.measure {
                try JSONDocument(xml: bytes, options: options).root["rss"]?["channel"]?["item"]?.count ?? -1
            }
        } catch {
            throw BenchFailure(description: "XMLToJSON rejected \(input.name): \(error)")
        }
        let data = Data(bytes)
        var bareFinished = true
        let bare = measurer.measure {
            // Fed through a stream like the converter, so libxml2 reads the whole document.
            let parser = XMLParser(stream: InputStream(data: data))
            let delegate = CountingDelegate()
            parser.delegate = delegate
            bareFinished = parser.parse() && bareFinished
            return delegate.elements
        }
        guard bareFinished else { throw BenchFailure(description: "XMLParser alone failed on \(input.name)") }
        let size = bytes.count
        report.line(
            "xml    \(pad(input.name, 14)) \(Format.megabytes(size))   XMLToJSON + document "
                + "\(Format.throughput(ours.megabytesPerSecond(size)))   XMLParser alone "
                + "\(Format.throughput(bare.megabytesPerSecond(size)))   conversion costs "
                + "\(Format.ratio(ours.best.seconds / bare.best.seconds)) the bare parse")
    }
}

/// Counts element starts, so the bare parse has a result to return.
private final class CountingDelegate: NSObject, XMLParserDelegate {
    var elements = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements += 1
    }
}

/// Generates an RSS 2.0 feed shaped like a WordPress or Medium feed: namespaces, CDATA HTML in
/// `content:encoded`, entities, categories, and some CJK and accented text.
enum RSSFeed {
    static func generate(targetBytes: Int) -> GeneratedInput {
        var random = SplitMix64(seed: 0x5253_5346_4545_4421)
        var out = ""
        out.reserveCapacity(targetBytes + 4_096)
        out += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/""#
        out += #" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">"# + "\n"
        out += "<channel>\n  <title>Engineering Notes &amp; Field Reports</title>\n"
        out += "  <link>https://notes.example.com/</link>\n"
        out += #"  <atom:link href="https://notes.example.com/feed" rel="self" type="application/rss+xml"/>"# + "\n"
        var count = 0
        while out.utf8.count < targetBytes {
            count += 1
            let title = random.pick(titles)
            out += "  <item>\n    <title>\(title) #\(count)</title>\n"
            out += "    <link>https://notes.example.com/posts/\(count)</link>\n"
            out += "    <dc:creator><![CDATA[\(random.pick(authors))]]></dc:creator>\n"
            out +=
                "    <pubDate>Mon, \(random.inRange(1...28)) Sep 2025 0\(random.inRange(0...9)):15:00 +0000</pubDate>\n"
            for _ in 0..<random.inRange(1...3) { out += "    <category>\(random.pick(categories))</category>\n" }
            out += #"    <guid isPermaLink="false">https://notes.example.com/?p=\#(count)</guid>"# + "\n"
            out += "    <description>\(random.pick(summaries)) &#8230;</description>\n"
            out += "    <content:encoded><![CDATA["
            for _ in 0..<random.inRange(3...12) { out += "<p>\(random.pick(paragraphs))</p>\n" }
            out += "]]></content:encoded>\n  </item>\n"
        }
        out += "</channel>\n</rss>\n"
        return GeneratedInput(name: "rss-feed", bytes: Array(out.utf8), count: count)
    }

    private static let titles = [
        "Shipping a parser without a stack overflow", "接口返回的信封格式", "Notes on HTTP/2 flow control",
        "Café-driven development", "Why our tests never sleep", "Probing JSON from the terminal",
    ]
    private static let authors = ["Ana Lima", "王小明", "Jürgen Weiß", "Priya Raman", "Tomás Ortega"]
    private static let categories = ["swift", "networking", "json", "terminal", "性能", "testing"]
    private static let summaries = [
        "A short tour of what broke and what we kept", "我们如何把业务状态码和 HTTP 状态分开",
        "Measured on two cores, compared in the same run", "Everything the server sent, nothing guessed",
    ]
    private static let paragraphs = [
        "The envelope said <code>\"code\": 40013</code> while HTTP said 200 &amp; everyone was confused.",
        "接口文档说成功时 <b>code</b> 为 0，失败时 msg 字段给出原因。",
        "We measured twice: once with the other core busy, once idle; the ratio held.",
        "A <a href=\"https://example.com/a?b=1&amp;c=2\">link with a query</a> and an é in the middle.",
        "Streaming keeps memory flat: the body never sits whole in a buffer.",
    ]
}
