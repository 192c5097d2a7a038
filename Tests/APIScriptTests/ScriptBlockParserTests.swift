import Testing

@testable import APIScript

/// `if`/`else`, `repeat until`, `skip`, `only` and `${env:…}`: how they parse, and every mistake
/// reported at its line and column, all at once.
@Suite struct ScriptBlockParserTests {
    @Test func blocksNestAndKeepTheirCommands() throws {
        let script = try Script(
            parsing: """
                use demo
                call user
                if business-failure {
                  skip "no user"
                } else if http 404 {
                  call users
                } else {
                  repeat until probe status == "done" every 250ms for 1m {
                    call job id=1
                    zip {
                      call user
                    }
                  }
                }
                """, name: "b.apx")
        #expect(script.commands.count == 3)
        guard case .conditional(let condition, let then, let otherwise) = script.commands[2].action else {
            Issue.record("expected an if")
            return
        }
        #expect(condition.isOutcome)
        #expect(then.map(\.line) == [4])
        guard case .conditional(_, let inner, let last)? = otherwise.first?.action,
            case .repeatUntil(_, let every, let limit, let body)? = last.first?.action
        else {
            Issue.record("expected else if … else { repeat … }")
            return
        }
        #expect(inner.map(\.line) == [6])
        #expect(every == .milliseconds(250) && limit == .seconds(60))
        #expect(body.map(\.line) == [9, 10])
        #expect(!script.isFocused)
        #expect(try Script(parsing: "only\nuse demo", name: "o.apx").isFocused)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let errors: [String]
        var testDescription: String { text }
    }

    @Test(arguments: [
        Invalid(text: "if success {\ncall a\n", errors: ["1:1: 'if {' is never closed with '}'"]),
        Invalid(text: "call a\n}", errors: ["2:1: '}' closes no block"]),
        Invalid(text: "zip {\ncall a\n} else {\n}", errors: ["3:1: expected '}' to close 'zip'"]),
        Invalid(text: "if sucess {\n  call a\n}", errors: ["1:4: unknown expectation 'sucess'"]),
        Invalid(text: "if success\ncall a", errors: ["1:1: 'if' opens a block: end the line with '{'"]),
        Invalid(
            text: "repeat until success {\n  call a\n}",
            errors: ["1:1: expected 'for DURATION' at the end: repeat until CONDITION every 2s for 1m {"]),
        Invalid(
            text: "repeat until success every 0ms for 1s {\n  call a\n}",
            errors: ["1:28: expected a duration of 1ms to 1h after 'every'"]),
        Invalid(
            text: "repeat until success for 2d {\n  call a\n}", errors: ["1:26: expected a duration of 1ms to 24h"]),
        Invalid(text: "repeat while success for 1s {\n  call a\n}", errors: ["1:8: expected 'until' after 'repeat'"]),
        Invalid(text: "repeat until success for 1s {\n}", errors: ["1:1: 'repeat' needs at least one command"]),
        Invalid(text: "if success {\n  only\n}", errors: ["2:3: 'only' marks a whole script"]),
        Invalid(text: "call a x=${env:1X}", errors: ["1:16: invalid environment variable name '1X'"]),
        Invalid(
            text: "if success {\n  cal a\n} else {\n  expect nothing\n}\n}",
            errors: ["2:3: unknown command 'cal'", "4:10: unknown expectation 'nothing'", "6:1: '}' closes no block"]),
    ])
    func reportsEveryMistakeWhereItIs(_ invalid: Invalid) {
        do {
            _ = try Script(parsing: invalid.text, name: "t.apx")
            Issue.record("expected syntax errors")
        } catch {
            let found = error.errors.map { "\($0.line):\($0.column): \($0.message)" }
            #expect(found.count == invalid.errors.count, "\(found)")
            for (message, expected) in zip(found, invalid.errors) {
                #expect(message.hasPrefix(expected), "\(message)")
            }
        }
    }

    @Test func nestingPastTheLimitIsAnErrorNotARecursion() {
        let depth = 100_000
        let text =
            String(repeating: "if success {\n", count: depth) + "call a\n" + String(repeating: "}\n", count: depth)
        do {
            _ = try Script(parsing: text, name: "deep.apx")
            Issue.record("expected the nesting limit")
        } catch {
            #expect(error.errors.map(\.description) == ["deep.apx:65:1: blocks nest at most 64 deep"])
        }
        let chain =
            "call a\nif success {\n" + String(repeating: "} else if http 200 {\n", count: depth) + "call b\n}\n"
        do {
            _ = try Script(parsing: chain, name: "chain.apx")
            Issue.record("expected the nesting limit")
        } catch {
            #expect(error.errors.map(\.description) == ["chain.apx:66:8: blocks nest at most 64 deep"])
        }
    }

    @Test func readingStopsAfterAHundredErrors() {
        do {
            _ = try Script(parsing: String(repeating: "y.\n", count: 5000) + "if success {\n", name: "noise.apx")
            Issue.record("expected syntax errors")
        } catch {
            #expect(error.errors.count == 101)
            #expect(error.errors.first?.description.hasPrefix("noise.apx:1:1: unknown command 'y.'") == true)
            #expect(error.errors.last?.description == "noise.apx:100:1: stopped after 100 errors; fix these first")
        }
    }

    @Test func timingWordsInsideATipRegexStayInTheCondition() throws {
        let script = try Script(parsing: "repeat until tip ~ /wait every 2s/ for 1m {\n  call a\n}", name: "r.apx")
        guard case .repeatUntil(.tipMatches(let pattern, _), let every, let limit, _) = script.commands[0].action else {
            Issue.record("expected a repeat on a tip regex")
            return
        }
        #expect(pattern == "wait every 2s" && every == .seconds(1) && limit == .seconds(60))
    }

    @Test func environmentPlaceholdersResolveWithFallbacks() throws {
        let script = try Script(
            parsing: "call a x=${env:HOME_X} y=${env:MISSING:-dev:1} z=${env:EMPTY:-}", name: "e.apx")
        guard case .call(_, let arguments, _) = script.commands[0].action else {
            Issue.record("expected a call")
            return
        }
        let values = try arguments.map {
            try $0.value.resolve([:], environment: ["HOME_X": "x1"], line: 1, scriptName: "e.apx")
        }
        #expect(values == ["x1", "dev:1", ""])
        #expect(arguments[0].value.environmentNames == ["HOME_X"])
    }
}
