import APIMapping
import Foundation

extension BenchRun {
    /// (m): JSONPath `search()` and `match()` filters over 200,000 strings, evaluated by our
    /// linear-time I-Regexp automaton, against the same filtering written by hand with Swift's
    /// `Regex` (a backtracking engine) over JSONSerialization's `[String]`. Both count the strings
    /// kept, checked equal before timing. A pathological pattern is then timed on ours alone: the
    /// backtracking engine would take minutes on it.
    mutating func runRegex() throws(BenchFailure) {
        report.section("(m) I-Regexp filters: our automaton against Swift Regex")
        let count = 200_000
        let strings = (0..<count).map { "user-\($0)-\(String($0 &* 2_654_435_761 % 65_536, radix: 16))" }
        let text = "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let document = try parseOurs(Array(text.utf8), input: "strings")
        guard let array = try parseFoundation(Data(text.utf8), input: "strings") as? [String] else {
            throw BenchFailure(description: "input strings: JSONSerialization did not return [String]")
        }
        let cases: [(function: String, pattern: String, whole: Bool)] = [
            ("search", "[0-9]{3}-7", false),
            ("match", "user-1[0-9]*-[a-f]+", true),
            ("search", "(ab|cd|ef)+", false),
        ]
        for (function, pattern, whole) in cases {
            let query: JSONPath
            let regex: Regex<AnyRegexOutput>
            do {
                query = try JSONPath("$[?\(function)(@, '\(pattern)')]")
                regex = try Regex(pattern).matchingSemantics(.unicodeScalar)
            } catch {
                throw BenchFailure(description: "pattern \(pattern): \(error)")
            }
            let ours = try Self.count(query, in: document.root)
            let byHand = array.filter { whole ? $0.wholeMatch(of: regex) != nil : $0.contains(regex) }.count
            guard ours == byHand else {
                throw BenchFailure(description: "\(function) \(pattern): ours kept \(ours), Swift Regex \(byHand)")
            }
            let root = document.root
            let oursTiming: Timing
            do {
                oursTiming = try measurer.measure { try Self.count(query, in: root) }
            } catch {
                throw BenchFailure(description: "\(query): \(error)")
            }
            let swiftTiming = measurer.measure {
                array.filter { whole ? $0.wholeMatch(of: regex) != nil : $0.contains(regex) }.count
            }
            report.line(
                "\(pad("\(function) /\(pattern)/", 30)) kept \(pad(Format.count(ours), 8)) "
                    + "ours \(Format.duration(oursTiming.best)) (median \(Format.duration(oursTiming.median)))   "
                    + "Swift Regex by hand \(Format.duration(swiftTiming.best)) "
                    + "(median \(Format.duration(swiftTiming.median)))   "
                    + "ratio \(Format.ratio(swiftTiming.best.seconds / oursTiming.best.seconds))")
        }
        let subject = String(repeating: "a", count: 1_000_000) + "!"
        let pathological = try IRegexp.compileForBenchmark("(a+)+$")
        let timing = measurer.measure { pathological.search(subject) ? 1 : 0 }
        report.line(
            "search /(a+)+$/ over 1,000,000 'a' and '!': ours \(Format.duration(timing.best)) "
                + "(a backtracking engine takes minutes on 30 characters)")
    }

    private static func count(_ query: JSONPath, in root: JSONNode) throws(BenchFailure) -> Int {
        do {
            return try query.select(in: root).count
        } catch {
            throw BenchFailure(description: "\(query): \(error)")
        }
    }
}

extension IRegexp {
    /// A pattern the benchmark knows is valid.
    static func compileForBenchmark(_ pattern: String) throws(BenchFailure) -> IRegexp {
        do {
            return try IRegexp(pattern)
        } catch {
            throw BenchFailure(description: "pattern \(pattern): \(error)")
        }
    }
}
