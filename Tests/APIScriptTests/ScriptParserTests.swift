import Testing

@testable import APIScript

/// The command language's parser: what each line becomes, and where a malformed line is wrong.
@Suite struct ScriptParserTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let line: String
        /// A short rendering of the parsed action.
        let parsed: String
        var testDescription: String { line }
    }

    @Test(arguments: [
        Valid(line: "use demo", parsed: "use demo"),
        Valid(line: "use \"demo\"", parsed: "use demo"),
        Valid(line: "set user = 1001", parsed: "set user=1001"),
        Valid(line: "set greeting = \"two words\"", parsed: "set greeting=two words"),
        Valid(line: "set url = http://x/?a=1 b", parsed: "set url=http://x/?a=1 b"),
        Valid(line: "call user", parsed: "call user"),
        Valid(line: "call user id=1001 q=\"a b\" empty=", parsed: "call user id=1001 q=a b empty="),
        Valid(line: "call user id=${first}", parsed: "call user id=${first}"),
        Valid(line: "get /cmd/users?page=2", parsed: "GET /cmd/users?page=2"),
        Valid(line: "post /slack/auth.test {\"a\": [1, 2]}", parsed: "POST /slack/auth.test body={\"a\": [1, 2]}"),
        Valid(line: "delete /x", parsed: "DELETE /x"),
        Valid(line: "probe data>list>0>id", parsed: "probe data>list>0>id"),
        Valid(
            line: "probe $.items[?@.language == \"Assembly\"].name",
            parsed: "probe jsonpath $.items[?@.language == \"Assembly\"].name"),
        Valid(line: "probe \"key with space>x\"", parsed: "probe key with space>x"),
        Valid(line: "expect success", parsed: "expect outcome success"),
        Valid(line: "expect business-failure", parsed: "expect outcome business-failure"),
        Valid(line: "expect http-failure", parsed: "expect outcome http-failure"),
        Valid(line: "expect http 404", parsed: "expect http 404"),
        Valid(line: "expect tip \"成功\"", parsed: "expect tip == 成功"),
        Valid(line: "expect tip ~ /^invalid (token|auth)$/", parsed: "expect tip ~ ^invalid (token|auth)$"),
        Valid(line: "expect probe name == \"张伟\"", parsed: "expect probe name == \"张伟\""),
        Valid(line: "expect probe balance >= 1000", parsed: "expect probe balance >= 1000"),
        Valid(line: "expect probe tags == [\"摄影\", \"徒步\"]", parsed: "expect probe tags == [\"摄影\", \"徒步\"]"),
        Valid(line: "expect probe $[?@.id > 1].name != []", parsed: "expect probe $[?@.id > 1].name != []"),
        Valid(line: "expect count list == 2", parsed: "expect count list == 2"),
        Valid(line: "expect time < 500ms", parsed: "expect time < 500.0ms"),
        Valid(line: "expect error token_expired", parsed: "expect error token_expired"),
        Valid(line: "expect unchanged", parsed: "expect unchanged"),
        Valid(line: "expect unchanged except volatile", parsed: "expect unchanged except volatile"),
        Valid(line: "expect time <= 2s", parsed: "expect time <= 2000.0ms"),
        Valid(line: "capture first = list>0>id", parsed: "capture first list>0>id"),
        Valid(line: "capture token = event -1 data>token", parsed: "capture token event[-1] data>token"),
        Valid(line: "expect events >= 3", parsed: "expect events >= 3"),
        Valid(line: "expect event any tip == ok", parsed: "expect probe event[any] tip == ok"),
        Valid(
            line: "expect event last model>state == \"done\"", parsed: "expect probe event[-1] model>state == \"done\""),
        Valid(line: "expect probe event == 3", parsed: "expect probe event == 3"),
        Valid(line: "zip { call a; call b id=\"x;y\" }", parsed: "zip [call a, call b id=x;y]"),
        Valid(line: "history", parsed: "history 20"),
        Valid(line: "history 5", parsed: "history 5"),
        Valid(line: "replay 42", parsed: "replay 42"),
        Valid(line: "  call user   # not a comment: ids may hold #", parsed: "call user"),
    ])
    func parsesALine(_ valid: Valid) throws {
        // The trailing `#…` case shows that only whole lines are comments: it is a syntax error.
        if valid.line.contains("# not a comment") {
            #expect(throws: ScriptErrors.self) { try Script(parsing: valid.line, name: "t.apx") }
            return
        }
        let script = try Script(parsing: valid.line, name: "t.apx")
        #expect(script.commands.count == 1)
        #expect(render(script.commands[0].action) == valid.parsed)
    }

    @Test func blockZipSkipsCommentsAndBlankLines() throws {
        let script = try Script(
            parsing: """
                # header comment
                use demo

                zip {
                  call gank
                  # inside the block
                  get /jsend/posts/1
                }
                expect success
                """, name: "t.apx")
        #expect(script.commands.map(\.line) == [2, 4, 9])
        #expect(render(script.commands[1].action) == "zip [call gank, GET /jsend/posts/1]")
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        /// `line:column: message` of the first error.
        let error: String
        var testDescription: String { error }
    }

    @Test(arguments: [
        Invalid(text: "cal users", error: "1:1: unknown command 'cal' (did you mean 'call'?)"),
        Invalid(text: "use demo\nset = 3", error: "2:5: invalid variable name '='"),
        Invalid(text: "set x 3", error: "1:7: expected '=' after the variable name"),
        Invalid(text: "set 1x = 3", error: "1:5: invalid variable name '1x'"),
        Invalid(text: "call", error: "1:5: expected an endpoint id"),
        Invalid(text: "call user id", error: "1:11: expected name=value"),
        Invalid(text: "call user =3", error: "1:11: expected a parameter name before '='"),
        Invalid(text: "call user id=\"open", error: "1:14: unterminated string"),
        Invalid(text: "call user id=${}", error: "1:16: invalid variable name ''"),
        Invalid(text: "call user id=${x", error: "1:14: unterminated '${'"),
        Invalid(text: "probe", error: "1:6: expected a path"),
        Invalid(text: "probe $.a[?@.b == 1", error: "1:7: unbalanced brackets"),
        Invalid(text: "expect", error: "1:7: expected an expectation"),
        Invalid(text: "expect sucess", error: "1:8: unknown expectation 'sucess'"),
        Invalid(text: "expect http 99", error: "1:13: expected an HTTP status code between 100 and 599"),
        Invalid(text: "expect http", error: "1:12: expected an HTTP status code"),
        Invalid(text: "expect tip ~ invalid", error: "1:14: expected a regular expression between slashes"),
        Invalid(text: "expect error", error: "1:13: expected a catalogued error name (or uncatalogued)"),
        Invalid(
            text: "expect unchanged since",
            error: "1:18: expected 'except volatile' or the end of the line after 'unchanged'"),
        Invalid(text: "expect unchanged except", error: "1:24: expected 'volatile' after 'unchanged except'"),
        Invalid(text: "expect unchanged except volatile now", error: "1:34: unexpected 'now'"),
        Invalid(
            text: "expect tip ~ /(/",
            error: "1:16: invalid regular expression (RFC 9485 I-Regexp): expected ')' to close"),
        Invalid(text: "expect probe id = 3", error: "1:17: expected a comparison"),
        Invalid(text: "expect probe id ==", error: "1:19: expected a JSON value"),
        Invalid(text: "expect count list == two", error: "1:22: expected a whole number"),
        Invalid(text: "expect time < soon", error: "1:15: expected a duration such as 500ms or 2s"),
        Invalid(text: "expect success now", error: "1:16: unexpected 'now'"),
        Invalid(text: "capture x list", error: "1:11: expected '=' after the variable name"),
        Invalid(
            text: "expect event soon data == 1",
            error: "1:14: expected an event: any, first, last or its index (0, 1, -1 for the last)"),
        Invalid(text: "expect events > many", error: "1:17: expected a whole number"),
        Invalid(text: "history -1", error: "1:9: expected a positive number of entries"),
        Invalid(text: "zip call a", error: "1:5: expected '{' after 'zip'"),
        Invalid(text: "zip { call a; probe x }", error: "1:15: only 'call' and raw requests"),
        Invalid(text: "zip {  }", error: "1:9: 'zip' needs at least one call"),
        Invalid(text: "zip {\ncall a\n", error: "1:1: 'zip {' is never closed with '}'"),
        Invalid(text: "zip {\n}", error: "1:1: 'zip' needs at least one call"),
        Invalid(text: "zip {\n  expect success\n}", error: "2:3: only 'call' and raw requests"),
        Invalid(text: "set x = \"a\\qb\"", error: "1:11: unknown escape '\\q'"),
    ])
    func reportsWhereALineIsWrong(_ invalid: Invalid) {
        do {
            _ = try Script(parsing: invalid.text, name: "t.apx")
            Issue.record("expected a syntax error")
        } catch {
            let first = error.errors[0]
            #expect("\(first.line):\(first.column): \(first.message)".hasPrefix(invalid.error))
            #expect(first.description.hasPrefix("t.apx:\(first.line):\(first.column): "))
            #expect(first.kind == .syntax)
        }
    }

    @Test func reportsEveryErrorOfAScriptAtOnce() {
        do {
            _ = try Script(parsing: "use demo\ncal x\nexpect nothing\ncall ok\nprobe", name: "s.apx")
            Issue.record("expected syntax errors")
        } catch {
            #expect(error.errors.map { "\($0.line):\($0.column)" } == ["2:1", "3:8", "5:6"])
        }
    }

    @Test(arguments: [
        ("call a\nexpect success\ncall b\nexpect tip \"x\"\ncall c\nprobe x\nexpect http 404", [0, 4]),
        ("zip { call a; call b }\nexpect business-failure", [0]),
        ("call a\nuse other\nexpect success", []),
        ("expect success\ncall a", []),
    ])
    func outcomeExpectationsReplaceTheProfileDefaults(text: String, overridden: [Int]) throws {
        let script = try Script(parsing: text, name: "t.apx")
        #expect(ScriptRunner.commandsOverridingDefaults(script.commands) == Set(overridden))
    }

    @Test(arguments: [
        ("a${x}b", ["x": "1"], "a1b"),
        ("$${x}", [:], "${x}"),
        ("$.items[0]", [:], "$.items[0]"),
        ("${a}${b}", ["a": "1", "b": "2"], "12"),
        ("cost $5", [:], "cost $5"),
    ])
    func interpolatesVariables(text: String, variables: [String: String], expected: String) throws {
        let scriptText = try ScriptScanner.interpolate(text, column: 1, source: text, line: 1, scriptName: "t")
        #expect(try scriptText.resolve(variables, environment: [:], line: 1, scriptName: "t") == expected)
    }

    @Test func anUndefinedVariableNamesItsColumnAndTheDefinedOnes() throws {
        let text = try ScriptScanner.interpolate("id=${user}", column: 10, source: "", line: 3, scriptName: "t.apx")
        #expect(throws: ScriptError.self) {
            try text.resolve(["first": "1"], environment: [:], line: 3, scriptName: "t.apx")
        }
        do {
            _ = try text.resolve(["first": "1"], environment: [:], line: 3, scriptName: "t.apx")
        } catch {
            #expect(error.description == "t.apx:3:13: undefined variable 'user' (defined: first)")
        }
    }

    private func render(_ action: ScriptCommand.Action) -> String {
        switch action {
        case .use(let profile): "use \(profile.literalOrSource)"
        case .set(let name, let value): "set \(name)=\(value.literalOrSource)"
        case .call(let endpoint, let arguments, _):
            (["call \(endpoint.literalOrSource)"] + arguments.map { "\($0.name)=\($0.value.literalOrSource)" })
                .joined(separator: " ")
        case .request(let method, let path, let body):
            "\(method) \(path.literalOrSource)" + (body.map { " body=\($0.description)" } ?? "")
        case .probe(let path): "probe " + (path.isJSONPath ? "jsonpath " : "") + path.text.literalOrSource
        case .expect(let expectation): "expect " + render(expectation)
        case .capture(let name, let path): "capture \(name) \(render(path))"
        case .zip(let calls): "zip [" + calls.map { render($0.action) }.joined(separator: ", ") + "]"
        case .history(let limit): "history \(limit)"
        case .replay(let id): "replay \(id.literalOrSource)"
        case .conditional(let condition, let then, let otherwise):
            "if \(render(condition)) [\(then.count)] else [\(otherwise.count)]"
        case .repeatUntil(let condition, _, _, let body): "repeat until \(render(condition)) [\(body.count)]"
        case .skip(let reason): "skip \(reason?.literalOrSource ?? "")"
        case .only: "only"
        }
    }

    private func render(_ expectation: ResponseExpectation) -> String {
        switch expectation {
        case .outcome(let outcome): "outcome \(outcome)"
        case .httpStatus(let status): "http \(status)"
        case .tipEquals(let text): "tip == \(text.literalOrSource)"
        case .tipMatches(let pattern, _): "tip ~ \(pattern)"
        case .probe(let path, let comparison, let value):
            "probe \(render(path)) \(comparison.rawValue) \(value.description)"
        case .count(let path, let comparison, let count):
            "count \(path.text.literalOrSource) \(comparison.rawValue) \(count)"
        case .time(let comparison, let milliseconds): "time \(comparison.rawValue) \(milliseconds)ms"
        case .businessError(let name, _): "error \(name)"
        case .unchanged(let exceptVolatile): exceptVolatile ? "unchanged except volatile" : "unchanged"
        case .eventCount(let comparison, let count): "events \(comparison.rawValue) \(count)"
        }
    }

    private func render(_ path: ScriptPath) -> String {
        switch path.event {
        case .index(let index)?: "event[\(index)] \(path.text.literalOrSource)"
        case .any?: "event[any] \(path.text.literalOrSource)"
        case nil: path.text.literalOrSource
        }
    }
}

extension ScriptText {
    /// The literal text, or the source when it has placeholders.
    fileprivate var literalOrSource: String { literalValue ?? description }
}
