import Foundation
import Testing

@testable import APIClient
@testable import APIHTTP

/// RFC 6265 cookies: `Set-Cookie` parsing (§5.2), storage (§5.3), the `Cookie` header (§5.4) and the jar file.
@Suite("Cookie jar")
struct CookieJarTests {
    /// 2025-06-15 15:06:40 UTC, a whole second so saved files compare equal.
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let fourHundredDays: TimeInterval = 400 * 86_400

    // MARK: - Parsing

    /// The example date of RFC 9110 §5.6.7, 1994-11-06 08:49:37 UTC, in every form servers send.
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "06-Nov-1994 08:49:37 GMT", "Sun, 06-Nov-1994 08:49:37 GMT", "sun, 6 nov 1994 8:49:37 utc",
    ])
    func readsHTTPDates(_ text: String) {
        #expect(Cookie.cookieDate(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test(arguments: [
        "", "not a date", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1600 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994", "06 Foo 1994 08:49:37",
    ])
    func refusesWhatIsNotADate(_ text: String) {
        #expect(Cookie.cookieDate(text) == nil)
    }

    @Test(
        arguments: [
            ("a=1", nil),
            ("a=1; Max-Age=60", now + 60),
            ("a=1; Max-Age=60; Expires=Wed, 01 Jan 2020 00:00:00 GMT", now + 60),
            ("a=1; Expires=Wed, 01 Jan 2020 00:00:00 GMT; max-age=60", now + 60),
            ("a=1; Expires=Wed, 01 Jan 2020 00:00:00 GMT", Date(timeIntervalSince1970: 1_577_836_800)),
            ("a=1; Max-Age=0", Date.distantPast),
            ("a=1; Max-Age=-5", Date.distantPast),
            ("a=1; Max-Age=99999999999999999999999999", now + fourHundredDays),
            ("a=1; Expires=Fri, 31 Dec 9999 23:59:59 GMT", now + fourHundredDays),
            ("a=1; Max-Age=ten; Expires=nonsense", nil),
            ("a=1; Max-Age=60; Max-Age=1x", now + 60),
        ] as [(String, Date?)])
    func maxAgeTakesPrecedenceOverExpires(_ header: String, _ expires: Date?) throws {
        let cookie = try #require(Self.parsed(header))
        #expect(cookie.expires == expires)
    }

    @Test func readsEveryAttributeWhateverItsCase() throws {
        let cookie = try #require(
            Self.parsed(" sid = abc ; DOMAIN=.Example.TEST; path=/api; SECURE; httponly; SameSite=lax; Priority=High"))
        #expect(
            cookie
                == Cookie.SetCookie(
                    name: "sid", value: "abc", expires: nil, domain: "example.test", path: "/api", secure: true,
                    httpOnly: true, sameSite: "Lax"))
    }

    @Test(
        arguments: [
            ("no equals sign", nil), ("=value", nil), (" =value", nil), ("a\u{1}b=c", nil), ("a=b\u{7F}", "a"),
            ("a=b\nSet-Cookie: c=d", "a"), ("big=" + String(repeating: "x", count: 4094), "big"),
        ] as [(String, String?)])
    func refusesBadPairs(_ header: String, _ name: String?) {
        guard case .rejected(let rejectedName, _) = Cookie.parse(setCookie: header, now: Self.now) else {
            Issue.record("accepted \(header.debugDescription)")
            return
        }
        #expect(rejectedName == name)
    }

    @Test(arguments: ["a=", "a=\"quoted\"", "big=" + String(repeating: "x", count: 4093)])
    func acceptsUnusualButValidPairs(_ header: String) {
        #expect(Self.parsed(header) != nil)
    }

    @Test(arguments: [
        ("http://h.test", "/"), ("http://h.test/", "/"), ("http://h.test/api", "/"), ("http://h.test/api/", "/api"),
        ("http://h.test/api/v1/users?page=2", "/api/v1"),
    ])
    func defaultPathIsTheDirectoryOfTheRequest(_ url: String, _ path: String) throws {
        #expect(try #require(CookieRequest(url)).defaultPath == path)
    }

    @Test(arguments: [
        ("a=1", "/api/v1"), ("a=1; Path=relative", "/api/v1"), ("a=1; Path=", "/api/v1"), ("a=1; Path=/x", "/x"),
    ])
    func storesTheDefaultPathWhenPathIsMissingOrRelative(_ header: String, _ path: String) {
        var jar = CookieJar()
        #expect(jar.receive(setCookie: [header], from: "https://h.test/api/v1/users", now: Self.now).isEmpty)
        #expect(jar.cookies(now: Self.now).map(\.path) == [path])
    }

    // MARK: - Domains

    @Test(arguments: [
        ("https://api.example.test/", "a=1; Domain=example.test", true),
        ("https://api.example.test/", "a=1; Domain=.EXAMPLE.test", true),
        ("https://api.example.test/", "a=1; Domain=api.example.test", true),
        ("https://api.example.test/", "a=1; Domain=other.test", false),
        ("https://api.example.test/", "a=1; Domain=ample.test", false),
        ("https://api.example.test/", "a=1; Domain=www.api.example.test", false),
        ("https://api.example.test/", "a=1; Domain=test", false),
        ("https://www.example.com/", "a=1; Domain=com", false),
        ("https://www.example.com/", "a=1; Domain=.com", false),
        ("http://127.0.0.1:8080/", "a=1; Domain=127.0.0.1", true),
        ("http://127.0.0.1:8080/", "a=1; Domain=0.0.1", false),
        ("http://[::1]:8080/", "a=1", true),
        ("http://localhost/", "a=1; Domain=localhost", true),
        ("not a url", "a=1", false),
    ])
    func domainAttributeMustMatchTheHost(_ url: String, _ header: String, _ accepted: Bool) {
        var jar = CookieJar()
        let rejections = jar.receive(setCookie: [header], from: url, now: Self.now)
        #expect(rejections.isEmpty == accepted, "\(rejections)")
        #expect(jar.cookies(now: Self.now).count == (accepted ? 1 : 0))
    }

    @Test(arguments: [
        ("https://www.example.test/", "a=1"), ("https://example.test/", "a=1"), ("https://api.example.test/", "a=1"),
        ("https://deep.www.example.test/", "a=1"), ("https://example.test.evil/", nil),
        ("https://notexample.test/", nil),
    ])
    func domainCookieGoesToEverySubdomain(_ url: String, _ header: String?) {
        var jar = CookieJar()
        _ = jar.receive(setCookie: ["a=1; Domain=.example.test"], from: "https://api.example.test/", now: Self.now)
        #expect(jar.cookieHeader(for: url, now: Self.now) == header)
    }

    @Test(arguments: [
        ("https://example.test/", "a=1"), ("https://EXAMPLE.test/x", "a=1"), ("https://www.example.test/", nil),
        ("https://test/", nil),
    ])
    func hostOnlyCookieGoesToItsHostAlone(_ url: String, _ header: String?) {
        var jar = CookieJar()
        _ = jar.receive(setCookie: ["a=1"], from: "https://example.test/login", now: Self.now)
        #expect(jar.cookies(now: Self.now).first?.hostOnly == true)
        #expect(jar.cookieHeader(for: url, now: Self.now) == header)
    }

    // MARK: - Paths, security, expiry

    @Test(arguments: [
        ("/api", "/api", true), ("/api", "/api/x", true), ("/api", "/apix", false), ("/api", "/", false),
        ("/api/", "/api/x", true), ("/api/", "/api", false), ("/", "/anything/at/all", true), ("/API", "/api", false),
    ])
    func pathMatches(_ cookiePath: String, _ requestPath: String, _ matches: Bool) {
        var jar = CookieJar()
        _ = jar.receive(setCookie: ["a=1; Path=\(cookiePath)"], from: "https://h.test/", now: Self.now)
        #expect((jar.cookieHeader(for: "https://h.test\(requestPath)", now: Self.now) != nil) == matches)
    }

    @Test(arguments: [
        ("https://h.test/", true, false), ("http://h.test/", false, false), ("http://127.0.0.1:8080/", true, true),
        ("http://localhost:3000/", true, true), ("http://[::1]/", true, true), ("http://127.0.0.2/", false, false),
    ])
    func secureCookiesNeedHTTPSOrLoopback(_ url: String, _ accepted: Bool, _ sentBackOverHTTP: Bool) {
        var jar = CookieJar()
        let rejections = jar.receive(setCookie: ["s=1; Secure"], from: url, now: Self.now)
        #expect(rejections.isEmpty == accepted)
        let plain = url.replacingOccurrences(of: "https://", with: "http://")
        #expect((jar.cookieHeader(for: plain, now: Self.now) != nil) == sentBackOverHTTP)
        #expect((jar.cookieHeader(for: url, now: Self.now) != nil) == accepted)
    }

    @Test func expiredCookiesAreNotSentAndAreDropped() {
        var jar = CookieJar()
        _ = jar.receive(setCookie: ["short=1; Max-Age=60", "long=2"], from: "https://h.test/", now: Self.now)
        #expect(jar.cookieHeader(for: "https://h.test/", now: Self.now + 59) == "short=1; long=2")
        #expect(jar.cookieHeader(for: "https://h.test/", now: Self.now + 60) == "long=2")
        #expect(jar.all.map(\.name) == ["long"])
    }

    @Test(arguments: ["a=gone; Max-Age=0", "a=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT", "a=gone; Max-Age=-1"])
    func anExpiredCookieDeletesTheStoredOne(_ header: String) {
        var jar = CookieJar()
        _ = jar.receive(setCookie: ["a=1; Max-Age=3600", "b=2"], from: "https://h.test/", now: Self.now)
        #expect(jar.receive(setCookie: [header], from: "https://h.test/", now: Self.now + 1).isEmpty)
        #expect(jar.cookies(now: Self.now + 1).map(\.name) == ["b"])
        #expect(jar.cookieHeader(for: "https://h.test/", now: Self.now + 1) == "b=2")
    }

    // MARK: - Order, replacement, limits

    @Test func longerPathsFirstThenOlderCookies() {
        var jar = CookieJar()
        let url = "https://h.test/api/v1/users"
        _ = jar.receive(setCookie: ["root=1; Path=/", "deep=2; Path=/api/v1"], from: url, now: Self.now)
        _ = jar.receive(setCookie: ["newer=3; Path=/api"], from: url, now: Self.now + 10)
        _ = jar.receive(setCookie: ["older=4; Path=/api"], from: url, now: Self.now + 5)
        #expect(jar.cookieHeader(for: url, now: Self.now + 20) == "deep=2; older=4; newer=3; root=1")
        #expect(jar.cookieHeader(for: "https://h.test/elsewhere", now: Self.now + 20) == "root=1")
    }

    @Test func replacingACookieKeepsItsCreationTime() throws {
        var jar = CookieJar()
        _ = jar.receive(setCookie: ["a=1", "b=1"], from: "https://h.test/", now: Self.now)
        _ = jar.receive(
            setCookie: ["a=2; Max-Age=600", "a=3; Path=/other"], from: "https://h.test/", now: Self.now + 100)
        let cookies = jar.cookies(now: Self.now + 100)
        #expect(cookies.map(\.value) == ["2", "1", "3"])
        let replaced = try #require(cookies.first { $0.name == "a" && $0.path == "/" })
        #expect(replaced.creation == Self.now && replaced.expires == Self.now + 700)
        #expect(cookies.first { $0.path == "/other" }?.creation == Self.now + 100)
        // `a` kept its place as well as its creation time, so it still goes before `b`.
        #expect(jar.cookieHeader(for: "https://h.test/", now: Self.now + 100) == "a=2; b=1")
    }

    @Test func keepsFiftyCookiesPerDomainEvictingExpiredThenOldest() {
        var jar = CookieJar()
        for index in 0..<50 {
            let header = index == 10 ? "c10=x; Max-Age=5" : "c\(index)=x"
            _ = jar.receive(setCookie: [header], from: "https://h.test/", now: Self.now + Double(index))
        }
        let first = jar.receive(setCookie: ["c50=x"], from: "https://h.test/", now: Self.now + 60)
        #expect(first == [CookieRejection(name: "c10", reason: "evicted: more than 50 cookies for 'h.test'")])
        let second = jar.receive(setCookie: ["c51=x"], from: "https://h.test/", now: Self.now + 61)
        #expect(second.map(\.name) == ["c0"])
        #expect(jar.all.count == 50 && jar.all.last?.name == "c51")
        _ = jar.receive(setCookie: ["other=x"], from: "https://other.test/", now: Self.now + 62)
        #expect(jar.all.count == 51)
    }

    @Test func keepsThreeThousandCookiesInAll() {
        let full = (0..<3000).map { index in
            Cookie(name: "c\(index)", value: "x", domain: "d\(index / 50).test", creation: Self.now + Double(index))
        }
        var jar = CookieJar(cookies: full)
        let evicted = jar.receive(setCookie: ["new=x"], from: "https://fresh.test/", now: Self.now + 5000)
        #expect(evicted == [CookieRejection(name: "c0", reason: "evicted: more than 3000 cookies in the jar")])
        #expect(jar.all.count == 3000 && jar.all.last?.name == "new")
    }

    // MARK: - Files

    @Test func savesPersistentCookiesOnlyAndLoadsThemBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
        defer { _ = Result { try FileManager.default.removeItem(at: directory) } }
        let path = directory.appendingPathComponent("state/cookies.json").path
        #expect(try CookieJar.load(from: path) == CookieJar())

        var jar = CookieJar()
        let headers = ["session=s", "kept=k; Max-Age=3600; Secure; HttpOnly; SameSite=Strict", "d=1; Domain=h.test"]
        _ = jar.receive(
            setCookie: headers + ["d2=2; Domain=h.test; Expires=Wed, 01 Jan 2031 00:00:00 GMT"],
            from: "https://api.h.test/x/y", now: Self.now)
        try jar.save(to: path)

        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let parentMode =
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("state").path)[
                .posixPermissions] as? Int
        #expect(parentMode == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("state").path)
                == ["cookies.json"])

        let loaded = try CookieJar.load(from: path)
        #expect(loaded == CookieJar(cookies: jar.all.filter { $0.expires != nil }))
        #expect(loaded.cookies(now: Self.now).map(\.name).sorted() == ["d2", "kept"])

        // Saving again replaces the file in place.
        var emptied = loaded
        emptied.removeAll()
        try emptied.save(to: path)
        #expect(try CookieJar.load(from: path) == CookieJar())
    }

    @Test(arguments: [
        ("{not json", "malformed cookie file: The given data was not valid JSON."),
        (#"{"version":1,"cookies":[{"name":1}]}"#, "malformed cookie file: at cookies[0].name:"),
        (#"{"version":1}"#, "malformed cookie file: missing key 'cookies'"),
        (#"{"version":1,"cookies":[{"name":"a"}]}"#, "malformed cookie file: at cookies[0]: missing key 'value'"),
        (#"{"version":2,"cookies":[]}"#, "unsupported cookie file version 2"),
    ])
    func malformedFilesSayWhichFileAndWhy(_ contents: String, _ message: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { _ = Result { try FileManager.default.removeItem(at: directory) } }
        let path = directory.appendingPathComponent("cookies.json").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: CookieJarError.self) { try CookieJar.load(from: path) }
        #expect(error?.file == path)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        #expect(error?.description.hasPrefix("\(path): ") == true)
    }

    @Test func descriptionsHideCookieValues() {
        let cookie = Cookie(name: "sid", value: "secret-token", domain: "H.test", creation: Self.now)
        #expect(cookie.description == "sid=•••• (h.test, /, session)")
        #expect(
            CookieRejection(name: "x", reason: "Domain 'com' is a public suffix").description
                == "cookie 'x' refused: Domain 'com' is a public suffix")
    }

    private static func parsed(_ header: String) -> Cookie.SetCookie? {
        guard case .cookie(let cookie) = Cookie.parse(setCookie: header, now: now) else { return nil }
        return cookie
    }

    @Test(arguments: [
        ("sid", "abc", false, true), ("session_id", "x", false, true), ("theme", "dark", false, false),
        ("consent", "true", false, false), ("theme", "dark", true, true),
        ("pref", String(repeating: "a", count: 16), false, true),
    ])
    func credentialCookiesAreTold(name: String, value: String, httpOnly: Bool, expected: Bool) {
        let cookie = Cookie(name: name, value: value, domain: "x.test", httpOnly: httpOnly, creation: Date())
        #expect(cookie.isCredential == expected)
    }
}
