import Testing

@testable import APIMapping

/// Error positions and messages for malformed queries, and semantics on realistic API bodies.
struct JSONPathTests {
    // MARK: Errors

    struct Malformed: Sendable, CustomTestStringConvertible {
        var query: String
        var offset: Int
        var message: String

        var testDescription: String { query.debugDescription }
    }

    static let malformed: [Malformed] = [
        Malformed(query: " $", offset: 0, message: "expected '$' at the start of the query, found a space"),
        Malformed(query: "$ ", offset: 1, message: "unexpected whitespace at the end of the query"),
        Malformed(query: "$.items[0", offset: 9, message: "expected ',' or ']' after the selector, found end of query"),
        Malformed(query: "$.1", offset: 2, message: "expected a member name or '*' after '.', found '1'"),
        Malformed(query: "$. a", offset: 2, message: "expected a member name or '*' after '.', found a space"),
        Malformed(query: "$..", offset: 3, message: "expected a member name, '*' or '[' after '..', found end of"),
        Malformed(query: "$[]", offset: 2, message: "expected a selector (a quoted name, an index, a slice, '*' or"),
        Malformed(query: "$[0 2]", offset: 4, message: "expected ',' or ']' after the selector, found '2'"),
        Malformed(query: "$[@.a]", offset: 2, message: "a filter starts with '?'"),
        Malformed(query: "$['a", offset: 4, message: "expected ' to close the string that starts at column 3"),
        Malformed(query: #"$['\x']"#, offset: 3, message: #"invalid escape sequence \x"#),
        Malformed(query: #"$["\uD800"]"#, offset: 3, message: #"\uD800 is a high surrogate: expected a low surrogate"#),
        Malformed(query: "$[01]", offset: 2, message: "leading zeros are not allowed in an index"),
        Malformed(query: "$[-0]", offset: 2, message: "-0 is not allowed as an index"),
        Malformed(query: "$[9007199254740992]", offset: 2, message: "an index is out of range"),
        Malformed(query: "$[1:2:3:4]", offset: 7, message: "expected ',' or ']' after the selector, found ':'"),
        Malformed(query: "$[?@.a==01]", offset: 8, message: "leading zeros are not allowed in a number"),
        Malformed(query: "$[?@.a==1.]", offset: 10, message: "expected a digit after the decimal point, found ']'"),
        Malformed(query: "$[?true]", offset: 3, message: "literal true must be compared"),
        Malformed(query: "$[?@.* == 1]", offset: 3, message: "a query in a comparison must be singular"),
        Malformed(query: "$[?length(@.a)]", offset: 3, message: "length() returns a value, which must be compared"),
        Malformed(query: "$[?match(@.a, 'x') == true]", offset: 3, message: "match() returns a LogicalType"),
        Malformed(query: "$[?count(1) > 2]", offset: 9, message: "the argument of count() must be a query"),
        Malformed(query: "$[?length(@.*) < 3]", offset: 10, message: "the argument of length() must be a singular"),
        Malformed(query: "$[?search(@, 'a', 'b')]", offset: 3, message: "search() takes 2 arguments, found 3"),
        Malformed(query: "$[?foo(@)]", offset: 3, message: "unknown function 'foo'"),
        Malformed(query: "$[?count (@.*) == 1]", offset: 8, message: "expected '(' right after the function name"),
        Malformed(query: "$[?@.a = 1]", offset: 7, message: "expected '==' to compare, found a single '='"),
        Malformed(query: "$[?@.a & @.b]", offset: 7, message: "expected '&&', found a single '&'"),
        Malformed(query: "$[?(@.a]", offset: 7, message: "expected ')' to close the '(' at column 4, found ']'"),
        Malformed(query: "$[?!@.a == 1]", offset: 3, message: "'!' cannot negate a comparison"),
        Malformed(query: "$[?@.a < 1 <= 2]", offset: 11, message: "comparisons cannot be chained"),
        Malformed(query: "$[?@.a == True]", offset: 10, message: "found 'T' (write true in lowercase)"),
        Malformed(query: "$[?@.a == 'é' && ]", offset: 17, message: "expected a query ('@' or '$')"),
        Malformed(query: "$[?@[ 'a' ] == 1]", offset: 3, message: "allows no blanks inside its brackets"),
        Malformed(query: "$[?length(@[0 ]) > 1]", offset: 10, message: "allows no blanks inside its brackets"),
    ]

    @Test("malformed queries are rejected at the right column with a clear message", arguments: malformed)
    func rejectsMalformedQuery(_ bad: Malformed) {
        #expect {
            _ = try JSONPath(bad.query)
        } throws: { error in
            guard let error = error as? PathSyntaxError else { return false }
            return error.language == .jsonPath && error.path == bad.query && error.offset == bad.offset
                && error.message.contains(bad.message)
                && error.description.hasPrefix("invalid JSONPath at column \(bad.offset + 1): ")
        }
    }

    @Test("the caret in an error's description points at the problem")
    func caretPointsAtProblem() throws {
        let error = try #require(throws: PathSyntaxError.self) { try JSONPath("$.a[?@.b > ]") }
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[1] == "  $.a[?@.b > ]")
        #expect(lines[2] == "  " + String(repeating: " ", count: 11) + "^")
    }

