import APIHistory
import APIMapping
import ArgumentParser

extension Store {
    /// `store show TABLE ID`: one object with its provenance.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one stored object by its identity (1001, '\"octocat\"', '[1,\"x\"]').",
            discussion: "Numbers are compared by value, so 1001.0 finds 1001; strings in Unicode NFC.")

        @Argument(help: "The table.") var table: String
        @Argument(help: "The identity: JSON scalar text, or the array of identity values.") var id: String
        @OptionGroup var location: History.Location

        func run() async throws {
            let identity: [JSONValue]
            do {
                identity = try StoreIdentity.parse(id)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            let store = try await Store.openStore(location, table: table)
            let found = try await Store.reading { () async throws(HistoryError) in
                try await store.model(table: table, identity: identity)
            }
            guard let model = found else {
                Terminal.error(
                    "no object with identity \(JSONValue.array(identity).jsonText()) in table "
                        + JSONValue.string(table).jsonText())
                throw ExitCode(1)
            }
            Store.write(model.jsonValue, pretty: true)
        }
    }
}
