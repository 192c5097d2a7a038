import Foundation
import Testing

@testable import APIMapping

/// The XML → JSON mapping contract documented on `XMLToJSON`, one rule per case.
@Suite struct XMLToJSONTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let xml: String
        let json: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "root element is the only key", xml: "<a>x</a>", json: #"{"a":"x"}"#),
        Case(name: "empty element is an empty string", xml: "<a><b/><c></c></a>", json: #"{"a":{"b":"","c":""}}"#),
        Case(name: "empty root", xml: "<a/>", json: #"{"a":""}"#),
        Case(
            name: "attributes first, in document order", xml: #"<a z="1" b="2" m="3"><c>x</c></a>"#,
            json: #"{"a":{"@z":"1","@b":"2","@m":"3","c":"x"}}"#),
        Case(
            name: "attributes with single quotes and '>' in values", xml: #"<a y='>' x="/>"/>"#,
            json: #"{"a":{"@y":">","@x":"/>"}}"#),
        Case(name: "attribute and text", xml: #"<a t="html">hi</a>"#, json: ##"{"a":{"@t":"html","#text":"hi"}}"##),
        Case(name: "attribute only", xml: #"<a href="u"/>"#, json: #"{"a":{"@href":"u"}}"#),
        Case(
            name: "repeated siblings become an array at the first position",
            xml: "<a><b>1</b><c>x</c><b>2</b><b>3</b></a>", json: #"{"a":{"b":["1","2","3"],"c":"x"}}"#),
        Case(
            name: "children in document order", xml: "<a><z>1</z><y>2</y><x>3</x></a>",
            json: #"{"a":{"z":"1","y":"2","x":"3"}}"#),
        Case(
            name: "mixed content concatenates text after the children", xml: "<p>Hello <b>big</b> world</p>",
            json: ##"{"p":{"b":"big","#text":"Hello  world"}}"##),
        Case(
            name: "whitespace between elements is dropped", xml: "<a>\n  <b>1</b>\n  <c/>\n</a>",
            json: #"{"a":{"b":"1","c":""}}"#),
        Case(
            name: "text is trimmed but inner whitespace kept", xml: "<a>\n  one  two\n three \n</a>",
            json: #"{"a":"one  two\n three"}"#),
        Case(name: "whitespace-only text becomes empty", xml: "<a>   </a>", json: #"{"a":""}"#),
        Case(
            name: "values are always strings", xml: "<a><n>007</n><b>true</b><f>1e3</f></a>",
            json: #"{"a":{"n":"007","b":"true","f":"1e3"}}"#),
        Case(
            name: "CDATA is text, markup kept literally", xml: "<a><![CDATA[<p>Hi &amp; bye</p>]]></a>",
            json: #"{"a":"<p>Hi &amp; bye</p>"}"#),
        Case(name: "CDATA joins surrounding text", xml: "<a>x <![CDATA[y]]> z</a>", json: #"{"a":"x y z"}"#),
        Case(
            name: "predefined and character references are decoded",
            xml: "<a>&lt;b&gt; &amp; &quot;&apos; &#233;&#x4E2D;</a>", json: #"{"a":"<b> & \"' é中"}"#),
        Case(
            name: "references in attributes are decoded", xml: #"<a href="?a=1&amp;b=&#50;"/>"#,
            json: #"{"a":{"@href":"?a=1&b=2"}}"#),
        Case(
            name: "namespace prefixes and declarations kept as written",
            xml: #"<rss xmlns:atom="http://www.w3.org/2005/Atom"><atom:link rel="self"/></rss>"#,
            json: #"{"rss":{"@xmlns:atom":"http://www.w3.org/2005/Atom","atom:link":{"@rel":"self"}}}"#),
        Case(
            name: "default namespace is an @xmlns attribute", xml: #"<feed xmlns="http://www.w3.org/2005/Atom"/>"#,
            json: #"{"feed":{"@xmlns":"http://www.w3.org/2005/Atom"}}"#),
        Case(
            name: "undeclared prefix is tolerated", xml: "<rss><itunes:author>A</itunes:author></rss>",
            json: #"{"rss":{"itunes:author":"A"}}"#),
        Case(
            name: "comments and processing instructions are dropped",
            xml: "<?xml version=\"1.0\"?><!-- c --><?pi x?><a>x<!-- c -->y<?pi z?></a><!-- after -->",
            json: #"{"a":"xy"}"#),
        Case(name: "CRLF is normalised to LF", xml: "<a>x\r\ny\rz</a>", json: #"{"a":"x\ny\nz"}"#),
        Case(
            name: "CRLF is normalised to LF in CDATA", xml: "<a><![CDATA[x\r\ny\rz\r\n\r\n.]]></a>",
            json: #"{"a":"x\ny\nz\n\n."}"#),
        Case(
            name: "xml:base and xml:lang are plain attributes", xml: #"<a xml:lang="en" xml:base="http://x/">t</a>"#,
            json: ##"{"a":{"@xml:lang":"en","@xml:base":"http://x/","#text":"t"}}"##),
        Case(
            name: "a DTD without entity declarations is allowed and ignored",
            xml: "<!DOCTYPE a [<!ELEMENT a (#PCDATA)>]><a>x</a>", json: #"{"a":"x"}"#),
        Case(
            name: "attribute order survives markup-like text elsewhere",
            xml: #"<!DOCTYPE r [<!-- ' <!ENTITY no "x"> --><!ATTLIST r q CDATA #IMPLIED>]><r>"#
                + #"<!-- <c d="1" e="2"> --><![CDATA[<f g="1" h="2">]]><?pi <i j="1" k="2">?><s u="1" t="2"/></r>"#,
            json: ##"{"r":{"s":{"@u":"1","@t":"2"},"#text":"<f g=\"1\" h=\"2\">"}}"##),
        // Foundation's XMLParser on Linux crashes on these unless they are neutralised first.
        Case(
            name: "processing instruction without data", xml: "<?pi?><a>x<?pi?>y<?p?></a><?pi?>", json: #"{"a":"xy"}"#),
        Case(
            name: "DTD declarations with null parts",
            xml: "<!DOCTYPE a [\n<!ATTLIST a b CDATA #IMPLIED>\n"
                + "<!ATTLIST a c ID #REQUIRED>\n<!NOTATION n SYSTEM \"x\">\n<?pi?>\n]>\n<a b=\"1\">x</a>",
            json: ##"{"a":{"@b":"1","#text":"x"}}"##),
        Case(
            name: "names that look like JSON syntax", xml: "<a><b.c>1</b.c><d-e>2</d-e><_f>3</_f></a>",
            json: #"{"a":{"b.c":"1","d-e":"2","_f":"3"}}"#),
    ])
    func maps(_ testCase: Case) throws {
        let json = try XMLToJSON.convert(Array(testCase.xml.utf8))
        #expect(json.jsonText() == testCase.json)
    }

    @Test func trimmingKeepsMultiByteCharactersWhole() throws {
        let json = try XMLToJSON.convert(Array("<a> \n\té中😀 x 😀\n </a>".utf8))
        #expect(json == ["a": "é中😀 x 😀"])
    }

    @Test func documentationExamplesHold() throws {
        let xml = """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
              <title>Example</title>
              <atom:link href="https://example.com/feed" rel="self"/>
              <item><title>First</title><description><![CDATA[<p>Hi</p>]]></description></item>
            </channel></rss>
            """
        let options = XMLConversionOptions(alwaysArray: [try ProfilePath("rss>channel>item")])
        let json = try XMLToJSON.convert(Array(xml.utf8), options: options)
        #expect(
            json.jsonText()
                == #"{"rss":{"@version":"2.0","@xmlns:atom":"http://www.w3.org/2005/Atom","channel":{"title":"Example","#
                + #""atom:link":{"@href":"https://example.com/feed","@rel":"self"},"#
                + #""item":[{"title":"First","description":"<p>Hi</p>"}]}}}"#)
        #expect(
            try XMLToJSON.convert(Array(#"<a x="1"><b>2</b><b/></a>"#.utf8)).jsonText()
                == #"{"a":{"@x":"1","b":["2",""]}}"#)
        #expect {
            try XMLToJSON.convert(Array("<rss>\n  <title>Fish & Chips</title>\n</rss>".utf8))
        } throws: { error in
            String(describing: error)
                == "line 2, column 16: expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')"
        }
    }

    @Test func alwaysArrayWrapsASingleElement() throws {
        let xml = "<rss><channel><item><title>Only</title></item><title>T</title></channel></rss>"
        let plain = try XMLToJSON.convert(Array(xml.utf8))
        #expect(plain.jsonText() == #"{"rss":{"channel":{"item":{"title":"Only"},"title":"T"}}}"#)

        let options = XMLConversionOptions(alwaysArray: [try ProfilePath("rss>channel>item")])
        let forced = try XMLToJSON.convert(Array(xml.utf8), options: options)
        #expect(forced.jsonText() == #"{"rss":{"channel":{"item":[{"title":"Only"}],"title":"T"}}}"#)
        // The path is anchored at the root: an <item> elsewhere is untouched.
        let elsewhere = try XMLToJSON.convert(Array("<rss><item>x</item></rss>".utf8), options: options)
        #expect(elsewhere.jsonText() == #"{"rss":{"item":"x"}}"#)
    }

    @Test func alwaysArrayKeepsSeveralAndAppliesToTheRoot() throws {
        let options = XMLConversionOptions(alwaysArray: [try ProfilePath("a"), try ProfilePath("a>b")])
        let json = try XMLToJSON.convert(Array("<a><b>1</b><b>2</b></a>".utf8), options: options)
        #expect(json.jsonText() == #"{"a":[{"b":["1","2"]}]}"#)
    }

    @Test func alwaysArrayMatchesPrefixedNames() throws {
        let options = XMLConversionOptions(alwaysArray: [try ProfilePath("rdf:RDF>item")])
        let xml = #"<rdf:RDF xmlns:rdf="r"><item>x</item></rdf:RDF>"#
        let json = try XMLToJSON.convert(Array(xml.utf8), options: options)
        #expect(json.jsonText() == #"{"rdf:RDF":{"@xmlns:rdf":"r","item":["x"]}}"#)
    }

    @Test func untrimmedTextKeepsWhitespace() throws {
        let options = XMLConversionOptions(trimsText: false)
        let json = try XMLToJSON.convert(Array("<a>\n  <b> x </b>\n  tail \n</a>".utf8), options: options)
        #expect(json.jsonText() == ##"{"a":{"b":" x ","#text":"\n  tail \n"}}"##)
        let spaces = try XMLToJSON.convert(Array("<a>  </a>".utf8), options: options)
        #expect(spaces.jsonText() == #"{"a":"  "}"#)
    }

    @Test func manyDistinctChildrenKeepOrderAndGrouping() throws {
        // Past 16 distinct names the converter switches to a dictionary index.
        let names = (0..<40).map { "n\($0)" }
        let xml = "<a>" + names.map { "<\($0)>1</\($0)>" }.joined() + "<n3>2</n3><n39>3</n39></a>"
        let json = try XMLToJSON.convert(Array(xml.utf8))
        let object = try #require(json.objectValue?["a"]?.objectValue)
        #expect(object.members.map(\.key) == names)
        #expect(object["n3"] == ["1", "2"])
        #expect(object["n39"] == ["1", "3"])
    }

    @Test func resultWorksWithProfilePaths() throws {
        let xml = "<rss><channel><item><title>A</title></item><item><title>B</title></item></channel></rss>"
        let document = JSONDocument(try XMLToJSON.convert(Array(xml.utf8)))
        #expect(try ProfilePath("rss>channel>item>1>title").select(in: document.root)?.stringValue == "B")
    }

    // MARK: Encodings

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let sample = #"<a z="é" b="2" x="3">héllo 中文 😀</a>"#
    static let expected = ##"{"a":{"@z":"é","@b":"2","@x":"3","#text":"héllo 中文 😀"}}"##

    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        return bytes
    }

    @Test(arguments: [
        EncodingCase(name: "UTF-8, no declaration", bytes: Array(sample.utf8)),
        EncodingCase(name: "UTF-8 with byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(sample.utf8)),
        EncodingCase(
            name: "UTF-8 declared", bytes: Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + sample).utf8)),
        EncodingCase(
            name: "UTF-16LE with byte order mark",
            bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + sample, bigEndian: false, byteOrderMark: true)
        ),
        EncodingCase(
            name: "UTF-16BE with byte order mark",
            bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + sample, bigEndian: true, byteOrderMark: true)),
        EncodingCase(
            name: "UTF-16LE, byte order mark, no declaration",
            bytes: utf16(sample, bigEndian: false, byteOrderMark: true)),
        EncodingCase(
            name: "UTF-16LE without byte order mark, declared",
            bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + sample, bigEndian: false, byteOrderMark: false)
        ),
        EncodingCase(
            name: "UTF-8 byte order mark wins over a declared ISO-8859-1",
            bytes: [0xEF, 0xBB, 0xBF] + Array(("<?xml version='1.0' encoding='ISO-8859-1'?>" + sample).utf8)),
    ])
    func readsUnicodeEncodings(_ testCase: EncodingCase) throws {
        #expect(try XMLToJSON.convert(testCase.bytes).jsonText() == Self.expected)
    }

    @Test func readsDeclaredSingleByteAndCJKEncodings() throws {
        let latin1: [UInt8] =
            Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><a x=""#.utf8) + [0xE9]
            + Array(#"">"#.utf8) + [0x68, 0xE9, 0xFF] + Array("</a>".utf8)
        #expect(try XMLToJSON.convert(latin1).jsonText() == ##"{"a":{"@x":"é","#text":"héÿ"}}"##)

        let windows1252: [UInt8] =
            Array(#"<?xml version="1.0" encoding="windows-1252"?><a>"#.utf8)
            + [0x93, 0x80, 0x94] + Array("</a>".utf8)
        #expect(try XMLToJSON.convert(windows1252).jsonText() == #"{"a":"“€”"}"#)

        // 中文 in GB2312 is D6 D0 CE C4.
        let gb2312: [UInt8] =
            Array(#"<?xml version="1.0" encoding="gb2312"?><a>"#.utf8) + [0xD6, 0xD0, 0xCE, 0xC4]
            + Array("</a>".utf8)
        #expect(try XMLToJSON.convert(gb2312).jsonText() == #"{"a":"中文"}"#)
    }

    // MARK: Depth

    @Test func deepNestingWithinTheLimitConverts() throws {
        let depth = 1024
        let xml = String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)
        var value = try XMLToJSON.convert(Array(xml.utf8))
        var levels = 0
        while let inner = value.objectValue?["a"] {
            levels += 1
            value = inner
        }
        #expect(levels == depth)
        #expect(value == "x")
    }

    @Test(arguments: [1025, 10_000, 100_000])
    func deepNestingPastTheLimitIsAnError(depth: Int) {
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect {
            try XMLToJSON.convert(Array(xml.utf8))
        } throws: { error in
            guard let error = error as? XMLConversionError else { return false }
            // libxml2 reports the position at the end of the 1025th start tag's name.
            return error.kind == .tooDeep && error.line == 1 && error.column == 1025 * 3
                && error.message == "elements nested deeper than 1024 levels"
        }
    }

    @Test func depthLimitIsAnOption() throws {
        let options = XMLConversionOptions(maximumDepth: 100_000)
        let depth = 10_000
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let json = try XMLToJSON.convert(Array(xml.utf8), options: options)
        #expect(json.objectValue?["a"] != nil)
    }
}
