import APIClient
import APIHistory
import APIMapping
import APITerminalUI
import ArgumentParser
import Foundation

extension History {
    /// `history tips [PROFILE]`: every business status seen, with its tips, and the catalogue snippet.
    struct Tips: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tips",
            abstract: "List every business status seen per endpoint, with its tips, counts and catalogue name.",
            discussion: """
                Reads the newest exchanges (at most --limit, default 100,000) and lists each business status \
                per endpoint: its tips (the 3 most frequent, then "+N more"), how many exchanges carried it, \
                when it was first and last seen, and the name the profile's errors: catalogue gives it \
                ("uncatalogued" when none; successes are marked success). A flag-only status \
                ({"ok": false, "error": "invalid_auth"}) is listed by its tip, as the catalogue matches it.

                --emit-catalogue writes the uncatalogued business failures of PROFILE as YAML entries for \
                its errors: section (with the errors: line when the profile has none), each named after its \
                most frequent tip (lower case, ASCII letters and digits, '_' between words, at most 40 \
                characters; code_<code> when the tip has no ASCII letter; '_<code>', then '_2', '_3'… when \
                the name is taken) under a comment giving the tips, counts and dates.
                """)

        @Argument(help: "Only this profile's exchanges (required with --emit-catalogue).") var profile: String?
        @Option(help: "Only this endpoint's exchanges.") var endpoint: String?
        @Option(help: "The most exchanges read, newest first.") var limit = 100_000
        @Flag(help: "One JSON object per status.") var json = false
        @Flag(name: .customLong("emit-catalogue"), help: "Write the uncatalogued failures as errors: YAML entries.")
        var emitCatalogue = false
        @Option(name: .shortAndLong, help: "With --emit-catalogue: write to this file instead of standard output.")
        var output: String?
        @Option(name: .customLong("profiles-dir"), help: "Where to find the profiles whose catalogues are checked.")
        var profilesDirectory: String?
        @OptionGroup var location: Location

        func validate() throws {
            try FlagRanges.validate(limit, in: InputRanges.historyRows, flag: "--limit")
            if emitCatalogue, profile == nil { throw ValidationError("--emit-catalogue needs a PROFILE.") }
            if output != nil, !emitCatalogue { throw ValidationError("-o/--output goes with --emit-catalogue.") }
        }

        func run() async throws {
            let store = try location.open()
            var catalogue: TipCatalogue
            do {
                catalogue = try await store.tipCatalogue(profile: profile, endpoint: endpoint, maximumEntries: limit)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            let library = SessionOptions.parseOrExit(profilesDirectory.map { ["--profiles-dir", $0] } ?? [])
                .library(environment: ProcessInfo.processInfo.environment)
            var profiles: [String: Profile] = [:]
            for name in Set(catalogue.statuses.map(\.profile)).union(profile.map { [$0] } ?? []) {
                do {
                    profiles[name] = try library.load(named: name)
                } catch {
                    // A profile removed since: its statuses keep the names recorded with them.
                    if emitCatalogue {
                        Terminal.error(error.description)
                        throw ExitCode(2)
                    }
                }
            }
            catalogue.name { profiles[$0]?.errors }
            if emitCatalogue, let profile, let errors = profiles[profile]?.errors {
                let text = catalogue.catalogueSnippet(profile: profile, catalogue: errors, header: errors.isEmpty)
                try write(text)
            } else if json {
                for summary in catalogue.statuses {
                    Terminal.writeJSON(JSONDocument(Self.json(summary)).root, style: .compact)
                }
            } else {
                Terminal.write(Self.table(catalogue))
            }
        }

        /// Writes the snippet to standard output or `-o`; a file that cannot be created or written
        /// (a full disk, a closed pipe) is named on standard error with the reason, and exits 2.
        private func write(_ text: String) throws {
            guard let output else { return Terminal.write(text) }
            try OutputFile.write(Data(text.utf8), to: output, isPrivate: true)
        }

        /// One status as JSON: tips and names as recorded, escaped by the JSON writer.
        static func json(_ summary: BusinessStatusSummary) -> JSONValue {
            var object = JSONObject()
            object.append(key: "profile", value: .string(summary.profile))
            object.append(key: "endpoint", value: .string(summary.endpoint))
            object.append(key: "code", value: .string(summary.code))
            object.append(key: "kind", value: .string(summary.kind.rawValue))
            object.append(key: "count", value: .number(JSONNumber(summary.count)))
            var outcomes = JSONObject()
            for outcome in ExchangeOutcome.allCases {
                if let count = summary.outcomes[outcome] {
                    outcomes.append(key: outcome.rawValue, value: .number(JSONNumber(count)))
                }
            }
            object.append(key: "outcomes", value: .object(outcomes))
            object.append(key: "success", value: .bool(summary.isSuccess))
            object.append(key: "catalogued", value: .bool(summary.catalogueName != nil))
            object.append(key: "name", value: summary.catalogueName.map(JSONValue.string) ?? .null)
            object.append(
                key: "tips",
                value: .array(
                    summary.tips.map { tip in
                        var item = JSONObject()
                        item.append(key: "tip", value: .string(tip.text))
                        item.append(key: "count", value: .number(JSONNumber(tip.count)))
                        return .object(item)
                    }))
            object.append(key: "other_tips", value: .number(JSONNumber(summary.otherTipCount)))
            object.append(key: "first_seen", value: .string(Date.ISO8601FormatStyle().format(summary.firstSeen)))
            object.append(key: "last_seen", value: .string(Date.ISO8601FormatStyle().format(summary.lastSeen)))
            object.append(key: "newest_id", value: .number(JSONNumber(summary.newestID)))
            return .object(object)
        }

        /// The readable listing: one block per profile and endpoint, one line per status, the code
        /// and name columns aligned within a block (at most 24 columns wide).
        static func table(_ catalogue: TipCatalogue) -> String {
            var text = ""
            var blocks: [(heading: String, statuses: [BusinessStatusSummary])] = []
            for summary in catalogue.statuses {
                let heading = TerminalSanitizer.sanitize("\(summary.profile) \(summary.endpoint)")
                if blocks.last?.heading == heading {
                    blocks[blocks.count - 1].statuses.append(summary)
                } else {
                    blocks.append((heading, [summary]))
                }
            }
            for (index, block) in blocks.enumerated() {
                text += (index == 0 ? "" : "\n") + block.heading + "\n"
                let rows = block.statuses.map { summary in
                    (TerminalSanitizer.sanitize(summary.code), Self.verdict(summary), Self.details(summary))
                }
                let codeWidth = min(24, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
                let verdictWidth = min(24, rows.map { DisplayWidth.of($0.1) }.max() ?? 0)
                for (code, verdict, details) in rows {
                    text += "  \(Self.padded(code, codeWidth))  \(Self.padded(verdict, verdictWidth))  \(details)\n"
                }
            }
            if catalogue.statuses.isEmpty { text += "no business status in the \(catalogue.observed) exchanges read\n" }
            if catalogue.droppedStatuses > 0 {
                text +=
                    "(\(catalogue.droppedStatuses) exchanges past the first \(catalogue.limits.statuses) statuses not listed)\n"
            }
            return text
        }

        /// `success`, the catalogue's name, `uncatalogued`, or `http-failure`.
        static func verdict(_ summary: BusinessStatusSummary) -> String {
            if summary.isSuccess { return "success" }
            return TerminalSanitizer.sanitize(
                summary.catalogueName ?? (summary.isFailure ? "uncatalogued" : "http-failure"))
        }

        /// `3×  first … last  "tip" ×2, "other" ×1, +2 more`, sanitized.
        static func details(_ summary: BusinessStatusSummary) -> String {
            var tips = summary.tips.prefix(3).map { "\(JSONValue.string($0.text).jsonText()) ×\($0.count)" }
            if summary.tips.count > 3 { tips.append("+\(summary.tips.count - 3) more") }
            if summary.otherTipCount > 0 { tips.append("\(summary.otherTipCount)× other tips") }
            let seen =
                summary.firstSeen == summary.lastSeen
                ? TipCatalogue.timestamp(summary.lastSeen)
                : "\(TipCatalogue.timestamp(summary.firstSeen)) … \(TipCatalogue.timestamp(summary.lastSeen))"
            return TerminalSanitizer.sanitize("\(summary.count)×  \(seen)  \(tips.joined(separator: ", "))")
        }

        /// `text` with spaces after it up to `width` display columns.
        static func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
        }
    }
}
