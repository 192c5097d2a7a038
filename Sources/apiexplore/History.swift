import APIClient
import APIHTTP
import APIHistory
import APIMapping
import APIScript
import APITerminalUI
// Public: `HistoryExportFormat: ExpressibleByArgument` below conforms a public APIHistory type, and a
// conformance is as visible as its type and protocol.
public import ArgumentParser
import Foundation

/// `apiexplore history list|search|show|export`: the persisted exchanges.
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, search, show and export the recorded exchanges; their statuses, shape and drift.",
        subcommands: [
            List.self, Search.self, Show.self, Export.self, Tips.self, Drift.self, Schema.self, Migrate.self,
        ])

    /// Options naming the history database.
    struct Location: ParsableArguments {
        @Option(
            name: .customLong("history"),
            help: ArgumentHelp(
                "The history: a SQLite file or a postgres://USER@HOST:PORT/DB?sslmode=… URL (default $APIEXPLORE_HISTORY, else the config file's 'history:', else $XDG_DATA_HOME/apiexplore/history.sqlite).",
                valueName: "path-or-url"))
        var path: String?

        func open() throws -> HistoryStore {
            let environment = ProcessInfo.processInfo.environment
            let configured: String?
            do {
                configured = try UserConfiguration.load(environment: environment).history
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            do {
                let location = try HistoryLocation.resolve(
                    explicitPath: path, environment: environment, configured: configured)
                if let warning = location.securityWarning { Terminal.error("warning: " + warning) }
                return try HistoryStore(location: location)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
        }
    }

    /// Prints entries as JSON lines or readable rows.
    static func print(_ entries: [HistoryEntry], json: Bool) {
        var lines = HistoryLines(json: json)
        for entry in entries { lines.append(entry) }
        lines.flush()
    }

    /// `history list`: newest first, filtered.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List recorded exchanges, newest first.")

        @Option(help: "Only this profile's exchanges.") var profile: String?
        @Option(help: "Only this endpoint's exchanges.") var endpoint: String?
        @Option(
            help: "Only these outcomes (success, business-failure, http-failure, undetermined, transport-failure, …).")
        var outcome: [String] = []
        @Option(name: .customLong("business-status"), help: "Only this raw business status (40013, \"fail\").")
        var businessStatus: String?
        @Option(help: "Only business failures the profile's errors: catalogue names so (token_expired).")
        var error: String?
        @Option(name: .customLong("env"), help: "Only exchanges sent in this profile environment (prod).")
        var environment: String?
        @Option(help: "The most rows.") var limit = 20

        func validate() throws { try FlagRanges.validate(limit, in: InputRanges.historyRows, flag: "--limit") }
        @Flag(help: "One JSON object per line.") var json = false
        @OptionGroup var location: Location

        func run() async throws {
            var outcomes: Set<ExchangeOutcome> = []
            for name in outcome {
                guard let parsed = ExchangeOutcome(rawValue: name) else {
                    let known = ExchangeOutcome.allCases.map(\.rawValue).joined(separator: ", ")
                    Terminal.error("unknown outcome '\(name)'; one of: \(known)")
                    throw ExitCode(2)
                }
                outcomes.insert(parsed)
            }
            let store = try location.open()
            let query = HistoryQuery(
                profile: profile, endpoint: endpoint, outcomes: outcomes, businessStatus: businessStatus,
                businessError: error, environment: environment, limit: limit)
            // Streamed: each row is written as the database reads it, in 64 KiB writes.
            var lines = HistoryLines(json: json)
            do {
                try await store.forEachEntry(query) { entry in lines.append(entry) }
            } catch {
                lines.flush()
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            lines.flush()
        }
    }

    /// `history search TEXT`: full text over URL, tip and model.
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search recorded exchanges by URL, tip and model text (newest first).")

        @Argument(help: "The text to find.") var text: String
        @Option(help: "The most rows.") var limit = 20

        func validate() throws { try FlagRanges.validate(limit, in: InputRanges.historyRows, flag: "--limit") }
        @Flag(help: "One JSON object per line.") var json = false
        @OptionGroup var location: Location

        func run() async throws {
            let store = try location.open()
            do {
                History.print(try await store.search(text, limit: limit), json: json)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
        }
    }

    /// `history show ID`: one exchange in full, evaluated as recorded and with today's profile.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one recorded exchange; --reevaluate applies the profile's current envelope.")

        @Argument(help: "The exchange id.") var id: Int64
        @Flag(help: "Evaluate the stored body with the profile's current envelope.") var reevaluate = false
        @Option(
            name: .customLong("profiles-dir"), help: "Where to find the profile for --reevaluate.")
        var profilesDirectory: String?
        @OptionGroup var location: Location

        func run() async throws {
            let store = try location.open()
            let found: StoredExchange?
            do {
                found = try await store.exchange(id: id)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            guard let stored = found else {
                Terminal.error("no recorded exchange #\(id)")
                throw ExitCode(1)
            }
            var object = ScriptRunner.historyJSON(stored.entry).objectValue ?? JSONObject()
            object.append(
                key: "request_headers", value: Self.headers(stored.requestHeaders.map { ($0.name, $0.value) }))
            if let requestBody = stored.requestBody {
                let body = ResponseBody(bytes: requestBody, contentType: stored.requestContentType, xmlArrays: [])
                object.append(key: "request_body", value: Self.bodyValue(body, requestBody))
            }
            object.append(
                key: "response_headers", value: Self.headers(stored.responseHeaders.map { ($0.name, $0.value) }))
            object.append(key: "truncated", value: .bool(stored.isTruncated))
            if let stream = stored.stream { object.append(key: "stream", value: stream) }
            if !stored.redirects.isEmpty {
                object.append(key: "redirects", value: ExportDocuments.redirects(stored.redirects))
            }
            if let error = stored.errorMessage { object.append(key: "error", value: .string(error)) }
            let body = stored.body()
            object.append(key: "body_kind", value: .string(body.kind.rawValue))
            object.append(key: "body", value: Self.bodyValue(body, stored.responseBody))
            if let evaluation = stored.evaluateAsRecorded() {
                object.append(key: "evaluation_recorded", value: evaluation.jsonValue())
            }
            if reevaluate {
                let options = SessionOptions.parseOrExit(profilesDirectory.map { ["--profiles-dir", $0] } ?? [])
                do {
                    let profile = try options.library(environment: ProcessInfo.processInfo.environment)
                        .load(named: stored.entry.profile)
                    if let exchange = stored.replayedExchange(profile: profile) {
                        object.append(key: "evaluation_now", value: exchange.evaluation.jsonValue())
                    }
                } catch {
                    Terminal.error(error.description)
                    throw ExitCode(2)
                }
            }
            Terminal.writeJSON(
                JSONDocument(.object(object)).root, style: Terminal.outputIsTerminal ? .pretty : .compact)
        }

        /// A stored body as its JSON tree when it was read as JSON or XML, else as its text.
        static func bodyValue(_ body: ResponseBody, _ bytes: [UInt8]) -> JSONValue {
            body.document?.root.value ?? .string(String(decoding: bytes, as: UTF8.self))
        }

        static func headers(_ headers: [(String, String)]) -> JSONValue {
            .array(headers.map { .array([.string($0.0), .string($0.1)]) })
        }
    }

    /// `history export --format jsonl|har`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export recorded exchanges as JSON Lines or HAR 1.2 (redacted as recorded).")

        @Option(help: "jsonl or har.") var format: HistoryExportFormat = .jsonLines
        @Option(help: "Only this profile's exchanges.") var profile: String?
        @Option(help: "The most exchanges, newest first.") var limit = Int.max

        func validate() throws { try FlagRanges.validate(limit, in: InputRanges.historyExport, flag: "--limit") }
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
        @OptionGroup var location: Location

        func run() async throws {
            let store = try location.open()
            // Exchanges are private, as the history file is.
            let file = try OutputFile.create(output ?? "-", isPrivate: true)
            do throws(HistoryError) {
                try await store.export(format, query: HistoryQuery(profile: profile, limit: limit)) { chunk in
                    try file.write(chunk)
                }
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            try file.finish()
        }
    }
}

extension HistoryExportFormat: ExpressibleByArgument {}
