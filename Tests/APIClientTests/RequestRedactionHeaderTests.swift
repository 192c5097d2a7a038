import APIClient
import APIHTTP
import Testing

@Suite("RequestRedaction: credentials in the URIs of Link and Location headers")
struct RequestRedactionHeaderTests {
    @Test(arguments: [
        (
            "Link", #"<https://x.test/i?page=2&access_token=XYZ>; rel="next", <https://x.test/i?page=9>; rel="last""#,
            #"<https://x.test/i?page=2&access_token=••••>; rel="next", <https://x.test/i?page=9>; rel="last""#
        ),
        ("link", "<https://u:p@x.test/i?TOKEN=XYZ", "<https://••••@x.test/i?TOKEN=••••"),
        ("Link", "rel=next; no uri at all", "rel=next; no uri at all"),
        ("Location", "/i?page=2&sig=XYZ#top", "/i?page=2&sig=••••#top"),
        ("Content-Location", "https://x.test/f?Signature=XYZ&v=1", "https://x.test/f?Signature=••••&v=1"),
        ("ETag", "\"?token=XYZ\"", "\"?token=XYZ\""),
    ])
    func masksTheQueryOfEveryURI(name: String, value: String, expected: String) {
        #expect(RequestRedaction.redact(header: name, value: value) == expected)
    }
}
