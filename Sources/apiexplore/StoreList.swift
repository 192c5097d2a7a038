import APIClient
import APIHistory
import APIMapping
import APIScript
import ArgumentParser
import Foundation

extension Store {
    /// `store list [TABLE]`: the tables, or one table's objects newest first.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the model store's tables, or a table's objects (newest first).")

        @Argument(help: "A table; without it, every table with its row count and last update.") var table: String?
        @Option(help: "The most objects listed from a table.") var limit = 20

        func validate() throws { try FlagRanges.validate(limit, in: InputRanges.historyRows, flag: "--limit") }
        @Flag(help: "One JSON object per line.") var json = false
        @OptionGroup var location: History.Location

        func run() async throws {
            let store = try await Store.openStore(location, table: table)
            guard let table else {
                let summaries = try await Store.reading { () async throws(HistoryError) in
                    try await store.modelTableSummaries()
                }
                let width = summaries.map(\.table.count).max() ?? 0
                for summary in summaries {
                    let updated = Self.date(summary.updatedAt)
                    if json {
                        Store.write([
                            "table": .string(summary.table), "rows": .number(JSONNumber(summary.rows)),
                            "updated_at": .string(updated),
                        ])
                    } else {
                        let name = summary.table.padding(toLength: width, withPad: " ", startingAt: 0)
                        Store.writeLine("\(name)  \(summary.rows) row\(summary.rows == 1 ? "" : "s")  \(updated)")
                    }
                }
                return
            }
            let models = try await Store.reading { () async throws(HistoryError) in
                try await store.models(table: table, limit: limit)
            }
            for model in models {
                if json {
                    Store.write(model.jsonValue)
                } else {
                    let summary = CommandReport.excerpt(JSONDocument(.object(model.document)).root, limit: 100)
                    Store.writeLine("\(model.identity)  \(Self.date(model.updatedAt))  \(summary)")
                }
            }
        }

        static func date(_ date: Date) -> String {
            ISO8601DateFormatter().string(from: date)
        }
    }
}