    @Test("filter nesting is bounded, with an error instead of a deep recursion")
    func nestingIsBounded() throws {
        let deep = "$[?" + String(repeating: "(", count: 150) + "@" + String(repeating: ")", count: 150) + "]"
        let error = try #require(throws: PathSyntaxError.self) { try JSONPath(deep) }
        #expect(error.message.contains("nested too deeply"))
        let fine = "$[?" + String(repeating: "(", count: 50) + "@.a" + String(repeating: ")", count: 50) + "]"
        let document = try JSONDocument(parsing: #"[{"a": 1}, {"b": 2}]"#)
        #expect(try JSONPath(fine).select(in: document.root).map(\.location.normalizedPath) == ["$[0]"])
        let nestedFilters = "$" + String(repeating: "[?@", count: 99) + String(repeating: "]", count: 99)
        let deepArrays = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
        let nested = try JSONPath(nestedFilters)
        #expect(try nested.select(in: try JSONDocument(parsing: deepArrays).root).count == 1)
        #expect(try nested.select(in: try JSONDocument(parsing: "[[1]]").root).isEmpty)
    }

    @Test("blanks: between segments of a singular query, and inside brackets elsewhere")
    func blanksInQueries() throws {
        let document = try JSONDocument(parsing: #"[{"a": 1}, {"a": [2]}]"#)
        let between = try JSONPath("$[?@ ['a'] \n == 1]").select(in: document.root)
        #expect(between.map(\.location.normalizedPath) == ["$[0]"])
        let existence = try JSONPath("$[?@[ 'a' ][ 0 ]]").select(in: document.root)
        #expect(existence.map(\.location.normalizedPath) == ["$[1]"])
        let top = try JSONPath("$[ 1 ]\t[ 'a' , 'b' ]").select(in: document.root)
        #expect(top.map(\.location.normalizedPath) == ["$[1]['a']"])
    }

    // MARK: Semantics on an API body

    static let repositories = #"""
        {
          "total_count": 4,
          "items": [
            {"id": 1, "name": "swift", "full_name": "apple/swift", "stargazers_count": 67000,
             "language": "C++", "topics": ["compiler", "swift"], "owner": {"login": "apple"},
             "license": {"key": "apache-2.0"}, "archived": false},
            {"id": 2, "name": "swift-nio", "full_name": "apple/swift-nio", "stargazers_count": 8000,
             "language": "Swift", "topics": ["networking"], "owner": {"login": "apple"},
             "license": null, "archived": false},
            {"id": 3, "name": "Alamofire", "full_name": "Alamofire/Alamofire", "stargazers_count": 4.1e4,
             "language": "Swift", "topics": ["http", "networking"], "owner": {"login": "Alamofire"},
             "license": {"key": "mit"}, "archived": false},
            {"id": 4, "name": "old-tool", "full_name": "someone/old-tool", "stargazers_count": 12,
             "language": null, "topics": [], "owner": {"login": "someone"}, "archived": true}
          ]
        }
        """#

    struct Selection: Sendable, CustomTestStringConvertible {
        var query: String
        var values: [JSONValue]
        var paths: [String]

        var testDescription: String { query }
    }

    static let selections: [Selection] = [
        Selection(
            query: "$.items[?@.stargazers_count > 10000].name", values: ["swift", "Alamofire"],
            paths: ["$['items'][0]['name']", "$['items'][2]['name']"]),
        Selection(
            query: "$.items[?@.stargazers_count == 41000].full_name", values: ["Alamofire/Alamofire"],
            paths: ["$['items'][2]['full_name']"]),
        Selection(
            query: "$.items[?match(@.name, 'swift.*')].id", values: [1, 2],
            paths: ["$['items'][0]['id']", "$['items'][1]['id']"]),
        Selection(query: "$.items[?match(@.name, 'swift')].id", values: [1], paths: ["$['items'][0]['id']"]),
        Selection(query: "$.items[?search(@.name, '[Ff]ire')].id", values: [3], paths: ["$['items'][2]['id']"]),
        Selection(
            query: #"$.items[?search(@.full_name, '^apple/')].name"#, values: ["swift", "swift-nio"],
            paths: ["$['items'][0]['name']", "$['items'][1]['name']"]),
        Selection(
            query: "$..login", values: ["apple", "apple", "Alamofire", "someone"],
            paths: (0..<4).map { "$['items'][\($0)]['owner']['login']" }),
        Selection(query: "$.items[-1:].id", values: [4], paths: ["$['items'][3]['id']"]),
        Selection(query: "$.items[::-2].id", values: [4, 2], paths: ["$['items'][3]['id']", "$['items'][1]['id']"]),
        Selection(
            query: "$.items[1:3].name", values: ["swift-nio", "Alamofire"],
            paths: [
                "$['items'][1]['name']", "$['items'][2]['name']",
            ]),
        Selection(query: "$.items[?@.license == null].name", values: ["swift-nio"], paths: ["$['items'][1]['name']"]),
        Selection(query: "$.items[?!@.license].name", values: ["old-tool"], paths: ["$['items'][3]['name']"]),
        Selection(
            query: "$.items[?length(@.topics) == 0].name", values: ["old-tool"], paths: ["$['items'][3]['name']"]),
        Selection(
            query: "$.items[?@.owner.login == 'apple' && @.language == 'Swift'].name", values: ["swift-nio"],
            paths: ["$['items'][1]['name']"]),
        Selection(
            query: "$.items[?count(@.topics[?@ == 'networking']) > 0].id", values: [2, 3],
            paths: ["$['items'][1]['id']", "$['items'][2]['id']"]),
        Selection(
            query: "$.items[?@.stargazers_count < $.items[1].stargazers_count].name", values: ["old-tool"],
            paths: ["$['items'][3]['name']"]),
        Selection(
            query: "$.items[?@.archived == true].owner", values: [["login": "someone"]],
            paths: [
                "$['items'][3]['owner']"
            ]),
        Selection(query: "$.total_count", values: [4], paths: ["$['total_count']"]),
        Selection(
            query: "$.items[0]['topics', 'id']", values: [["compiler", "swift"], 1],
            paths: [
                "$['items'][0]['topics']", "$['items'][0]['id']",
            ]),
    ]

    @Test("queries over a GitHub-like search response", arguments: selections)
    func selectsFromRepositories(_ selection: Selection) throws {
        let document = try JSONDocument(parsing: Self.repositories)
        let matches = try JSONPath(selection.query).select(in: document.root)
        #expect(matches.map(\.node.value) == selection.values)
        #expect(matches.map(\.location.normalizedPath) == selection.paths)
        for match in matches {
            #expect(document.root[match.location] == match.node)
        }
    }

    @Test("queries over GitHub's own search-repositories example body")
    func selectsFromGitHubExample() throws {
        let document = try JSONDocument(parsing: Fixtures.bytes("github/search-repositories.json"))
        let root = document.root
        let tetris = try JSONPath("$.items[?@.stargazers_count >= 1 && @.language == 'Assembly'].full_name")
        #expect(try tetris.select(in: root).map(\.node.value) == ["dtrupenn/Tetris"])
        let owners = try JSONPath("$..[?@.login == 'dtrupenn'].id").select(in: root)
        #expect(owners.map(\.node.value) == [872147])
        #expect(owners.map(\.location.normalizedPath) == ["$['items'][0]['owner']['id']"])
        let mit = try JSONPath("$..license[?@ == 'mit']").select(in: root)
        #expect(mit.map(\.location.normalizedPath) == ["$['items'][0]['license']['key']"])
        let apiURLs = try JSONPath(#"$.items[0].owner[?search(@, '^https://api\\.github\\.com/users/')]"#)
        #expect(try apiURLs.select(in: root).count > 3)
        #expect(
            try apiURLs.select(in: root).allSatisfy {
                $0.node.stringValue?.hasPrefix("https://api.github.com/") == true
            })
    }

    @Test("numbers compare by value whatever their spelling")
    func numbersCompareByValue() throws {
        let document = try JSONDocument(parsing: "[1, 1.0, 1e0, 10E-1, 2, 100000000000000000001, 0.1]")
        let ones = try JSONPath("$[?@ == 1]").select(in: document.root)
        #expect(ones.map(\.location.normalizedPath) == ["$[0]", "$[1]", "$[2]", "$[3]"])
        let huge = try JSONPath("$[?@ > 100000000000000000000]").select(in: document.root)
        #expect(huge.map(\.location.normalizedPath) == ["$[5]"])
    }

    @Test("strings compare by Unicode scalars, not by canonical equivalence")
    func stringsCompareByScalars() throws {
        let document = try JSONDocument(parsing: #"["\u00e9", "e\u0301", "z", "\ud83d\ude00"]"#)
        let precomposed = try JSONPath("$[?@ == '\u{E9}']").select(in: document.root)
        #expect(precomposed.map(\.location.normalizedPath) == ["$[0]"])
        let aboveZ = try JSONPath("$[?@ > 'z']").select(in: document.root)
        #expect(aboveZ.map(\.location.normalizedPath) == ["$[0]", "$[3]"])
        let lengths = try JSONPath("$[?length(@) == 2]").select(in: document.root)
        #expect(lengths.map(\.location.normalizedPath) == ["$[1]"])
    }

    @Test("arrays and objects compare by deep equality, objects ignoring member order")
    func deepEquality() throws {
        let document = try JSONDocument(
            parsing: #"""
                [{"a": {"x": [1, {"y": 2}], "z": null}, "b": {"z": null, "x": [1.0, {"y": 2e0}]}},
                 {"a": {"x": [1, 2]}, "b": {"x": [2, 1]}},
                 {"a": [], "b": {}}]
                """#)
        let equal = try JSONPath("$[?@.a == @.b]").select(in: document.root)
        #expect(equal.map(\.location.normalizedPath) == ["$[0]"])
    }

    @Test("duplicate member names: the last one wins, and every location leads back to its node")
    func duplicateMemberNames() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(try JSONPath("$.a").select(in: document.root).map(\.node.value) == [3])
        let all = try JSONPath("$.*").select(in: document.root)
        #expect(all.map(\.node.value) == [2, 3])
        #expect(all.map(\.location.normalizedPath) == ["$['b']", "$['a']"])
        for match in all {
            #expect(document.root[match.location] == match.node)
        }
        #expect(
            try JSONPath("$[?length(@) == 2]").select(in: JSONDocument(parsing: #"[{"a": 1, "a": 2}]"#).root)
                .count == 0)
    }

    @Test("normalized paths escape names as RFC 9535 §2.7 requires")
    func normalizedPathEscapes() throws {
        let document = try JSONDocument(parsing: #"{"it's": {"back\\slash": {"tab\there": {"\u0001": true}}}}"#)
        let matches = try JSONPath("$..*").select(in: document.root)
        #expect(
            matches.map(\.location.normalizedPath) == [
                #"$['it\'s']"#, #"$['it\'s']['back\\slash']"#, #"$['it\'s']['back\\slash']['tab\there']"#,
                #"$['it\'s']['back\\slash']['tab\there']['\u0001']"#,
            ])
    }

    @Test("invalid or non-I-Regexp patterns give false, never an error")
    func invalidPatternsAreFalse() throws {
        let document = try JSONDocument(parsing: #"{"bad": "a(", "digit": "\\d", "values": ["1", "d", "a(", "a"]}"#)
        #expect(try JSONPath("$.values[?match(@, $.bad)]").select(in: document.root).isEmpty)
        #expect(try JSONPath("$.values[?search(@, $.digit)]").select(in: document.root).isEmpty)
        #expect(try JSONPath(#"$.values[?match(@, '\\d')]"#).select(in: document.root).isEmpty)
        #expect(try JSONPath("$.values[?match(@, 'a[(]')]").select(in: document.root).map(\.node.value) == ["a("])
    }

    // MARK: Deep documents

    @Test("descendants of a 1000-level document are found without deep recursion")
    func deepDocument() throws {
        let depth = 1000
        let text = String(repeating: "[", count: depth - 1) + #"{"x": 1}"# + String(repeating: "]", count: depth - 1)
        let document = try JSONDocument(parsing: text)
        let matches = try JSONPath("$..x").select(in: document.root)
        #expect(matches.count == 1)
        #expect(matches.first?.location.components.count == depth)
        #expect(matches.first?.location.normalizedPath.hasSuffix("[0][0]['x']") == true)
        // 998 nested arrays, the object and its number.
        #expect(try JSONPath("$..*").select(in: document.root).count == depth)
    }

    @Test("deep equality of two 1000-level values is iterative")
    func deepEqualityOfDeepValues() throws {
        let deep = String(repeating: "[", count: 999) + "1" + String(repeating: "]", count: 999)
        let deeper = String(repeating: "[", count: 999) + "2" + String(repeating: "]", count: 999)
        let document = try JSONDocument(parsing: "[\(deep), \(deep), \(deeper)]")
        let same = try JSONPath("$[?@ == $[0]]").select(in: document.root)
        #expect(same.map(\.location.normalizedPath) == ["$[0]", "$[1]"])
    }

    // MARK: The value

    @Test("description, equality and hashing follow the query text")
    func valueSemantics() throws {
        let text = "$.items[ ?@.a ]"
        let path = try JSONPath(text)
        #expect(path.description == text)
        #expect(try path == JSONPath(text))
        #expect(try path != JSONPath("$.items[?@.a]"))
        #expect(try Set([path, JSONPath(text), JSONPath("$")]).count == 2)
        #expect(try JSONPath("$['\u{E9}']") != JSONPath("$['e\u{301}']"))
    }

    @Test("the examples in the documentation behave as documented")
    func documentedExamples() throws {
        let repos = try JSONDocument(
            parsing: #"""
                {"repos": [{"name": "swift", "stars": 67000}, {"name": "tiny", "stars": 3}]}
                """#)
        let popular = try JSONPath("$.repos[?@.stars > 1000].name").select(in: repos.root)
        #expect(popular.map(\.location.normalizedPath) == ["$['repos'][0]['name']"])
        #expect(popular.map(\.node.stringValue) == ["swift"])

        let error = try #require(throws: PathSyntaxError.self) { try JSONPath("$.items[0") }
        #expect(
            error.description.hasPrefix(
                "invalid JSONPath at column 10: expected ',' or ']' after the selector, found end of query"))

        let numbers = try JSONDocument(parsing: #"{"a": [10, 20, 30]}"#)
        let matches = try JSONPath("$.a[-2:]").select(in: numbers.root)
        #expect(matches.map(\.location.normalizedPath) == ["$['a'][1]", "$['a'][2]"])
        #expect(matches.map { $0.node.numberValue?.int } == [20, 30])
        #expect(try JSONPath("$..id").description == "$..id")
    }

    // MARK: I-Regexp

    @Test(
        "I-Regexp validation follows RFC 9485",
        arguments: [
            ("a.b", true), ("[a-z]+", true), ("[^a-]", true), ("[-a]", true), (#"\p{Lu}\P{Nd}"#, true),
            ("(ab|cd){2,3}", true), (#"[\]\\]"#, true), ("a{2,}", true), ("x{0}", true), ("^a$", true),
            ("a{2,1}", false), ("[]", false), ("[^]", false), (#"\d"#, false), ("(?:a)", false), ("a**", false),
            ("[z-a]", false), (#"\p{Xx}"#, false), ("(a", false), ("a)", false), ("[a-b-c]", false), ("{2}", false),
            (#"\"#, false), (#"[\p{L}-z]"#, false),
        ])
    func iRegexpValidation(pattern: String, valid: Bool) {
        switch IRegexp.compile(pattern) {
        case .success:
            #expect(valid, "accepted \(pattern)")
        case .failure(let failure):
            #expect(!valid, "rejected \(pattern) at \(failure.offset): \(failure.message)")
        }
    }
}
