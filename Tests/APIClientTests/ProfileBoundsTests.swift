import APIMapping
import Foundation
import Testing

@testable import APIClient

/// Hostile numbers, sizes, YAML bombs and encodings in profiles: each is refused with its location and
/// the documented range (``InputRanges``), never a trap or an unbounded walk.
@Suite struct ProfileBoundsTests {
    static func profile(timeouts: String = "", maxBodySize: String? = nil) -> String {
        var yaml = "name: t\nbase_url: http://x\n"
        if !timeouts.isEmpty { yaml += "timeouts: {\(timeouts)}\n" }
        if let maxBodySize { yaml += "max_body_size: \(maxBodySize)\n" }
        return yaml
    }

    static func error(_ yaml: String) -> String? {
        do {
            _ = try Profile(yaml: yaml, file: "profiles/t.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        // Regression: these trapped converting Double to Int64 while reading the profile.
        ("connect: 3000000000000h", "duration '3000000000000h' for 'timeouts.connect' is out of range; use 1ms to 24h"),
        (
            "read: 99999999999999999999999999ms",
            "duration '99999999999999999999999999ms' for 'timeouts.read' is out of range; use 1ms to 24h"
        ),
        // Regression: validated, then overflowed NIO's TimeAmount at request time.
        ("total: 100000000h", "duration '100000000h' for 'timeouts.total' is out of range; use 1ms to 24h"),
        ("connect: 24.001h", "duration '24.001h' for 'timeouts.connect' is out of range; use 1ms to 24h"),
        ("connect: 0ms", "duration '0ms' for 'timeouts.connect' is out of range; use 1ms to 24h"),
        ("connect: 0.0001s", "duration '0.0001s' for 'timeouts.connect' is out of range; use 1ms to 24h"),
        ("connect: 1e300s", "invalid duration '1e300s' for 'timeouts.connect'; use a number with ms, s, m or h"),
        ("connect: -5s", "invalid duration '-5s' for 'timeouts.connect'; use a number with ms, s, m or h"),
        ("connect: .5s", "invalid duration '.5s' for 'timeouts.connect'; use a number with ms, s, m or h"),
        ("connect: 5.s", "invalid duration '5.s' for 'timeouts.connect'; use a number with ms, s, m or h"),
        ("connect: nans", "invalid duration 'nans' for 'timeouts.connect'; use a number with ms, s, m or h"),
    ])
    func durationOutsideItsRangeIsLocated(_ timeouts: String, _ message: String) {
        let column =
            "timeouts: {".count + timeouts.distance(from: timeouts.startIndex, to: timeouts.firstIndex(of: " ")!) + 2
        #expect(Self.error(Self.profile(timeouts: timeouts)) == "profiles/t.yaml:3:\(column): \(message)")
    }

    @Test(arguments: [
        ("1ms", Duration.milliseconds(1)), ("24h", .seconds(86_400)), ("1.5s", .milliseconds(1500)),
        ("0.5m", .seconds(30)), ("2.0004s", .milliseconds(2000)), ("0.0005s", .milliseconds(1)),
    ])
    func durationInsideItsRangeIsExact(_ text: String, _ duration: Duration) throws {
        let profile = try Profile(yaml: Self.profile(timeouts: "connect: \(text)"), file: "profiles/t.yaml")
        #expect(profile.timeouts.connect == duration)
    }

    @Test(arguments: [
        ("0", "invalid size '0'"), ("-5", "invalid size '-5'"), ("2GiB", "invalid size '2GiB'"),
        ("1073741825", "invalid size '1073741825'"),
        ("99999999999999999999", "invalid size '99999999999999999999'"),
        ("99999999999999999GiB", "invalid size '99999999999999999GiB'"),
    ])
    func maxBodySizeOutsideItsRangeIsLocated(_ text: String, _ start: String) {
        #expect(
            Self.error(Self.profile(maxBodySize: text))
                == "profiles/t.yaml:3:16: \(start) for 'max_body_size'; use 1 B to 1 GiB, in bytes or KB, MB, GB, "
                + "KiB, MiB, GiB")
    }

    @Test func maxBodySizeAtItsBoundsIsAccepted() throws {
        #expect(try Profile(yaml: Self.profile(maxBodySize: "1GiB"), file: "p").maxBodySize == 1 << 30)
        #expect(try Profile(yaml: Self.profile(maxBodySize: "1"), file: "p").maxBodySize == 1)
    }

