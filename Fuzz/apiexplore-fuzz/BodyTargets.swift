import APIClient
import APIHTTP
import APIMapping
import Foundation

/// What this round reads from outside: `Link` headers, `-F` specs, inline envelope overrides,
/// feeds, and bodies sniffed for their type and image size.
let bodyTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "link", summary: "RFC 8288 Link headers: every link's target, and a next link resolved on its origin",
        seeds: {
            .tokens([
                #"<https://api.github.com/user/repos?page=2>; rel="next", <https://api.github.com/user/repos?page=9>; rel="last""#,
                #"</items?cursor=abc>; rel=next; title="a, b; c""#,
            ])
        },
        dictionary: .tokens(["<", ">", ";", ",", "rel=", "\"", "next", "last", "\\", " ", "=", "title*=UTF-8''", "//"]),
        run: { bytes in
            guard let header = text(bytes) else { return false }
            let links = LinkHeader([header])
            for link in links.links where link.relations.contains("next") {
                _ = PageWalker.resolve(link.target, against: "https://api.example.com/items?page=1")
            }
            return !links.links.isEmpty
        }),
    FuzzTarget(
        name: "form", summary: "curl -F specs: parsed with the column of any mistake, never a trap",
        seeds: { .tokens(["photo=@cat.png;type=image/png;filename=\"c a t.png\"", "name=value", "doc=<notes.txt"]) },
        dictionary: .tokens(["=", "@", "<", ";", "type=", "filename=", "\"", "\\", ",", "\r\n", "headers="]),
        run: { bytes in
            guard let spec = text(bytes) else { return false }
            do throws(FormFieldError) {
                let field = try FormField(parsing: spec)
                _ = field.effectiveContentType
                return true
            } catch {
                if error.column < 0 { fatalError("a negative column for \(spec)") }
                return false
            }
        }),
    FuzzTarget(
        name: "envelope", summary: "one-line envelope overrides (--envelope): read, applied, never a trap",
        seeds: { .tokens(["status=code,success=0,tip=msg|error>m,model=data>list", "model=,coerce_status=true"]) },
        dictionary: .tokens([",", "=", "|", ">", "\"", "status", "success", "tip", "model", "absent", "http", "0"]),
        run: { bytes in
            guard let spec = text(bytes) else { return false }
            do {
                let override = try EnvelopeOverride(inlineSpec: spec)
                _ = override.applied(to: Envelope()).evaluate(httpStatus: 200, body: pathDocument.root)
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "feed", summary: "RSS, RDF and Atom feeds: XML to the normalised feed model",
        seeds: { Seeds.files("Tests/APIMappingTests/Fixtures/feeds", suffixes: [".rss", ".atom", ".rdf", ".xml"]) },
        dictionary: .tokens([
            "<item>", "</item>", "<entry>", "<pubDate>", "Mon, 31 Feb 2026 25:61:61 +9999", "<updated>",
            "9999999999-01-01T00:00:00Z", "<link href=\"", "rel=\"alternate\"", "<guid>", "&amp;", "<![CDATA[",
        ]),
        run: { bytes in
            do {
                let document = try JSONDocument(xml: bytes, options: XMLConversionOptions(maximumSize: 1 << 20))
                guard let feed = FeedModel(document: document.root) else { return false }
                _ = feed.jsonValue.jsonText()
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "media", summary: "bodies: sniffed type, declared-vs-detected check, image size, hex lines",
        seeds: {
            [
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                    + [0, 0, 2, 0x80, 0, 0, 1, 0xE0, 8, 6, 0, 0, 0],
                Array("GIF89a".utf8) + [3, 0, 2, 0, 0x80, 0, 0],
                [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x00, 0x04, 0x00, 0x03],
                Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8X".utf8),
                Array("<!DOCTYPE html><p>x".utf8),
            ]
        },
        dictionary: .tokens(["\u{FF}", "\u{D8}", "IHDR", "RIFF", "WEBP", "VP8L", "BM", "%PDF-", "{", "<"]),
        run: { bytes in
            let check = MediaCheck(bytes: bytes, contentType: "application/json")
            _ = check.disagrees
            let image = ImageInfo(bytes: bytes)
            if let image, image.width <= 0 || image.height <= 0 { fatalError("an image of no size: \(image)") }
            let lines = HexDump.lineCount(byteCount: bytes.count)
            if lines > 0 { _ = HexDump.line(bytes, at: (lines - 1) * 16) }
            return image != nil
        }),
]
