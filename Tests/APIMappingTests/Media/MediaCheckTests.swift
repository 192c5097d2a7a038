import APIMapping
import Testing

@Suite("Declared against detected kinds")
struct MediaCheckTests {
    @Test(arguments: [
        // The examples the check exists for.
        (MediaKind.json, MediaKind.html, true),
        (.html, .json, true),
        (.json, .xml, true),
        (.json, .binary, true),
        (.xml, .json, true),
        (.xml, .text, true),
        (.text, .png, true),
        (.text, .binary, true),
        (.png, .jpeg, true),
        (.png, .html, true),
        (.pdf, .html, true),
        (.gzip, .json, true),
        (.zip, .binary, true),
        // Mislabels a viewer still shows correctly.
        (.json, .json, false),
        (.text, .json, false),
        (.text, .xml, false),
        (.text, .html, false),
        (.json, .text, false),
        (.xml, .html, false),
        (.html, .xml, false),
        (.html, .text, false),
        (.binary, .json, false),
        (.binary, .png, false),
        (.json, .empty, false),
        (.png, .empty, false),
    ])
    func disagrees(declared: MediaKind, detected: MediaKind, expected: Bool) {
        #expect(MediaCheck(declared: declared, detected: detected).disagrees == expected)
    }

    @Test(arguments: MediaKind.allCases)
    func aHeaderThatSaysNothingNeverDisagrees(_ detected: MediaKind) {
        #expect(!MediaCheck(declared: nil, detected: detected).disagrees)
    }

    @Test(
        arguments: [
            ("<!doctype html><title>502</title>", "application/json", MediaKind.json, MediaKind.html, true),
            ("{\"id\": 1}", "text/plain; charset=utf-8", .text, .json, false),
            ("{\"id\": 1}", "application/octet-stream", nil, .json, false),
            ("{\"id\": 1}", nil, nil, .json, false),
            ("", "application/json", .json, .empty, false),
        ] as [(String, String?, MediaKind?, MediaKind, Bool)])
    func checksABody(body: String, contentType: String?, declared: MediaKind?, detected: MediaKind, expected: Bool) {
        let check = MediaCheck(bytes: Array(body.utf8), contentType: contentType)
        #expect(check.declared == declared)
        #expect(check.detected == detected)
        #expect(check.disagrees == expected)
    }
}
