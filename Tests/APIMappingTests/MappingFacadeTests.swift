import Foundation
import Testing

@testable import APIMapping

/// The mapping verbs over evaluated responses.
@Suite struct MappingFacadeTests {
    static func evaluate(_ spec: String, _ body: String, http: Int = 200) throws -> EnvelopeEvaluation {
        try Envelope(inlineSpec: spec).evaluate(httpStatus: http, body: JSONDocument(parsing: body).root)
    }

    static let codeMsgData = "status=code,success=0,tip=msg,model=data"
    static let slack = "status=ok,success=true,tip=error"

    @Test func mapsTheModelOfASuccess() throws {
        let evaluation = try Self.evaluate(Self.codeMsgData, #"{"code":0,"msg":"ok","data":{"id":7,"name":"Ann"}}"#)
        #expect(try evaluation.mapObject(Item.self) == Item(id: 7, name: "Ann"))
        #expect(evaluation.mapResult() == EnvelopeResult(outcome: .success, tip: "ok"))
        let (result, item) = try evaluation.mapObjResult(Item.self)
        #expect(result.isSuccess)
        #expect(item == Item(id: 7, name: "Ann"))
        #expect(evaluation.string(at: try ProfilePath("code")) == "0")
        #expect(evaluation.string(at: try ProfilePath("msg")) == "ok")
        #expect(evaluation.string(at: try ProfilePath("data")) == nil)
        #expect(evaluation.toJSON(path: try ProfilePath("data>id")) == 7)
        #expect(
            evaluation.toJSON(path: try ProfilePath("")) == ["code": 0, "msg": "ok", "data": ["id": 7, "name": "Ann"]])
        #expect(evaluation.toJSON(path: try ProfilePath("data>missing")) == nil)
    }

    @Test func errorsInsideTheModelHaveFullPaths() throws {
        let evaluation = try Self.evaluate(Self.codeMsgData, #"{"code":0,"data":{"id":"x","name":"a"}}"#)
        let error = #expect(throws: MappingError.self) { try evaluation.mapObject(Item.self) }
        #expect(error?.description == #"$.data.id: expected Int, found string "x""#)
    }

    @Test func aMissingModelIsAnError() throws {
        let evaluation = try Self.evaluate(Self.codeMsgData, #"{"code":0,"msg":"ok"}"#)
        let error = #expect(throws: MappingError.self) { try evaluation.mapObject(Item.self) }
        #expect(error?.description == "$: model path `data` not found (stopped at $: no key `data`)")
        #expect(error?.reason == .modelNotFound)
        // A success without its model cannot be mapped either.
        #expect(throws: MappingError.self) { try evaluation.mapObjResult(Item.self) }

        let deeper = try Self.evaluate("status=code,success=0,model=data>list", #"{"code":0,"data":{"items":[]}}"#)
        let deeperError = #expect(throws: MappingError.self) { try deeper.mapArray(Item.self) }
        #expect(
            deeperError?.description == "$.data: model path `data>list` not found (stopped at $.data: no key `list`)")
    }

    @Test func aBodyThatIsNotJSONHasNoModel() throws {
        let evaluation = try Envelope(inlineSpec: Self.codeMsgData).evaluate(httpStatus: 502, body: nil)
        let error = #expect(throws: MappingError.self) { try evaluation.mapObject(Item.self) }
        #expect(error?.description == "$: model path `data` not found (the body is not JSON)")
        #expect(evaluation.toJSON(path: try ProfilePath("code")) == nil)
        #expect(evaluation.string(at: try ProfilePath("code")) == nil)
    }

    @Test func slackFailureMapsResultWithoutAModel() throws {
        let evaluation = try Self.evaluate(Self.slack, #"{"ok":false,"error":"invalid_auth"}"#)
        let result = evaluation.mapResult()
        #expect(!result.isSuccess)
        #expect(result.outcome == .businessFailure)
        #expect(result.tip == "invalid_auth")
        let (objectResult, item) = try evaluation.mapObjResult(Item.self)
        #expect(objectResult == result)
        #expect(item == nil)
        let (arrayResult, items) = try evaluation.mapArrayResult(Item.self)
        #expect(!arrayResult.isSuccess)
        #expect(items == nil)
    }

    struct SlackAuth: Decodable, Equatable {
        var ok: Bool
        var team: String
        var teamId: String
        var url: URL
        var user: String
        var userId: String
    }

    @Test func slackSuccessWithSnakeCaseKeys() throws {
        let body = try Fixtures.bytes("envelopes/slack_auth.test_ok.json")
        let evaluation = try Envelope(inlineSpec: Self.slack).evaluate(
            httpStatus: 200, body: JSONDocument(parsing: body).root)
        let (result, auth) = try evaluation.mapObjResult(
            SlackAuth.self, using: JSONNodeDecoder(keyStrategy: .convertFromSnakeCase))
        #expect(result.isSuccess)
        #expect(auth?.teamId == "T12345678")
        #expect(auth?.userId == "W12345678")
        #expect(auth?.url == URL(string: "https://subarachnoid.slack.com/"))
    }

    struct Post: Decodable, Equatable {
        var userId: Int
        var id: Int
        var title: String
        var body: String
    }

    @Test func mapsARealArray() throws {
        let body = try Fixtures.bytes("envelopes/jsonplaceholder_posts.json")
        let evaluation = Envelope().evaluate(httpStatus: 200, body: try JSONDocument(parsing: body).root)
        let (result, posts) = try evaluation.mapArrayResult(Post.self)
        #expect(result.isSuccess)
        #expect(posts?.count == 100)
        #expect(posts?.last?.id == 100)
        #expect(posts?.first?.title.hasPrefix("sunt aut facere") == true)
    }

    struct Berry: Decodable, Equatable {
        var name: String
        var url: String
    }

    @Test func mapsAModelDeepInARealBody() throws {
        let body = try Fixtures.bytes("envelopes/pokeapi_berry_list.json")
        let evaluation = try Envelope(inlineSpec: "model=results").evaluate(
            httpStatus: 200, body: try JSONDocument(parsing: body).root)
        let berries = try evaluation.mapArray(Berry.self)
        #expect(berries.count == 64)
        #expect(berries.first == Berry(name: "cheri", url: "/api/v2/berry/1/"))
        #expect(evaluation.string(at: try ProfilePath("count")) == "64")
    }

    @Test func lenientArraysDropBadElements() throws {
        let evaluation = try Self.evaluate(
            Self.codeMsgData, #"{"code":0,"data":[{"id":1,"name":"a"},{"id":"two","name":"b"},{"id":"3","name":"c"}]}"#)
        #expect(throws: MappingError.self) { try evaluation.mapArray(Item.self) }
        let items = try evaluation.mapArray(Item.self, using: JSONNodeDecoder(policy: .lenient))
        #expect(items == [Item(id: 1, name: "a"), Item(id: 3, name: "c")])
    }
}
