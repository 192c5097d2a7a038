import APIMapping
import Testing

@testable import APIHistory

/// The envelope each exchange is stored with reads back equal, for every kind of rule and path.
@Suite("Stored envelopes")
struct StoredEnvelopeTests {
    static let envelopes: [(name: String, envelope: Envelope)] = [
        ("HTTP decides", Envelope()),
        (
            "code/msg/data",
            Envelope(
                status: ProfilePath(keys: ["code"]), success: .values([.number(JSONNumber(0)), .string("0000")]),
                tip: [ProfilePath(keys: ["msg"]), ProfilePath(keys: ["error", "errMsg"])],
                model: ProfilePath(keys: ["data"]))
        ),
        ("Slack", Envelope(status: ProfilePath(keys: ["ok"]), success: .values([.bool(true)]))),
        ("absent", Envelope(status: ProfilePath(keys: ["errors"]), success: .absent, requireHTTPSuccess: false)),
        ("present", Envelope(status: ProfilePath(keys: ["data"]), success: .present, coerceStatus: true)),
        (
            "keys needing escapes",
            Envelope(
                status: ProfilePath(keys: ["a>b", "c\\d"]), success: .values([.number(JSONNumber(200))]),
                model: ProfilePath(keys: ["0", "-1", "数据"]))
        ),
    ]

    @Test(arguments: envelopes)
    func roundTrips(_ name: String, _ envelope: Envelope) throws {
        let text = envelope.storageJSON.jsonText()
        let read = try Envelope(storageJSON: JSONDocument(parsing: text).root)
        #expect(read == envelope, "\(name): \(text)")
    }

    static let damaged: [(text: String, message: String)] = [
        (
            #"{"status":null,"tip":[],"model":"","require_http_success":true,"coerce_status":false}"#,
            "'success' is missing"
        ),
        (
            #"{"success":"sometimes","tip":[],"model":"","require_http_success":true,"coerce_status":false}"#,
            "unknown 'success' rule"
        ),
        (#"{"success":"http","tip":[""],"model":"a>","require_http_success":true,"coerce_status":false}"#, "'model'"),
        (
            #"{"success":"http","tip":"msg","model":"","require_http_success":true,"coerce_status":false}"#,
            "'tip' is not an array"
        ),
        (#"{"success":"http","tip":[],"model":"","coerce_status":false}"#, "'require_http_success' is not a bool"),
    ]

    @Test(arguments: damaged)
    func damagedColumnsSayWhichField(_ text: String, _ message: String) throws {
        #expect {
            try Envelope(storageJSON: JSONDocument(parsing: text).root)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
