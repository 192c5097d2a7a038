import APIMapping
import Testing

@Suite("Reading a declared Content-Type")
struct MediaKindContentTypeTests {
    @Test(arguments: [
        ("application/json", MediaKind.json),
        ("application/json; charset=utf-8", .json),
        ("  Application/JSON ;charset=UTF-8", .json),
        ("application/problem+json", .json),
        ("application/vnd.api+json", .json),
        ("text/json", .json),
        ("application/x-ndjson", .json),
        ("application/xml", .xml),
        ("text/xml; charset=iso-8859-1", .xml),
        ("application/atom+xml", .xml),
        ("image/svg+xml", .xml),
        ("application/xhtml+xml", .xml),
        ("text/html", .html),
        ("TEXT/HTML; charset=utf-8", .html),
        ("text/plain", .text),
        ("text/csv", .text),
        ("text/javascript", .text),
        ("application/javascript", .text),
        ("application/x-www-form-urlencoded", .text),
        ("application/yaml", .text),
        ("image/png", .png),
        ("image/jpeg", .jpeg),
        ("image/jpg", .jpeg),
        ("image/gif", .gif),
        ("image/webp", .webp),
        ("image/bmp", .bmp),
        ("application/pdf", .pdf),
        ("application/zip", .zip),
        ("application/gzip", .gzip),
        ("application/x-gzip", .gzip),
        ("image/avif", .binary),
        ("audio/mpeg", .binary),
        ("video/mp4", .binary),
        ("font/woff2", .binary),
    ])
    func declares(contentType: String, expected: MediaKind) {
        #expect(MediaKind.declared(contentType) == expected)
    }

    @Test(arguments: [
        "application/octet-stream", "application/octet-stream; name=x.bin", "", "   ", "json", "/json", "text/",
        "application/vnd.ms-excel", "binary/octet-stream", ";charset=utf-8", "a/b/c",
    ])
    func saysNothing(contentType: String) {
        #expect(MediaKind.declared(contentType) == nil)
    }

    @Test func missingHeaderSaysNothing() {
        #expect(MediaKind.declared(nil) == nil)
    }
}