    /// Billion laughs in an endpoint body, which the reader walks node by node: nine levels of nine
    /// aliases would be 9^9 nodes.
    static let billionLaughs = """
        name: bomb
        base_url: http://x
        endpoints:
          e:
            path: /e
            body:
              a: &a [l, l, l, l, l, l, l, l, l]
              b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
              c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
              d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
              e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
              f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
              g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
              h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
              i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]

        """

    @Test func billionLaughsIsRefusedAtTheAliasThatPassesTheLimit() {
        // 10 + 91 + 820 + 7381 + 66430 nodes fit; the first '*e' in 'f' takes the count past 100000.
        #expect(
            Self.error(Self.billionLaughs)
                == "profiles/t.yaml:12:14: alias '*e' expands the profile past 100000 nodes, the limit for a profile "
                + "with its aliases expanded (anchor '&e' is at line 11)")
    }

    @Test func aliasesWithinTheLimitStillRead() throws {
        let yaml = """
            name: t
            base_url: http://x
            endpoints:
              e:
                path: /e
                body: {a: &a [1, 2], b: *a, c: [*a, *a]}
            """
        let profile = try Profile(yaml: yaml, file: "profiles/t.yaml")
        #expect(profile.endpoints.count == 1)
    }

    @Test func profileWithTooManyNodesIsRefused() {
        let list = Array(repeating: "1", count: InputRanges.profileNodes).joined(separator: ",")
        let yaml = "name: t\nbase_url: http://x\nendpoints:\n  e:\n    path: /e\n    body: [\(list)]\n"
        let error = Self.error(yaml)
        #expect(error?.hasSuffix("the profile has more than 100000 YAML nodes, the limit for a profile") == true)
    }

    @Test(
        arguments: [
            (
                [0xFF, 0xFE, 0x6E, 0x00],
                "p.yaml: the file looks like UTF-16 (byte-order mark FF FE at byte 0); save it as UTF-8"
            ),
            (
                [0xFE, 0xFF, 0x00, 0x6E],
                "p.yaml: the file looks like UTF-16 (byte-order mark FE FF at byte 0); save it as UTF-8"
            ),
            (
                [0xFF, 0xFE, 0x00, 0x00, 0x6E, 0x00, 0x00, 0x00],
                "p.yaml: the file looks like UTF-32 (byte-order mark FF FE 00 00 at byte 0); save it as UTF-8"
            ),
            (
                Array("n\0a\0m\0e\0".utf8),
                "p.yaml:1:2: NUL byte at byte 1: the file looks like UTF-16 without a byte-order mark; a profile is UTF-8 text"
            ),
            (
                Array("name: t\n".utf8) + [0x89, 0x50, 0x4E, 0x47, 0x00, 0x1A, 0x00, 0x00, 0x10],
                "p.yaml:2:1: invalid UTF-8 at byte 8 (found 89); a profile is UTF-8 text"
            ),
            (
                Array("name: t\nbase_url: http://x\n# gr".utf8) + [0xC3, 0x28] + Array("e\n".utf8),
                "p.yaml:3:5: invalid UTF-8 at byte 31 (found C3); a profile is UTF-8 text"
            ),
            (
                Array("name: t\nbase_url: http://x\0\n".utf8),
                "p.yaml:2:19: NUL byte at byte 26: the file looks binary; a profile is UTF-8 text"
            ),
        ] as [([UInt8], String)])
    func undecodableProfileNamesWhatWasFound(_ bytes: [UInt8], _ message: String) {
        #expect(throws: ProfileError.self) { try Profile(bytes: bytes, file: "p.yaml") }
        do {
            _ = try Profile(bytes: bytes, file: "p.yaml")
        } catch {
            #expect(error.description == message)
            #expect(error.kind == .unreadableFile)
        }
    }

    @Test func utf8ByteOrderMarkIsAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("name: p\r\nbase_url: http://x\r\n".utf8)
        #expect(try Profile(bytes: bytes, file: "p.yaml").name == "p")
    }

    @Test(arguments: [
        ("1500ms", Int64(1500)), ("1.5s", 1500), ("3000000000000h", DurationText.saturated),
        ("9223372036854775808ms", DurationText.saturated), ("1.9999999s", 2000),
    ])
    func durationTextReadsExactly(_ text: String, _ milliseconds: Int64) {
        #expect(DurationText.milliseconds(text) == milliseconds)
    }

    @Test(arguments: ["", "s", "1", "1e3s", "1.5.5s", "1 s", "+1s", "١s"])
    func durationTextRefusesWhatIsNotADuration(_ text: String) {
        #expect(DurationText.milliseconds(text) == nil)
    }
}
