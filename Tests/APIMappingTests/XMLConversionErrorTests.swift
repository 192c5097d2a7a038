import Foundation
import Testing

@testable import APIMapping

/// Every way a conversion fails, with its kind, position and message.
@Suite struct XMLConversionErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let kind: XMLConversionError.Kind
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }

        init(
            _ name: String, _ xml: String, _ kind: XMLConversionError.Kind, line: Int, column: Int, _ message: String
        ) {
            self.init(name, bytes: Array(xml.utf8), kind, line: line, column: column, message)
        }

        init(
            _ name: String, bytes: [UInt8], _ kind: XMLConversionError.Kind, line: Int, column: Int, _ message: String
        ) {
            self.name = name
            self.bytes = bytes
            self.kind = kind
            self.line = line
            self.column = column
            self.message = message
        }
    }

    static let cases: [Case] = [
        // Found by apiexplore-fuzz: libxml2 converting GB2312 itself dereferenced a null pointer here.
        Case(
            "invalid GB2312 sequence (fuzzer regression)",
            bytes: Array("<?xml version=\"1.0\" encoding=\"gb2312\"?>\n<a>".utf8) + [0xAA, 0xB5] + Array("</a>".utf8),
            .malformed, line: 2, column: 4, "invalid gb2312 at byte 43: not a character of the declared encoding"),
        Case(
            "fuzzer's minimal GB2312 crash",
            bytes: Array("<?xml version=\"1.\" encoding=\"gb2312\"".utf8) + [0xAA, 0xB5],
            .malformed, line: 1, column: 37, "invalid gb2312 at byte 36: not a character of the declared encoding"),
        Case("empty input", "", .emptyDocument, line: 1, column: 1, "the document has no root element"),
        Case("only whitespace", "  \n ", .emptyDocument, line: 2, column: 2, "the document has no root element"),
        Case(
            "only a declaration and a comment", "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", .emptyDocument,
            line: 3, column: 1, "the document has no root element"),
        Case(
            "text instead of a document", "hello", .malformed, line: 1, column: 1,
            "no root element: the document must start with '<'"),
        Case(
            "text before the root", "hello <a/>", .malformed, line: 1, column: 1,
            "no root element: the document must start with '<'"),
        Case(
            "bare ampersand", "<a>\n  Fish & Chips\n</a>", .malformed, line: 2, column: 9,
            "expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')"),
        Case(
            "entity reference without semicolon", "<a>?x=1&y=2</a>", .malformed, line: 1, column: 10,
            "entity reference without ';' (a bare '&' must be written '&amp;')"),
        Case(
            "HTML entity", "<a>x&nbsp;y</a>", .malformed, line: 1, column: 11,
            "undeclared entity (XML defines only &amp; &lt; &gt; &quot; &apos; and &#…; references)"),
        Case(
            "bare less-than", "<a>1 < 2</a>", .malformed, line: 1, column: 7,
            "expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')"),
        Case(
            "mismatched end tag", "<a>\n<b>\n</a>", .malformed, line: 3, column: 5,
            "end tag does not match the open start tag"),
        Case(
            "unclosed root", "<a><b></b>", .malformed, line: 1, column: 11, "the document ends before </a>"),
        Case(
            "two root elements", "<a/><b/>", .malformed, line: 1, column: 5, "extra content after the root element"),
        Case("attribute given twice", #"<a x="1" x="2"/>"#, .malformed, line: 1, column: 15, "attribute given twice"),
        Case("unquoted attribute", "<a x=1/>", .malformed, line: 1, column: 6, "attribute value not quoted"),
        Case(
            "less-than in attribute", #"<a x="<"/>"#, .malformed, line: 1, column: 7,
            "'<' in an attribute value (must be written '&lt;')"),
        Case("unclosed comment", "<a><!-- x</a>", .malformed, line: 1, column: 14, "comment not closed"),
        // libxml2 reports an unclosed CDATA section as the end of input where it started.
        Case("unclosed CDATA", "<a><![CDATA[x</a>", .malformed, line: 1, column: 13, "the document ends before </a>"),
        Case(
            "declaration not at the start", "\n<?xml version=\"1.0\"?><a/>", .malformed, line: 2, column: 6,
            "misplaced or malformed XML declaration (it must come first and give the version)"),
        Case(
            "error after a neutralised DTD keeps its line",
            "<!DOCTYPE a [\n<!ATTLIST a b CDATA #IMPLIED>\n]>\n<a>&</a>",
            .malformed, line: 4, column: 5, "expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')"),
        Case(
            "error after a neutralised processing instruction keeps its column", "<a><?pi?>&</a>", .malformed,
            line: 1, column: 11, "expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')"),
        Case(
            "malformed XML declaration is not rewritten", "<?xml?><a/>", .malformed, line: 1, column: 6,
            "misplaced or malformed XML declaration (it must come first and give the version)"),
        Case(
            "invalid UTF-16",
            bytes: [0xFF, 0xFE] + Array("<a>x".utf8).flatMap { [$0, 0] } + [0x00, 0xD8]
                + Array("</a>".utf8).flatMap { [$0, 0] },
            .malformed, line: 1, column: 5, "invalid UTF-16 (an unpaired surrogate or a missing byte)"),
        Case(
            "invalid character reference", "<a>&#0;</a>", .malformed, line: 1, column: 8,
            "invalid character (not allowed in XML, or not in the document's encoding)"),
        Case(
            "invalid UTF-8", bytes: Array("<a>h".utf8) + [0xFF] + Array("i</a>".utf8), .malformed, line: 1, column: 5,
            "invalid character (not allowed in XML, or not in the document's encoding)"),
        Case(
            "control character", "<a>\u{1}</a>", .malformed, line: 1, column: 4,
            "invalid character (not allowed in XML, or not in the document's encoding)"),
        Case(
            "entity declaration", "<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n  <!ENTITY x \"y\">\n]><a>&x;</a>",
            .entityDeclaration, line: 3, column: 3,
            "entity declarations are not accepted (<!ENTITY in the document type declaration)"),
        Case(
            "parameter entity declaration", "<!DOCTYPE a [<!ENTITY % p SYSTEM \"http://x/y\"> %p;]><a/>",
            .entityDeclaration, line: 1, column: 14,
            "entity declarations are not accepted (<!ENTITY in the document type declaration)"),
        Case(
            "undeclared entity behind an external DTD", "<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a>&x;</a>",
            .malformed, line: 1, column: 47,
            "undeclared entity (XML defines only &amp; &lt; &gt; &quot; &apos; and &#…; references)"),
        Case(
            "unknown encoding", "<?xml version=\"1.0\" encoding=\"x-bogus\"?><a/>", .unsupportedEncoding, line: 1,
            column: 31,
            "unsupported encoding 'x-bogus': accepted are UTF-8, UTF-16, ISO-8859-x, windows-125x and the "
                + "ASCII-compatible CJK encodings (GB2312, GBK, GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR)"),
        Case(
            "UTF-7 could hide markup", "<?xml version=\"1.0\" encoding=\"UTF-7\"?>+ADw-a/+AD4-", .unsupportedEncoding,
            line: 1, column: 31,
            "unsupported encoding 'UTF-7': accepted are UTF-8, UTF-16, ISO-8859-x, windows-125x and the "
                + "ASCII-compatible CJK encodings (GB2312, GBK, GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR)"),
        Case(
            "UTF-32", bytes: [0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0, 0x61, 0, 0, 0, 0x2F, 0, 0, 0, 0x3E, 0, 0, 0],
            .unsupportedEncoding, line: 1, column: 1,
            "unsupported encoding: the document is UTF-32; use UTF-8 or UTF-16"),
        Case(
            "EBCDIC", bytes: [0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40], .unsupportedEncoding, line: 1, column: 1,
            "unsupported encoding: the document is EBCDIC; use UTF-8 or UTF-16"),
        Case(
            "UTF-16 declaring another encoding",
            bytes: [0xFF, 0xFE]
                + Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>".utf8).flatMap { [$0, 0] },
            .unsupportedEncoding, line: 1, column: 31, "the document is UTF-16 but declares encoding 'ISO-8859-1'"),
        Case(
            "declared UTF-16 but 8-bit bytes", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", .unsupportedEncoding,
            line: 1, column: 31, "the document declares encoding 'UTF-16' but its bytes are not"),
    ]

    @Test(arguments: cases)
    func reportsWhereAndWhy(_ testCase: Case) {
        #expect {
            try XMLToJSON.convert(testCase.bytes)
        } throws: { error in
            guard let error = error as? XMLConversionError else { return false }
            #expect(error.kind == testCase.kind)
            #expect(error.line == testCase.line)
            #expect(error.column == testCase.column)
            #expect(error.message == testCase.message)
            return true
        }
    }

    @Test func tooLargeIsRefusedBeforeParsing() {
        let options = XMLConversionOptions(maximumSize: 10)
        #expect {
            try XMLToJSON.convert(Array("<a>0123456789</a>".utf8), options: options)
        } throws: { error in
            guard let error = error as? XMLConversionError else { return false }
            return error.kind == .tooLarge && error.line == 1 && error.column == 1
                && error.message == "input too large: 17 bytes, the limit is 10"
        }
        #expect((try? XMLToJSON.convert(Array("<a>0</a>".utf8), options: options)) == ["a": "0"])
    }

    @Test func descriptionNamesThePosition() {
        #expect {
            try XMLToJSON.convert(Array("<a>\n  <b>x</c>\n</a>".utf8))
        } throws: { error in
            String(describing: error) == "line 2, column 11: end tag does not match the open start tag"
        }
    }

    @Test func kindsCompareByCodeNotMessage() {
        #expect(XMLConversionError.Kind.malformed == XMLConversionError.Kind.malformed.detail("anything"))
        #expect(XMLConversionError.Kind.malformed != XMLConversionError.Kind.tooDeep)
    }
}
