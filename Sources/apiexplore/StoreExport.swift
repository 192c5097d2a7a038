import APIHistory
import ArgumentParser
import Foundation

extension Store {
    /// `store export [TABLE] --format jsonl|csv [-o FILE]`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export stored objects as JSON Lines (one table or all) or RFC 4180 CSV (one table).",
            discussion: """
                A JSON line is {"table", "identity", "updated_at", "profile", "endpoint", "exchange_id", \
                "document"}. CSV's columns are the documents' top-level keys in the order first seen; objects \
                and arrays are compact JSON.
                """)

        @Argument(help: "The table; without it, every table (JSON Lines only).") var table: String?
        @Option(help: "jsonl or csv.") var format: ModelExportFormat = .jsonLines
        @Option(name: .shortAndLong, help: "Write to this file (created 0600) instead of standard output.")
        var output: String?
        @OptionGroup var location: History.Location

        func run() async throws {
            let store = try await Store.openStore(location, table: table)
            if format == .csv, table == nil {
                let tables = try await Store.reading { () async throws(HistoryError) in try await store.modelTables() }
                Terminal.error("--format csv exports one table; name one of: \(tables.joined(separator: ", "))")
                throw ExitCode(2)
            }
            let sink: ([UInt8]) throws -> Void
            // Stored objects are as private as the history file.
            let file = try output.map { try OutputFile.create($0, isPrivate: true) }
            if let file {
                sink = { chunk in try file.write(chunk) }
            } else if Terminal.outputIsTerminal {
                sink = { chunk in Terminal.write(String(decoding: chunk, as: UTF8.self).terminalSafe) }
            } else {
                sink = { chunk in Terminal.writeOutput(Data(chunk)) }
            }
            do throws(HistoryError) {
                try await store.exportModels(format, table: table, to: sink)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            try file?.finish()
        }
    }
}
