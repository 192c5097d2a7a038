/// What libxml2's error codes mean to us.
///
/// On Linux, `XMLParser` reports libxml2's `xmlParserErrors` code as the `NSError` code and nothing
/// else (no message), and its `XMLParser.ErrorCode` enum is numbered one off from libxml2's codes, so
/// we keep our own table of the codes a document can trigger.
enum XMLParserDiagnostics {
    /// Warnings and namespace errors, which do not make a document malformed for us.
    ///
    /// Namespace errors (200-205, such as an undeclared `itunes:` prefix) are tolerated because names
    /// are kept as written and never resolved to namespace URIs. Warnings 93-107 are about catalog
    /// processing instructions, `xml:lang`/`xml:space` values, newer XML versions and namespace URIs
    /// that are relative or not URIs (`xmlns:custom=" http://example.org/ns "`).
    static func isTolerated(_ code: Int) -> Bool {
        switch code {
        case 93, 97, 98, 99, 100, 102, 106, 107, 200...205: true
        default: false
        }
    }

    /// The error for libxml2 error `code`; `encoding` is the declared encoding, for encoding errors.
    static func kind(for code: Int, encoding: String?) -> XMLConversionError.Kind {
        switch code {
        case 31, 32:
            .unsupportedEncoding.detail(
                encoding.map { "unsupported encoding '\($0)'" } ?? "unsupported encoding")
        case 81:
            .malformed.detail(
                encoding.map { "the bytes are not valid \($0)" }
                    ?? "the bytes are not valid UTF-8 (declare the encoding)")
        default: .malformed.detail(message(for: code))
        }
    }

    // The wording follows libxml2's, made readable for someone looking at a feed.
    private static func message(for code: Int) -> String {
        switch code {
        case 1: "internal parser error"
        case 2: "out of memory"
        case 3, 4: "no root element: the document must start with '<'"
        case 5: "extra content after the root element, or the document ends early"
        case 6: "invalid hexadecimal character reference"
        case 7: "invalid decimal character reference"
        case 8: "character reference to a character XML does not allow"
        case 9: "invalid character (not allowed in XML, or not in the document's encoding)"
        case 10, 11, 12, 13: "character reference outside the root element"
        case 14, 15, 16, 17: "entity reference outside the root element"
        case 18, 19, 20, 21, 24, 25: "misplaced or malformed parameter entity reference"
        case 22: "'&' not followed by a name (a bare '&' must be written '&amp;')"
        case 23: "entity reference without ';' (a bare '&' must be written '&amp;')"
        case 26, 27: "undeclared entity (XML defines only &amp; &lt; &gt; &quot; &apos; and &#…; references)"
        case 28, 29, 30: "reference to an unparsed, external or parameter entity"
        case 33: "expected ' or \" to start a string"
        case 34: "string not closed: expected ' or \""
        case 35: "invalid namespace declaration"
        case 36, 37, 84, 87: "malformed entity value"
        case 38: "'<' in an attribute value (must be written '&lt;')"
        case 39: "attribute value not quoted"
        case 40: "attribute value not closed"
        case 41: "attribute without a value"
        case 42: "attribute given twice"
        case 43, 44: "malformed system or public identifier"
        case 45: "comment not closed"
        case 46, 47: "malformed processing instruction"
        case 48...55, 58, 59, 60, 69, 83, 88, 95: "malformed declaration in the document type definition"
        case 56, 57, 96: "malformed XML declaration"
        case 61: "document type declaration not closed"
        case 62: "']]>' not allowed in text"
        case 63: "CDATA section not closed"
        case 64: "misplaced or malformed XML declaration (it must come first and give the version)"
        case 65: "whitespace required"
        case 66: "separator required"
        case 67, 68: "expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')"
        case 70: "URI required"
        case 71: "public identifier required"
        case 72: "expected '<'"
        case 73: "expected '>'"
        case 74: "expected '</'"
        case 75: "expected '=' after the attribute name"
        case 76: "end tag does not match the open start tag"
        case 77: "the document ends inside a tag"
        case 78: "standalone must be 'yes' or 'no'"
        case 79: "invalid encoding name"
        case 80: "'--' not allowed inside a comment"
        case 85: "elements not balanced"
        case 86: "extra content"
        case 89: "entity reference loop"
        case 91: "invalid URI"
        case 108, 109: "unsupported XML version"
        case 110: "name too long"
        default: "not well-formed (libxml2 error \(code))"
        }
    }
}
