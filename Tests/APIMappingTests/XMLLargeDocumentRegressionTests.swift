import Testing

@testable import APIMapping

/// Regression: `XMLParser(data:)` handed libxml2 the whole document as one push chunk, and libxml2
/// refused any document over 10 MB with "internal parser error" (found by the 20 MB XML benchmark).
@Suite struct XMLLargeDocumentRegressionTests {
    @Test func feedOverTenMegabytesConverts() throws {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Big</title>"# + "\n"
        var count = 0
        while xml.utf8.count < 11_000_000 {
            xml += "<item><title>第\(count)条</title><description><![CDATA[<p>a &amp; b</p>]]></description></item>\n"
            count += 1
        }
        xml += "</channel></rss>\n"
        let value = try XMLToJSON.convert(Array(xml.utf8))
        let items = JSONDocument(value).root["rss"]?["channel"]?["item"]
        #expect(items?.count == count)
        #expect(items?[count - 1]?["title"]?.stringValue == "第\(count - 1)条")
    }
}
