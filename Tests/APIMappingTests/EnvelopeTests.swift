import Testing

@testable import APIMapping

/// Envelope comparison rules, success rules, the HTTP axis, issues, overrides and the inline form.
@Suite struct EnvelopeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let spec: String
        let body: String
        var http = 200
        let outcome: EnvelopeEvaluation.Outcome
        let business: EnvelopeEvaluation.BusinessVerdict
        var testDescription: String { "\(spec) on \(body) (\(http))" }
    }

    @Test(arguments: [
        Case(spec: "status=code,success=200", body: #"{"code": 200.0}"#, outcome: .success, business: .success),
        Case(spec: "status=code,success=200", body: #"{"code": 2e2}"#, outcome: .success, business: .success),
        Case(spec: "status=code,success=200", body: #"{"code": "200"}"#, outcome: .businessFailure, business: .failure),
        Case(
            spec: "status=code,success=200,coerce_status=true", body: #"{"code": "200"}"#, outcome: .success,
            business: .success),
        Case(
            spec: #"status=code,success="0000""#, body: #"{"code": "0"}"#, outcome: .businessFailure,
            business: .failure),
        Case(spec: #"status=code,success="0000""#, body: #"{"code": "0000"}"#, outcome: .success, business: .success),
        Case(
            spec: #"status=code,success="0000",coerce_status=true"#, body: #"{"code": 0}"#, outcome: .success,
            business: .success),
        Case(spec: "status=ok,success=true", body: #"{"ok": "true"}"#, outcome: .businessFailure, business: .failure),
        Case(
            spec: "status=ok,success=true,coerce_status=true", body: #"{"ok": "true"}"#, outcome: .success,
            business: .success),
        Case(spec: "status=ok,success=true", body: #"{"ok": 1}"#, outcome: .businessFailure, business: .failure),
        Case(spec: #"status=code,success=0|"0"|200"#, body: #"{"code": "0"}"#, outcome: .success, business: .success),
        Case(spec: "status=error_code,success=absent", body: #"{"result": []}"#, outcome: .success, business: .success),
        Case(
            spec: "status=error_code,success=absent", body: #"{"error_code": 110}"#, outcome: .businessFailure,
            business: .failure),
        Case(
            spec: "status=data,success=present", body: #"{"data": null}"#, outcome: .businessFailure, business: .failure
        ),
        Case(
            spec: "status=data,success=present", body: #"{"errors": []}"#, outcome: .businessFailure,
            business: .failure),
        Case(spec: "status=code,success=0", body: #"{"msg": "?"}"#, outcome: .undetermined, business: .undetermined),
        Case(spec: "status=code,success=http", body: #"{"code": 5}"#, outcome: .success, business: .notApplicable),
        Case(spec: "", body: "[]", http: 204, outcome: .success, business: .notApplicable),
        Case(spec: "", body: "[]", http: 302, outcome: .httpFailure, business: .notApplicable),
        Case(spec: "", body: "[]", http: 500, outcome: .httpFailure, business: .notApplicable),
        Case(
            spec: "status=code,success=0", body: #"{"code": 0}"#, http: 503, outcome: .httpFailure,
            business: .success),
        Case(
            spec: "status=code,success=0,require_http_success=false", body: #"{"code": 0}"#, http: 503,
            outcome: .success, business: .success),
        Case(
            spec: "status=code,success=0,require_http_success=false", body: #"{"code": 1}"#, http: 503,
            outcome: .businessFailure, business: .failure),
        Case(
            spec: "require_http_success=false", body: "{}", http: 503, outcome: .httpFailure,
            business: .notApplicable),
    ])
    func verdicts(_ testCase: Case) throws {
        let evaluation = try Envelope(inlineSpec: testCase.spec)
            .evaluate(httpStatus: testCase.http, body: try JSONDocument(parsing: testCase.body).root)
        #expect(evaluation.outcome == testCase.outcome)
        #expect(evaluation.business == testCase.business)
        #expect(evaluation.http.code == testCase.http)
    }

    @Test func issuesSayWhereAPathStopped() throws {
        let body = try JSONDocument(parsing: #"{"data": {"items": [1, 2]}, "meta": "x"}"#).root
        let evaluation = try Envelope(inlineSpec: "status=meta>code,success=0,model=data>items>5")
            .evaluate(httpStatus: 200, body: body)
        #expect(evaluation.outcome == .undetermined)
        #expect(
            evaluation.issues == [
                "status path `meta>code` not found (stopped at $.meta: string has no `code`)",
                "model path `data>items>5` not found (stopped at $.data.items: no element 5 (count 2))",
            ])
    }

    @Test func typeMismatchWithoutCoercionIsCalledOut() throws {
        let body = try JSONDocument(parsing: #"{"cod": "200"}"#).root
        let evaluation = try Envelope(inlineSpec: "status=cod,success=200").evaluate(httpStatus: 200, body: body)
        #expect(evaluation.outcome == .businessFailure)
        #expect(
            evaluation.issues == [
                #"status "200" differs from 200 only in type; turn on coerce_status if the backend mixes them"#
            ])
    }

    @Test func tipSkipsMissingNullAndEmptyAndShowsNonStringsAsJSON() throws {
        let envelope = try Envelope(inlineSpec: "tip=a|b|c|d|e")
        let body = try JSONDocument(parsing: #"{"b": null, "c": "", "d": {"errMsg": ["x", 1]}, "e": "later"}"#).root
        let evaluation = envelope.evaluate(httpStatus: 200, body: body)
        #expect(evaluation.tip == #"{"errMsg":["x",1]}"#)
        #expect(evaluation.tipLocation?.description == "$.d")
    }

    @Test func statusAndModelKeepTheirLocations() throws {
        let body = try JSONDocument(parsing: #"{"error": {"errCode": 40013, "errMsg": "invalid token"}, "data": null}"#)
        let evaluation = try Envelope(inlineSpec: "status=error>errCode,success=0,tip=error>errMsg,model=data")
            .evaluate(httpStatus: 200, body: body.root)
        #expect(evaluation.outcome == .businessFailure)
        #expect(evaluation.status?.node.numberValue?.int == 40013)
        #expect(evaluation.status?.location.normalizedPath == "$['error']['errCode']")
        #expect(evaluation.tip == "invalid token")
        #expect(evaluation.model?.node.isNull == true)
        #expect(evaluation.model?.location.description == "$.data")
    }

    @Test func endpointOverrideReplacesOnlyWhatItSets() throws {
        let profile = try Envelope(inlineSpec: "status=code,success=0,tip=msg,model=data")
        var override = EnvelopeOverride()
        override.model = try ProfilePath("data>items")
        override.status = .some(nil)
        let endpoint = override.applied(to: profile)
        #expect(endpoint.model.description == "data>items")
        #expect(endpoint.status == nil)
        #expect(endpoint.tip == profile.tip)
        #expect(endpoint.success == profile.success)
        #expect(EnvelopeOverride().applied(to: profile) == profile)
    }

    @Test(arguments: [
        ("status=code", 11, "a status path needs a success rule (success=VALUE, absent, present or http)"),
        (
            "status=code,succes=0", 12,
            "unknown field 'succes'; expected status, success, tip, model, require_http_success or coerce_status"
        ),
        ("status=code>>x,success=0", 12, "status: empty segment"),
        ("model=data,coerce_status=yes", 25, "coerce_status must be true or false"),
        ("status", 6, "expected '=' after 'status'"),
        (#"success="0"#, 8, "unterminated quoted value"),
        ("status=a|b,success=0", 9, "status takes one path, not alternatives"),
        ("success=absent|0", 8, "'absent' cannot be combined with other values"),
    ])
    func inlineSpecErrors(_ spec: String, _ offset: Int, _ message: String) throws {
        let error = try #require(throws: EnvelopeSpecError.self) { try Envelope(inlineSpec: spec) }
        #expect(error.message == message)
        #expect(error.offset == offset)
    }

    @Test func inlineSpecReadsEveryField() throws {
        let envelope = try Envelope(
            inlineSpec: #"status=error>code,success=0|"ok"|true,tip=msg|error>errMsg,model=data>list,"#
                + "require_http_success=false,coerce_status=true")
        #expect(envelope.status?.description == "error>code")
        #expect(envelope.success == .values([.number(JSONNumber(0)), .string("ok"), .bool(true)]))
        #expect(envelope.tip.map(\.description) == ["msg", "error>errMsg"])
        #expect(envelope.model.description == "data>list")
        #expect(!envelope.requireHTTPSuccess)
        #expect(envelope.coerceStatus)
        #expect(try Envelope(inlineSpec: "") == Envelope())
    }
}

extension EnvelopeTests {
    @Test func evaluationAsJSON() throws {
        let body = try JSONDocument(parsing: #"{"code": 40013, "msg": "invalid token", "data": {"id": 1}}"#)
        let evaluation = try Envelope(inlineSpec: "status=code,success=0,tip=msg,model=data")
            .evaluate(httpStatus: 200, body: body.root)
        #expect(
            evaluation.jsonValue().jsonText()
                == #"{"outcome":"business-failure","http":{"status":200,"success":true},"business":"failure","#
                + #""status":{"path":"$.code","value":40013},"tip":"invalid token","tip_path":"$.msg","#
                + #""model_path":"data","model":{"id":1},"issues":[]}"#)
        let missing = Envelope().evaluate(httpStatus: 500, body: nil).jsonValue(includeModel: false)
        #expect(
            missing.jsonText()
                == #"{"outcome":"http-failure","http":{"status":500,"success":false},"business":"not-applicable","#
                + #""status":null,"tip":null,"tip_path":null,"model_path":"","issues":[]}"#)
    }
}

extension EnvelopeTests {
    @Test(arguments: [
        ("status=errors,success=absent", #"{"errors": null, "data": {}}"#, EnvelopeEvaluation.Outcome.success),
        ("status=data,success=present", #"{"data": null}"#, .businessFailure),
    ])
    func nullCountsAsAbsent(_ spec: String, _ body: String, _ outcome: EnvelopeEvaluation.Outcome) throws {
        let evaluation = try Envelope(inlineSpec: spec).evaluate(
            httpStatus: 200, body: try JSONDocument(parsing: body).root)
        #expect(evaluation.outcome == outcome)
    }

    @Test(arguments: [
        ("success=0,tip=msg", 17, "a success rule needs a status path (status=PATH), or use success=http"),
        ("status=a,success=0,status=b", 19, "'status' is given twice"),
        ("status=code,success=0,tip=msg | error", 29, "unexpected space; quote a value that starts or ends with one"),
        ("status=code, success=0", 12, "no spaces are allowed in a field name"),
    ])
    func inlineSpecRefusesSilentMistakes(_ spec: String, _ offset: Int, _ message: String) throws {
        let error = try #require(throws: EnvelopeSpecError.self) { try Envelope(inlineSpec: spec) }
        #expect(error.message == message)
        #expect(error.offset == offset)
    }
}
