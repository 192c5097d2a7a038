import APIHTTP
import Testing

@testable import APIClient

@Suite("FormField content type and filename")
struct FormFieldContentTypeTests {
    @Test(
        "guesses a file's type from its extension",
        arguments: [
            ("a.png", "image/png"), ("A.JPG", "image/jpeg"), ("x.jpeg", "image/jpeg"), ("g.gif", "image/gif"),
            ("w.webp", "image/webp"), ("d.pdf", "application/pdf"), ("j.json", "application/json"),
            ("x.xml", "application/xml"), ("t.txt", "text/plain"), ("c.csv", "text/csv"), ("h.html", "text/html"),
            ("z.zip", "application/zip"), ("archive.tar.gz", "application/gzip"),
            ("noext", "application/octet-stream"), (".hidden", "application/octet-stream"),
            ("dir.png/file", "application/octet-stream"), ("x.bin", "application/octet-stream"),
        ])
    func guesses(path: String, expected: String) {
        #expect(FormField(name: "f", source: .file(path: path)).effectiveContentType == expected)
    }

    @Test("an explicit type wins; text parts have none unless given")
    func explicitAndText() {
        #expect(FormField(name: "f", source: .file(path: "a.png"), contentType: "x/y").effectiveContentType == "x/y")
        #expect(FormField(name: "f", source: .text("v")).effectiveContentType == nil)
        #expect(FormField(name: "f", source: .textFile(path: "a.png")).effectiveContentType == nil)
        #expect(FormField(name: "f", source: .textFile(path: "a"), contentType: "a/b").effectiveContentType == "a/b")
    }

    @Test(
        "a file's filename is the path's last component unless given",
        arguments: [
            (FormField(name: "f", source: .file(path: "/tmp/shots/x.png")), "x.png"),
            (FormField(name: "f", source: .file(path: "x.png")), "x.png"),
            (FormField(name: "f", source: .file(path: "/tmp/x.png"), filename: "shown.png"), "shown.png"),
        ])
    func filename(field: FormField, expected: String) {
        #expect(field.effectiveFilename == expected)
    }

    @Test("text parts have no filename")
    func noFilename() {
        #expect(FormField(name: "f", source: .text("v")).effectiveFilename == nil)
        #expect(FormField(name: "f", source: .textFile(path: "/tmp/x.txt")).effectiveFilename == nil)
    }
}
