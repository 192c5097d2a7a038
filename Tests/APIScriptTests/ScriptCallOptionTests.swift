import APIMapping
import APIScript
import Testing

/// `call … --model=`, `--envelope=`, `--pages=`, `--data=` and `--form=`: what one call changes,
/// parsed with their columns and run against the demo backend.
@Suite struct ScriptCallOptionTests {
    @Test(arguments: [
        ("call user --nope=1", "unknown call option '--nope'", 11),
        ("call user --model=data --id=2", "unknown call option '--id'", 24),
        ("call user --model=data id=2", "parameters come before the --options", 24),
        ("call user --pages=all --pages=2", "'--pages' is given twice", 23),
        ("call user --model", "expected name=value or --option=value", 11),
    ])
    func aBadOptionIsASyntaxErrorAtItsColumn(_ line: String, _ message: String, _ column: Int) {
        do {
            _ = try Script(parsing: line, name: "t.apx")
            Issue.record("'\(line)' parsed")
        } catch {
            let first = error.errors.first
            #expect(first?.message.contains(message) == true, "\(error)")
            #expect(first?.column == column, "\(error)")
        }
    }

    @Test func aModelOverrideMapsThisCallOnly() async throws {
        let run = try await ScriptHarness.run(
            """
            use demo
            call users --model=data>list
            expect count $[*] == 2
            probe 0>name
            call users
            probe total
            """)
        #expect(run.status == .passed, "\(run.reports.map(\.jsonValue))")
        #expect(run.json(line: 2)["model_path"].string == "data>list")
        #expect(run.json(line: 4)["value"].string == "张伟")
        #expect(run.json(line: 6)["value"].int == 2)
    }

    @Test func anEnvelopeOverrideChangesTheVerdict() async throws {
        let run = try await ScriptHarness.run(
            """
            use demo
            call orders --envelope=success=40013
            expect success
            """)
        #expect(run.status == .passed, "\(run.reports.map(\.jsonValue))")
    }

    @Test func pagesMakeEveryItemTheModel() async throws {
        let run = try await ScriptHarness.run(
            """
            use pages
            call cursor limit=7 --pages=all
            expect count $[*] == 95
            expect probe 94>id == 95
            call numbered --pages=3
            expect count $[*] == 30
            """)
        #expect(run.status == .passed, "\(run.reports.map(\.jsonValue))")
        #expect(run.json(line: 2)["paged"]["pages"].int == 14)
        #expect(run.json(line: 2)["paged"]["stop"].string == "last page: no next cursor")
    }

    @Test func pagesDoNotGoWithABody() async throws {
        let run = try await ScriptHarness.run("use pages\ncall cursor --pages=all --data={}")
        #expect(run.status == .usageError)
        #expect(
            run.json(line: 2)["error"]["message"].string?.contains("does not go with --data") == true,
            "\(run.json(line: 2))")
    }

    @Test func aWalkKeepsItemsOfAtMostItsByteBudgetOfPages() async throws {
        let whole = try await ScriptHarness.run("use pages\ncall cursor limit=7 --pages=all")
        #expect(whole.status == .passed)
        let run = try await ScriptHarness.run("use pages\ncall cursor limit=7 --pages=all", pagedBytesBudget: 2048)
        #expect(run.status == .expectationFailed)
        let message = run.json(line: 2)["failures"][0]["message"].string ?? ""
        #expect(message.contains("more than 1000000 items or 2.0 KiB of pages"), "\(message)")
        #expect(message.contains("use request --all, which streams them"))
        let pages = try #require(run.json(line: 2)["paged"]["pages"].int)
        #expect(pages >= 1 && pages < 14, "stopped early: \(pages) pages")
        #expect((run.reports.first { $0.line == 2 }?.pagedItems?.count ?? 95) < 95)
    }

    @Test func aLoopingWalkFailsTheCall() async throws {
        let run = try await ScriptHarness.run("use pages\ncall loop --pages=all")
        #expect(run.status == .expectationFailed)
        #expect(run.json(line: 2)["failures"][0]["message"].string?.contains("came back") == true)
    }
}
