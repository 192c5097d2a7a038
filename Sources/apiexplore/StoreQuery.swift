import APIHistory
import APIMapping
import ArgumentParser

extension Store {
    /// `store query TABLE JSONPATH`: an RFC 9535 query over the table as an array of documents.
    struct Query: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "Query a table with RFC 9535 JSONPath; $ is the array of its documents ($[?@.vip == true]).",
            discussion: """
                Prints each match as one JSON line, documents oldest write first. Exits 1 when nothing matches.
                """)

        @Argument(help: "The table.") var table: String
        @Argument(help: "The JSONPath, such as '$[?@.vip == true].name'.") var path: String
        @OptionGroup var location: History.Location

        func run() async throws {
            let query: JSONPath
            do {
                query = try JSONPath(path)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            let store = try await Store.openStore(location, table: table)
            let matches = try await Store.reading { () async throws(HistoryError) in
                try await store.queryModels(table: table, query)
            }
            for match in matches { Store.write(match.node.value) }
            if matches.isEmpty { throw ExitCode(1) }
        }
    }
}
