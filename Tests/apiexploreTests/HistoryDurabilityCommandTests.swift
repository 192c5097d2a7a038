import Foundation
import RawHTTPTesting
import Testing

/// History never loses an exchange silently, through the binary: a busy SQLite file (another
/// process holding its write lock) gives one warning and a recovery file that the next run imports;
/// `--require-history` fails such a run; a FIFO named as the history is refused at once.
@Suite struct HistoryDurabilityCommandTests {
    struct Scratch {
        let directory: URL
        var history: URL { directory.appendingPathComponent("history.sqlite") }
        var state: URL { directory.appendingPathComponent("state") }
        var environment: [String: String] { ["APIEXPLORE_HISTORY": history.path, "APIEXPLORE_STATE": state.path] }

        init() throws { directory = try Subprocess.temporaryDirectory() }
        func remove() { CommandRunner.remove(directory) }
    }

    /// Holds the history's write lock with the `sqlite3` shell until released.
    final class LockHolder {
        private let process = Process()
        private let input: Pipe
        private let output: Pipe

        init(_ database: URL) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sqlite3", database.path]
            (input, output) = try ProcessLaunch.run(process, piping: .input, .output)
            input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
            // The shell prints once it holds the lock.
            var seen = Data()
            while !seen.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += chunk
            }
            #expect(String(decoding: seen, as: UTF8.self).hasPrefix("locked"))
        }

        func release() {
            input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
        }
    }

    @Test func aBusyHistoryWarnsKeepsTheExchangeAndTheNextRunImportsIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try await CommandRunner.run(["request", "demo", "user"], environment: scratch.environment)
        #expect(first.status == 0, "\(first.stderr)")

        let holder = try LockHolder(scratch.history)
        let busy = try await CommandRunner.run(
            ["run", "-"], stdin: "use demo\ncall user id=1002\ncall users\n", environment: scratch.environment)
        let required = try await CommandRunner.run(
            ["request", "demo", "user", "--require-history"], environment: scratch.environment)
        holder.release()

        // The call itself succeeded; history said once why it did not record, and where it kept it.
        #expect(busy.status == 0, "\(busy.stdout)\(busy.stderr)")
        let warnings = busy.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(busy.stderr)")
        #expect(warnings.first?.contains("another process's write lock") == true, "\(busy.stderr)")
        #expect(warnings.first?.contains("history-recovery") == true, "\(busy.stderr)")
        let calls = Subprocess.jsonLines(busy.stdout).filter { $0["command"] as? String == "call" }
        #expect(calls.count == 2)
        #expect(calls.allSatisfy { $0["history_id"] is NSNull }, "\(busy.stdout)")
        #expect(required.status == 5, "\(required.stdout)\(required.stderr)")
        #expect(required.stderr.contains("1 exchange was not recorded in history"), "\(required.stderr)")

        let kept = try FileManager.default.subpathsOfDirectory(
            atPath: scratch.state.appendingPathComponent("history-recovery").path
        ).filter { $0.hasSuffix(".jsonl") }
        #expect(kept.count == 2, "\(kept)")

        let next = try await CommandRunner.run(["request", "demo", "users"], environment: scratch.environment)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("imported 3 exchanges"), "\(next.stderr)")
        let listed = try await CommandRunner.run(["history", "list", "--json"], environment: scratch.environment)
        let endpoints = Subprocess.jsonLines(listed.stdout).map { $0["endpoint"] as? String ?? "" }
        #expect(endpoints.count == 5, "\(endpoints)")
        #expect(endpoints.first == "users")
        #expect(endpoints.sorted() == ["user", "user", "user", "users", "users"])
        // The recovery files are gone once imported.
        let left = try FileManager.default.subpathsOfDirectory(
            atPath: scratch.state.appendingPathComponent("history-recovery").path
        ).filter { $0.contains(".jsonl") }
        #expect(left.isEmpty, "\(left)")
    }

    /// A FIFO where the history should be is refused before anything opens it: the command ends
    /// with a clear error instead of waiting for a reader forever.
    @Test func aFIFONamedAsTheHistoryIsRefusedAtOnce() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(mkfifo(scratch.history.path, 0o600) == 0)
        for arguments in [["request", "demo", "user"], ["history", "list"]] {
            let run = try BoundedRun(arguments, environment: scratch.environment, scratch: scratch.directory)
            let (output, hung) = try await run.finish(patience: .seconds(60))
            #expect(!hung, "\(arguments) waited on the FIFO")
            #expect(output.status == 2, "\(output.stderr)")
            #expect(output.stderr.contains("is a FIFO, not a regular file"), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }

    /// Rows say who recorded them; `history list --json` streams them all (more than one write's worth).
    @Test func theListingStreamsEveryRowAndSaysWhoRecordedIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorded = try await CommandRunner.run(["request", "demo", "user"], environment: scratch.environment)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // 1 row doubled eleven times: 2,048 rows, about half a megabyte of JSON lines.
        let columns = """
            recorded_at, profile, endpoint, method, url, request_headers, request_body_size, http_status, outcome, \
            tip, total_ms, response_body_size, stored_bytes, recorded_by, recorded_on, recorded_with
            """
        let doubling = Array(repeating: "INSERT INTO exchange (\(columns)) SELECT \(columns) FROM exchange;", count: 11)
        let filled = try await Subprocess.run("sqlite3", [scratch.history.path] + doubling)
        #expect(filled.status == 0, "\(filled.stderr)")
        let listed = try await CommandRunner.run(
            ["history", "list", "--json", "--limit", "20000"], environment: scratch.environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = Subprocess.jsonLines(listed.stdout)
        #expect(rows.count == 2048)
        #expect(rows.map { $0["id"] as? Int ?? 0 } == Array((1...2048).reversed()))
        let user = try await Subprocess.run("id", ["-un"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rows.allSatisfy { $0["recorded_by"] as? String == user })
        #expect(rows.allSatisfy { ($0["recorded_on"] as? String)?.isEmpty == false })
        let readable = try await CommandRunner.run(
            ["history", "list", "--limit", "1"], environment: scratch.environment)
        #expect(
            readable.stdout.hasSuffix("by \(user)@\(rows[0]["recorded_on"] as? String ?? "")\n"), "\(readable.stdout)")
    }

    /// `history migrate` says what it applied, then that the history is up to date; `--check` lists.
    @Test func migrateAppliesOnceAndChecks() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let applied = try await CommandRunner.run(["history", "migrate"], environment: scratch.environment)
        #expect(applied.status == 0, "\(applied.stderr)")
        let lines = applied.stdout.split(separator: "\n")
        #expect(lines.count == 8, "\(applied.stdout)")
        #expect(lines.last?.hasPrefix("applied  v8: the redirects each exchange followed") == true, "\(applied.stdout)")
        let again = try await CommandRunner.run(["history", "migrate"], environment: scratch.environment)
        #expect(again.stdout == "\(scratch.history.path): up to date\n", "\(again.stdout)")
        let check = try await CommandRunner.run(["history", "migrate", "--check"], environment: scratch.environment)
        #expect(check.status == 0)
        #expect(check.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("applied  ") }, "\(check.stdout)")
    }
}
