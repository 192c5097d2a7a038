import Testing

@testable import APIMapping

/// RFC 822 and ISO 8601 dates as feeds write them, rewritten as ISO 8601 UTC or kept as written.
@Suite struct FeedDateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let normalized: String
        var testDescription: String { name }

        /// A date kept as written.
        static func kept(_ name: String, _ text: String) -> Case {
            Case(name: name, text: text, normalized: text)
        }
    }

    @Test(arguments: [
        // RFC 822 and RFC 1123, as RSS writes them.
        Case(name: "RFC 1123 in GMT", text: "Sun, 16 Aug 2015 05:00:00 GMT", normalized: "2015-08-16T05:00:00Z"),
        Case(name: "numeric zone +0000", text: "Mon, 02 Jan 2006 15:04:05 +0000", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "numeric zone -0700", text: "Mon, 02 Jan 2006 08:04:05 -0700", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "numeric zone +0530", text: "Thu, 29 Feb 2024 12:00:00 +0530", normalized: "2024-02-29T06:30:00Z"),
        Case(name: "EST", text: "Mon, 02 Jan 2006 10:04:05 EST", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "CST", text: "Fri, 05 Oct 2007 09:00:00 CST", normalized: "2007-10-05T15:00:00Z"),
        Case(name: "PDT", text: "Tue, 10 Jun 2003 04:00:00 PDT", normalized: "2003-06-10T11:00:00Z"),
        Case(name: "UT and UTC", text: "Tue, 10 Jun 2003 04:00:00 UT", normalized: "2003-06-10T04:00:00Z"),
        Case(name: "CEST", text: "Tue, 10 Jun 2003 04:00:00 CEST", normalized: "2003-06-10T02:00:00Z"),
        Case(name: "GMT with an offset", text: "Tue, 10 Jun 2003 04:00:00 GMT+2", normalized: "2003-06-10T02:00:00Z"),
        Case(name: "lowercase zone", text: "Tue, 10 Jun 2003 04:00:00 gmt", normalized: "2003-06-10T04:00:00Z"),
        Case(name: "missing seconds", text: "Mon, 02 Jan 2006 15:04 GMT", normalized: "2006-01-02T15:04:00Z"),
        Case(name: "single-digit day", text: "Sat, 1 Jan 2000 12:00:00 GMT", normalized: "2000-01-01T12:00:00Z"),
        Case(name: "EST without seconds", text: "Sat, 1 Jan 2000 12:00 EST", normalized: "2000-01-01T17:00:00Z"),
        Case(name: "CST with one-digit hour", text: "Fri, 5 Oct 2007 9:00 CST", normalized: "2007-10-05T15:00:00Z"),
        Case(name: "single-digit hour", text: "Sat, 1 Jan 2000 9:05:00 GMT", normalized: "2000-01-01T09:05:00Z"),
        Case(name: "no weekday", text: "2 Jan 2006 15:04:05 -0700", normalized: "2006-01-02T22:04:05Z"),
        Case(name: "weekday without comma", text: "Mon 02 Jan 2006 15:04:05 GMT", normalized: "2006-01-02T15:04:05Z"),
        Case(
            name: "wrong weekday ignored", text: "Fri, 02 Jan 2006 15:04:05 GMT", normalized: "2006-01-02T15:04:05Z"),
        Case(
            name: "names spelt out", text: "Monday, 02 January 2006 15:04:05 GMT",
            normalized: "2006-01-02T15:04:05Z"),
        Case(name: "Sept", text: "Tues, 5 Sept 2006 15:04:05 GMT", normalized: "2006-09-05T15:04:05Z"),
        Case(name: "lowercase names", text: "mon, 02 jan 2006 15:04:05 gmt", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "two-digit year 06", text: "Mon, 02 Jan 06 15:04:05 GMT", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "two-digit year 99", text: "Sat, 02 Jan 99 15:04:05 GMT", normalized: "1999-01-02T15:04:05Z"),
        Case(name: "no zone is UTC", text: "Mon, 02 Jan 2006 15:04:05", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "no time", text: "Mon, 02 Jan 2006", normalized: "2006-01-02T00:00:00Z"),
        Case(name: "zone comment", text: "Mon, 2 Jan 2006 07:04:05 -0800 (PST)", normalized: "2006-01-02T15:04:05Z"),
        Case(name: "dashes", text: "02-Jan-2006 15:04:05 GMT", normalized: "2006-01-02T15:04:05Z"),
        Case(
            name: "surrounding whitespace", text: "\n  Mon, 02 Jan 2006 15:04:05 GMT \n",
            normalized: "2006-01-02T15:04:05Z"),
        Case(
            name: "offset crosses into the next year", text: "Tue, 31 Dec 2019 23:30:00 -0100",
            normalized: "2020-01-01T00:30:00Z"),
        Case(
            name: "offset crosses into the previous day", text: "Sun, 01 Mar 2020 01:00:00 +0200",
            normalized: "2020-02-29T23:00:00Z"),
        // ISO 8601, RFC 3339 and W3C-DTF, as Atom and Dublin Core write them.
        Case(name: "RFC 3339 in UTC", text: "2005-07-31T12:29:29Z", normalized: "2005-07-31T12:29:29Z"),
        Case(name: "RFC 3339 offset", text: "2003-12-13T08:29:29-04:00", normalized: "2003-12-13T12:29:29Z"),
        Case(name: "fraction dropped", text: "2003-12-13T18:30:02.25+01:00", normalized: "2003-12-13T17:30:02Z"),
        Case(name: "lowercase t and z", text: "2003-12-13t18:30:02z", normalized: "2003-12-13T18:30:02Z"),
        Case(name: "offset without colon", text: "2003-12-13T18:30:02+0100", normalized: "2003-12-13T17:30:02Z"),
        Case(name: "offset in hours", text: "2003-12-13T18:30:02+01", normalized: "2003-12-13T17:30:02Z"),
        Case(name: "W3C-DTF without seconds", text: "2003-12-13T18:30+01:00", normalized: "2003-12-13T17:30:00Z"),
        Case(name: "date only is midnight UTC", text: "2019-08-27", normalized: "2019-08-27T00:00:00Z"),
        Case(name: "no zone is UTC (ISO)", text: "2003-12-13T18:30:02", normalized: "2003-12-13T18:30:02Z"),
        Case(name: "space instead of T", text: "2015-08-16 05:00:00 +0000", normalized: "2015-08-16T05:00:00Z"),
        Case(name: "leap day", text: "2000-02-29T00:00:00Z", normalized: "2000-02-29T00:00:00Z"),
        Case(name: "last moment of 9999", text: "9999-12-31T23:59:59Z", normalized: "9999-12-31T23:59:59Z"),
        // Kept as written.
        .kept("words", "yesterday"),
        .kept("empty", ""),
        .kept("unknown zone", "Mon, 02 Jan 2006 15:04:05 XYZ"),
        .kept("ambiguous zone BST", "Mon, 02 Jan 2006 15:04:05 BST"),
        .kept("military zone other than Z", "Mon, 02 Jan 2006 15:04:05 A"),
        .kept("unknown month", "Mon, 02 Foo 2006 15:04:05 GMT"),
        .kept("unknown weekday", "Xyz, 02 Jan 2006 15:04:05 GMT"),
        .kept("month first (US style)", "Jan 2, 2006 15:04:05 GMT"),
        .kept("February 30th", "Thu, 30 Feb 2006 10:00:00 GMT"),
        .kept("February 29th in a common year", "2100-02-29T00:00:00Z"),
        .kept("hour 25", "Mon, 02 Jan 2006 25:04:05 GMT"),
        .kept("hour 24 (ISO)", "2006-01-02T24:00:00Z"),
        .kept("leap second", "2016-12-31T23:59:60Z"),
        .kept("minute 60", "Mon, 02 Jan 2006 15:60:05 GMT"),
        .kept("offset of 24 hours", "Mon, 02 Jan 2006 15:04:05 +2400"),
        .kept("offset of 99 minutes", "2006-01-02T15:04:05+01:99"),
        .kept("day 0", "Mon, 0 Jan 2006 15:04:05 GMT"),
        .kept("year 0", "0000-01-01T00:00:00Z"),
        .kept("year 0 once in UTC", "0001-01-01T00:30:00+01:00"),
        .kept("year 10000 once in UTC", "9999-12-31T23:30:00-01:00"),
        .kept("five-digit year", "Mon, 02 Jan 20060 15:04:05 GMT"),
        .kept("year overflowing Int", "Mon, 02 Jan 99999999999999999999999999 15:04:05 GMT"),
        .kept("ISO year overflowing Int", "99999999999999999999999999-01-01T00:00:00Z"),
        .kept("hour overflowing Int", "Mon, 02 Jan 2006 99999999999999999999999999:04:05 GMT"),
        .kept("offset overflowing Int", "2006-01-02T15:04:05+99999999999999999999999999"),
        .kept("year and month only", "2003-12"),
        .kept("year only", "2003"),
        .kept("Unix timestamp", "1136214245"),
        .kept("trailing text", "2006-01-02T15:04:05Z and more"),
        .kept("unclosed comment", "Mon, 2 Jan 2006 07:04:05 -0800 (PST"),
        .kept("fraction without digits", "2006-01-02T15:04:05.Z"),
        .kept("negative numbers", "-1-01-01T00:00:00Z"),
        .kept("non-ASCII digits", "２００６-01-02T15:04:05Z"),
    ])
    func normalizes(_ date: Case) {
        #expect(FeedDate.normalized(date.text) == date.normalized)
    }

    @Test func longTextIsKeptUnread() {
        let long = "Mon, 02 Jan 2006 15:04:05 GMT" + String(repeating: " ", count: 200)
        #expect(FeedDate.normalized(long) == long)
        let digits = String(repeating: "9", count: 100_000)
        #expect(FeedDate.normalized(digits) == digits)
    }

    /// Seeded mutations of readable dates: each result is the text kept as written, or a date that
    /// normalises to itself.
    @Test(arguments: [
        "Mon, 02 Jan 2006 15:04:05 -0700", "Sat, 1 Jan 2000 12:00 EST", "2003-12-13T18:30:02.25+01:00", "2019-08-27",
    ])
    func mutatedDatesNeverTrap(_ date: String) {
        let alphabet = Array("0123456789+-:.,() TZtzJanMonGMTEST9999999999".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2000 {
            var bytes = Array(date.utf8)
            for _ in 0...next(4) {
                let position = next(bytes.count + 1)
                switch next(3) {
                case 0 where position < bytes.count: bytes[position] = alphabet[next(alphabet.count)]
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: position)
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let normalized = FeedDate.normalized(text)
            #expect(normalized == text || FeedDate.normalized(normalized) == normalized, "\(text)")
        }
    }

    @Test func civilDatesRoundTrip() {
        for days in stride(from: -719_162, through: 2_932_896, by: 997) {
            let date = FeedDate.civil(daysSince1970: days)
            #expect(FeedDate.daysSince1970(year: date.year, month: date.month, day: date.day) == days)
        }
    }
}
