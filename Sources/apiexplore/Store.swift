import APIHistory
import APIMapping
// Public: `ModelExportFormat: ExpressibleByArgument` below conforms a public APIHistory type, and a
// conformance is as visible as its type and protocol.
public import ArgumentParser
import Foundation

/// `apiexplore store list|show|query|export`: the model store that endpoints' `store:` fill.
struct Store: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "List, show, query and export the objects endpoints' store: kept.",
        discussion: """
            Each endpoint with a store: upserts its model objects into a table, keyed by identity \
            (numbers by value, strings in Unicode NFC); nested: objects live in tables of their own, \
            referenced as {"$ref": {"table": …, "identity": […]}}.
            """,
        subcommands: [List.self, Show.self, Query.self, Export.self])

    /// Opens the history file and checks that `table`, when given, holds objects; prints why not
    /// and exits 2 otherwise.
    static func openStore(_ location: History.Location, table: String?) async throws -> HistoryStore {
        let store = try location.open()
        guard let table else { return store }
        let tables: [String]
        do {
            tables = try await store.modelTables()
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
        guard tables.contains(table) else {
            Terminal.error(unknownTable(table, known: tables))
            throw ExitCode(2)
        }
        return store
    }

    /// `unknown table 'x'; the model store has: repositories, users`.
    static func unknownTable(_ table: String, known: [String]) -> String {
        let quoted = JSONValue.string(table).jsonText()
        guard !known.isEmpty else {
            return "unknown table \(quoted); the model store is empty (an endpoint's store: fills it)"
        }
        return "unknown table \(quoted); the model store has: \(known.joined(separator: ", "))"
    }

    /// Prints a value from storage as one JSON line (pretty on a terminal when `pretty`), through
    /// the sanitizer when standard output is a terminal: stored text is not ours.
    static func write(_ value: JSONValue, pretty: Bool = false) {
        if Terminal.outputIsTerminal {
            Terminal.write(value.jsonText(style: pretty ? .pretty : .compact).terminalSafe + "\n")
        } else {
            Terminal.writeJSON(JSONDocument(value).root, style: .compact)
        }
    }

    /// Prints a line made of stored text, sanitized on a terminal.
    static func writeLine(_ line: String) {
        Terminal.write((Terminal.outputIsTerminal ? line.terminalSafe : line) + "\n")
    }

    /// Runs a read, printing a history error and exiting 2 when it fails.
    static func reading<T>(_ body: () async throws(HistoryError) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }
}

extension ModelExportFormat: ExpressibleByArgument {}
