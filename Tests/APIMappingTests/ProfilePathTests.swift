import Testing

@testable import APIMapping

/// The profile path language: MoyaMapper's `>` paths without their traps.
@Suite struct ProfilePathTests {
    static let body = #"""
        {"code": 0, "msg": "ok",
         "data": {"list": [{"id": 7, "name": "甲"}, {"id": 8}], "a.b": {"0": "key zero"}, "x>y": 1, "back\\slash": 2},
         "error": {"errMsg": "token expired"}, "": "empty key", "dup": 1, "dup": 2}
        """#

    struct Case: Sendable, CustomTestStringConvertible {
        let path: String
        let value: JSONValue?
        let normalized: String?
        var testDescription: String { path.isEmpty ? "(root)" : path }
    }

    @Test(arguments: [
        Case(path: "code", value: 0, normalized: "$['code']"),
        Case(path: "error>errMsg", value: "token expired", normalized: "$['error']['errMsg']"),
        Case(path: "data>list>0>id", value: 7, normalized: "$['data']['list'][0]['id']"),
        Case(path: "data>list>1>id", value: 8, normalized: "$['data']['list'][1]['id']"),
        Case(path: "data>list>-1>id", value: 8, normalized: "$['data']['list'][1]['id']"),
        Case(path: "data>list>-2>name", value: "甲", normalized: "$['data']['list'][0]['name']"),
        Case(path: "data>a.b>0", value: "key zero", normalized: "$['data']['a.b']['0']"),
        Case(path: #"data>x\>y"#, value: 1, normalized: "$['data']['x>y']"),
        Case(path: #"data>back\\slash"#, value: 2, normalized: "$['data']['back\\\\slash']"),
        Case(path: "dup", value: 2, normalized: "$['dup']"),
        Case(path: "data>list>2", value: nil, normalized: nil),
        Case(path: "data>list>-3", value: nil, normalized: nil),
        Case(path: "data>list>01", value: nil, normalized: nil),
        Case(path: "data>list>id", value: nil, normalized: nil),
        Case(path: "code>x", value: nil, normalized: nil),
        Case(path: "missing", value: nil, normalized: nil),
        Case(path: " code", value: nil, normalized: nil),
    ])
    func selects(_ testCase: Case) throws {
        let document = try JSONDocument(parsing: Self.body)
        let path = try ProfilePath(testCase.path)
        #expect(path.select(in: document.root)?.value == testCase.value)
        #expect(path.match(in: document.root)?.location.normalizedPath == testCase.normalized)
    }

    @Test func emptyPathIsTheRoot() throws {
        let document = try JSONDocument(parsing: Self.body)
        let path = try ProfilePath("")
        #expect(path.segments.isEmpty)
        #expect(path.select(in: document.root) == document.root)
        #expect(path.normalizedPath == "$")
    }

    @Test(arguments: [
        ("data>>id", 5, "empty segment"),
        (">data", 0, "empty segment: a path cannot start with '>'"),
        ("data>", 5, "empty segment after the last '>'"),
        (#"data>a\.b"#, 6, #"unknown escape '\.': only '\>' and '\\' are escapes"#),
        (#"data\"#, 4, #"'\' at the end of the path escapes nothing"#),
        ("名>>x", 2, "empty segment"),
    ])
    func malformedPathsAreRejectedWithAPosition(_ text: String, _ offset: Int, _ message: String) throws {
        let error = try #require(throws: PathSyntaxError.self) { try ProfilePath(text) }
        #expect(error.offset == offset)
        #expect(error.message == message)
        #expect(error.language == .profilePath)
    }

    @Test func errorDescriptionPointsAtTheProblem() throws {
        let error = try #require(throws: PathSyntaxError.self) { try ProfilePath("data>>id") }
        #expect(error.description == "invalid profile path at column 6: empty segment\n  data>>id\n       ^")
    }

    @Test(arguments: ["data>list>0>id", #"x\>y>back\\slash"#, "", "a b>c"])
    func printsBackAsWritten(_ text: String) throws {
        #expect(try ProfilePath(text).description == text)
    }

    /// Keys print escaped and parse back to the same keys; the escaping works on Unicode scalars, as the
    /// parser reads them, so a `>` that a combining mark follows is escaped too.
    @Test(arguments: [
        (["a>b", #"c\d"#], #"a\>b>c\\d"#),
        (["张伟", "城市"], "张伟>城市"),
        ([">\u{301}x"], "\\>\u{301}x"),
        (["plain"], "plain"),
    ])
    func keysPrintEscapedAndParseBack(_ keys: [String], _ text: String) throws {
        let path = ProfilePath(keys: keys)
        #expect(path.description == text)
        #expect(try ProfilePath(text).segments.map(\.key) == keys)
    }

    @Test func locationsPrintInEveryLanguage() throws {
        let document = try JSONDocument(parsing: Self.body)
        let match = try #require(try ProfilePath(#"data>x\>y"#).match(in: document.root))
        #expect(match.location.profilePath == #"data>x\>y"#)
        #expect(match.location.jsonPointer == "/data/x>y")
        #expect(match.location.description == "$.data['x>y']")
        let listMatch = try #require(try ProfilePath("data>list>-1>id").match(in: document.root))
        #expect(listMatch.location.profilePath == "data>list>1>id")
        #expect(listMatch.location.description == "$.data.list[1].id")
        #expect(try JSONPointer(listMatch.location.jsonPointer).select(in: document.root)?.value == 8)
    }

    @Test func deepestMatchSaysWhereThePathBroke() throws {
        let document = try JSONDocument(parsing: Self.body)
        let result = try ProfilePath("data>list>5>id").deepestMatch(in: document.root)
        #expect(result.match.location.description == "$.data.list")
        #expect(result.missing?.key == "5")
    }
}
