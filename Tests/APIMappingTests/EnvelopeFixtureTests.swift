import Foundation
import Testing

@testable import APIMapping

/// Every real body in `Fixtures/envelopes/` (see its README for the envelope of each family),
/// evaluated with that family's envelope: outcome, tip, and a value inside the model.
@Suite struct EnvelopeFixtureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let http: Int
        let envelope: String
        let outcome: EnvelopeEvaluation.Outcome
        let tip: String?
        /// A profile path inside the model and the value there; `nil` path when the model is missing.
        let probe: String?
        let value: JSONValue?
        var testDescription: String { "\(file) (\(http))" }
    }

    static let jsend = #"status=status,success="success",tip=message,model=data"#
    static let slack = "status=ok,success=true,tip=error"
    static let owm = "status=cod,success=200,tip=message,coerce_status=true"
    static let twitter = "status=data,success=present,tip=errors>0>detail|detail|title,model=data"
    static let reddit = #"status=kind,success="Listing",tip=explanation|message,model=data>children"#

    static let cases: [Case] = [
        Case(
            file: "jsend_fail.json", http: 400, envelope: jsend, outcome: .httpFailure, tip: nil,
            probe: "title", value: "A title is required"),
        Case(
            file: "jsend_fail.json", http: 200, envelope: jsend, outcome: .businessFailure, tip: nil,
            probe: "title", value: "A title is required"),
        Case(
            file: "jsend_error.json", http: 500, envelope: jsend, outcome: .httpFailure,
            tip: "Unable to communicate with database", probe: nil, value: nil),
        Case(
            file: "slack_auth.test_ok.json", http: 200, envelope: slack, outcome: .success, tip: nil,
            probe: "user", value: "grace"),
        Case(
            file: "slack_auth.test_error_invalid_auth.json", http: 200, envelope: slack, outcome: .businessFailure,
            tip: "invalid_auth", probe: "ok", value: false),
        Case(
            file: "slack_chat.postMessage_error.json", http: 200, envelope: slack, outcome: .businessFailure,
            tip: "too_many_attachments", probe: "error", value: "too_many_attachments"),
        Case(
            file: "slack_users.info_ok.json", http: 200, envelope: slack + ",model=user", outcome: .success,
            tip: nil, probe: "name", value: "spengler"),
        Case(
            file: "slack_conversations.history_ok_cursor.json", http: 200, envelope: slack + ",model=messages",
            outcome: .success, tip: nil, probe: "0>user", value: "U012AB3CDE"),
        Case(
            file: "slack_conversations.list_fixture.json", http: 200, envelope: slack + ",model=channels",
            outcome: .success, tip: nil, probe: "0>name", value: "general"),
        Case(
            file: "owm_weather_ok_cod_int.json", http: 200, envelope: owm, outcome: .success, tip: nil,
            probe: "weather>0>main", value: "Clouds"),
        Case(
            file: "owm_forecast_ok_cod_string_message_number.json", http: 200, envelope: owm + ",model=list",
            outcome: .success, tip: "0.0122", probe: "0>dt", value: 1_378_890_000),
        Case(
            file: "owm_find_empty.json", http: 200, envelope: owm + ",model=list", outcome: .success, tip: nil,
            probe: "", value: []),
        Case(
            file: "owm_404_cod_string.json", http: 404, envelope: owm, outcome: .httpFailure,
            tip: "Error: Not found city", probe: "cod", value: "404"),
        Case(
            file: "owm_404_cod_string.json", http: 404, envelope: owm + ",require_http_success=false",
            outcome: .businessFailure, tip: "Error: Not found city", probe: "cod", value: "404"),
        Case(
            file: "owm_500.json", http: 500, envelope: owm, outcome: .httpFailure,
            tip: "Error: Internal server error", probe: "cod", value: "500"),
        Case(
            file: "twitter_v2_tweet_default.json", http: 200, envelope: twitter, outcome: .success, tip: nil,
            probe: "text", value: "just setting up my twttr"),
        Case(
            file: "twitter_v2_tweets_partial_errors.json", http: 200, envelope: twitter, outcome: .success,
            tip: "Could not find tweet with ids: [1276230436478386177].", probe: "0>id", value: "20"),
        Case(
            file: "twitter_v2_tweet_deleted_errors_only.json", http: 200, envelope: twitter,
            outcome: .businessFailure, tip: "Could not find tweet with id: [1276230436478386177].", probe: nil,
            value: nil),
        Case(
            file: "twitter_v2_user_not_found.json", http: 200, envelope: twitter, outcome: .businessFailure,
            tip: "Could not find user with id: [2244994946].", probe: nil, value: nil),
        Case(
            file: "twitter_v2_401_problem.json", http: 401, envelope: twitter, outcome: .httpFailure,
            tip: "Unauthorized", probe: nil, value: nil),
        Case(
            file: "twitter_v2_400_problem.json", http: 400, envelope: twitter, outcome: .httpFailure,
            tip: "One or more parameters to your request was invalid.", probe: nil, value: nil),
        Case(
            file: "twitter_v2_recent_search_includes_meta.json", http: 200, envelope: twitter, outcome: .success,
            tip: nil, probe: "0>author_id", value: "63046977"),
        Case(
            file: "reddit_listing_t3.json", http: 200, envelope: reddit, outcome: .success, tip: nil,
            probe: "0>data>subreddit", value: "HistoryPorn"),
        Case(
            file: "reddit_listing_empty.json", http: 200, envelope: reddit, outcome: .success, tip: nil,
            probe: "", value: []),
        Case(
            file: "reddit_comments_array_of_listings.json", http: 200,
            envelope: #"status=0>kind,success="Listing",model=1>data>children"#, outcome: .success, tip: nil,
            probe: "0>kind", value: "t1"),
        Case(
            file: "reddit_403_error.json", http: 403, envelope: reddit, outcome: .httpFailure, tip: "Forbidden",
            probe: nil, value: nil),
        Case(
            file: "reddit_400_error_fields.json", http: 400, envelope: reddit, outcome: .httpFailure,
            tip: "this is too long (max: 50)", probe: nil, value: nil),
        Case(
            file: "stripe_list_file_links.json", http: 200, envelope: #"status=object,success="list",model=data"#,
            outcome: .success, tip: nil, probe: "0>object", value: "file_link"),
        Case(
            file: "stripe_invoice_with_nested_lists.json", http: 200,
            envelope: #"status=object,success=invoice,model=lines>data"#, outcome: .success, tip: nil,
            probe: "0>amount", value: 1000),
        Case(
            file: "indodax_success1_return.json", http: 200,
            envelope: "status=success,success=1,tip=error,model=return",
            outcome: .success, tip: nil, probe: "currency", value: "btc"),
        Case(
            file: "pokeapi_berry_list.json", http: 200, envelope: "model=results", outcome: .success, tip: nil,
            probe: "0>name", value: "cheri"),
        Case(
            file: "pokeapi_type_list.json", http: 200, envelope: "model=results", outcome: .success, tip: nil,
            probe: "1>name", value: "fighting"),
        Case(
            file: "pokeapi_berry_11.json", http: 200, envelope: "", outcome: .success, tip: nil,
            probe: "firmness>name", value: "soft"),
        Case(
            file: "jsonplaceholder_post_1.json", http: 200, envelope: "", outcome: .success, tip: nil,
            probe: "id", value: 1),
        Case(
            file: "jsonplaceholder_posts.json", http: 200, envelope: "", outcome: .success, tip: nil,
            probe: "-1>id", value: 100),
        Case(
            file: "jsonplaceholder_users.json", http: 200, envelope: "", outcome: .success, tip: nil,
            probe: "0>address>geo>lat", value: "-37.3159"),
        Case(
            file: "jsonplaceholder_users.json", http: 404, envelope: "", outcome: .httpFailure, tip: nil,
            probe: "0>id", value: 1),
    ]

    @Test(arguments: cases)
    func evaluatesTheFamilysEnvelope(_ testCase: Case) throws {
        let document = try JSONDocument(parsing: try Fixtures.bytes("envelopes/\(testCase.file)"))
        let envelope = try Envelope(inlineSpec: testCase.envelope)
        let evaluation = envelope.evaluate(httpStatus: testCase.http, body: document.root)
        #expect(evaluation.outcome == testCase.outcome)
        #expect(evaluation.tip == testCase.tip)
        if let probe = testCase.probe {
            let model = try #require(evaluation.model, "model missing: \(evaluation.issues)")
            #expect(try ProfilePath(probe).select(in: model.node)?.value == testCase.value)
        } else {
            #expect(evaluation.model == nil)
            #expect(evaluation.issues.contains { $0.hasPrefix("model path `\(envelope.model)` not found") })
        }
    }

    @Test func everyJSONFixtureIsCovered() throws {
        let files = try Fixtures.files(in: "envelopes").map(\.lastPathComponent).filter { $0.hasSuffix(".json") }
        let covered = Set(Self.cases.map(\.file))
        #expect(Set(files).subtracting(covered).isEmpty, "no case for \(Set(files).subtracting(covered).sorted())")
    }

    @Test(arguments: ["jsend_success_post.json5.txt", "jsend_success_posts.json5.txt", "jsend_success_null.json5.txt"])
    func jsendSpecTextIsNotJSONAndSaysWhere(_ file: String) throws {
        let error = try #require(throws: JSONParseError.self) {
            try JSONDocument(parsing: try Fixtures.bytes("envelopes/\(file)"))
        }
        #expect(error.line == 2)
        #expect(error.column == 5)
        #expect(error.message == "unexpected 's', expected a string as object key")
        let evaluation = try Envelope(inlineSpec: Self.jsend).evaluate(httpStatus: 200, body: nil)
        #expect(evaluation.outcome == .undetermined)
        #expect(evaluation.issues == ["the body is not JSON, so the business status is unknown"])
    }

    @Test func plainTextRateLimitIsAnHTTPFailure() throws {
        let text = String(decoding: try Fixtures.bytes("envelopes/twitter_v2_429_plaintext.txt"), as: UTF8.self)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: text) }
        let evaluation = try Envelope(inlineSpec: Self.twitter).evaluate(httpStatus: 429, body: nil)
        #expect(evaluation.outcome == .httpFailure)
        #expect(evaluation.http == .failure(429))
        #expect(evaluation.business == .undetermined)
    }
}
