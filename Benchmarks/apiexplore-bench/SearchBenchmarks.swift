import APIMapping
import Foundation

/// The search target: a rare string over the parsed tree at most this many times `grep -c`'s time on the
/// same bytes, measured in the same run.
let searchTargetRatio = 2.0

extension BenchRun {
    /// (p) `/` text search for a rare string over the generated GitHub users (50 MB), as the TUI runs it
    /// on its parsed tree and on the raw body, against `grep -c` over the same bytes in a file.
    ///
    /// The rare string is planted in four `avatar_url` values (at ¼, ½, ¾ and near the end), so every
    /// search must read the whole body. `grep` is spawned as a child process and timed by the same
    /// clock, start-up and reading the (page-cached) file included; ours is timed on the parsed tree
    /// the model pane holds, parsing excluded. Each count is checked against the planted four first.
    mutating func runSearch() throws(BenchFailure) {
        report.section("(p) text search: / over the parsed tree and the raw body against grep -c")
        let planted = Self.plantedUsers(usersInput())
        let needle = "Quokka-7Zeta"
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: planted.bytes)
        } catch {
            throw BenchFailure(description: "search: parsing the input failed: \(error)")
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("apiexplore-bench-\(ProcessInfo.processInfo.processIdentifier)-search.json")
        let scratch = file.path + ".out"
        do {
            try Data(planted.bytes).write(to: file)
        } catch {
            throw BenchFailure(description: "search: cannot write \(file.path): \(error)")
        }
        defer {
            for path in [file.path, scratch, scratch + ".err"] where FileManager.default.fileExists(atPath: path) {
                do {
                    try FileManager.default.removeItem(atPath: path)
                } catch {
                    report.line("warning: could not remove \(path): \(error)")
                }
            }
        }
        guard let grep = ExternalTool.find("grep") else {
            report.skip("search within 2x of grep -c", reason: "grep is not on PATH")
            return
        }
        report.line(
            "input  \(pad(planted.name, 14)) \(Format.megabytes(planted.bytes.count)), \(needle) planted 4 times; "
                + "grep: \(grep) with LC_ALL=C.UTF-8")
        let cases: [(query: String, grepArguments: [String], expected: Int)] = [
            (needle, ["-c", needle], planted.plantedCount),
            (needle.lowercased(), ["-ci", needle.lowercased()], planted.plantedCount),
        ]
        for (index, example) in cases.enumerated() {
            let search: TextSearch
            do {
                search = try TextSearch(example.query)
            } catch {
                throw BenchFailure(description: "search: \(example.query): \(error)")
            }
            let root = document.root
            let bytes = planted.bytes
            guard search.matchingRows(in: root)?.count == example.expected,
                search.matches(in: bytes)?.count == example.expected
            else {
                throw BenchFailure(description: "search: \(example.query) did not find the \(example.expected) planted")
            }
            let grepCount = try Self.grepCount(grep, example.grepArguments + [file.path], scratch: scratch)
            guard grepCount == example.expected else {
                throw BenchFailure(description: "search: grep \(example.grepArguments) counted \(grepCount)")
            }
            let tree = measurer.measure { search.matchingRows(in: root)?.count ?? -1 }
            let raw = measurer.measure { search.matches(in: bytes)?.count ?? -1 }
            var failure: BenchFailure?
            let grepTiming = measurer.measure {
                do throws(BenchFailure) {
                    return try Self.grepCount(grep, example.grepArguments + [file.path], scratch: scratch)
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw failure }
            let ratio = tree.best.seconds / grepTiming.best.seconds
            let rawRatio = raw.best.seconds / grepTiming.best.seconds
            let command = "grep " + example.grepArguments.joined(separator: " ") + " FILE"
            let verdict: String
            if index == 0 {
                verdict = report.check(
                    "search rare string within 2x of grep -c", measured: Format.ratio(ratio),
                    passed: ratio <= searchTargetRatio, rule: "<= 2x grep -c")
            } else {
                verdict = "(smartcase: lower case ignores case)"
            }
            let ours =
                "tree \(Format.duration(tree.best)) (\(Format.duration(tree.median))), raw \(Format.duration(raw.best))"
            let theirs = "\(command) \(Format.duration(grepTiming.best)) (\(Format.duration(grepTiming.median)))"
            let ratios = "tree/grep \(Format.ratio(ratio)), raw/grep \(Format.ratio(rawRatio))"
            report.line("search /\(pad(example.query, 13)) \(ours), \(theirs)   \(ratios)   \(verdict)")
        }
    }

    /// The users with the rare string written over the start of four `avatar_url` hosts.
    private static func plantedUsers(_ input: GeneratedInput) -> (name: String, bytes: [UInt8], plantedCount: Int) {
        var bytes = input.bytes
        let host = Array("avatars.gith".utf8)
        let needle = Array("Quokka-7Zeta".utf8)
        var planted = 0
        for fraction in [0.25, 0.5, 0.75, 0.99] {
            var at = Int(Double(bytes.count) * fraction)
            while at + host.count <= bytes.count, !bytes[at..<at + host.count].elementsEqual(host) { at += 1 }
            guard at + host.count <= bytes.count else { continue }
            bytes.replaceSubrange(at..<at + host.count, with: needle)
            planted += 1
        }
        return (input.name, bytes, planted)
    }

    /// `grep ARGUMENTS` as a child process; the count it printed.
    private static func grepCount(_ grep: String, _ arguments: [String], scratch: String) throws(BenchFailure) -> Int {
        do {
            _ = try ChildProcess.run(
                grep, arguments, environment: ["LC_ALL": "C.UTF-8"], output: scratch, errors: scratch + ".err")
            let text = try String(contentsOfFile: scratch, encoding: .utf8)
            guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchFailure(description: "grep printed \(text.debugDescription), not a count")
            }
            return count
        } catch let failure as BenchFailure {
            throw failure
        } catch {
            throw BenchFailure(description: "grep \(arguments.joined(separator: " ")): \(error)")
        }
    }
}
