import APIHistory
import ArgumentParser

extension History {
    /// `history migrate`: brings the history's schema up to date, and says what it did.
    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "migrate",
            abstract: "Bring the history's schema up to date now (the owner of a shared PostgreSQL history runs it).",
            discussion: """
                Every command migrates a history it opens on first use; a shared PostgreSQL history whose \
                writers and viewers may not change its schema is migrated by its owner with this command \
                before they use a new version (see docs/history-postgres.md). --check lists the \
                migrations and exits 1 when one is missing, changing nothing.
                """)

        @Flag(help: "Only list the migrations and whether each is applied; exit 1 when one is missing.")
        var check = false
        @OptionGroup var location: Location

        func run() async throws {
            let store = try location.open()
            do {
                if check {
                    let status = try await store.migrationStatus()
                    for (identifier, isApplied) in status {
                        Terminal.write("\(isApplied ? "applied" : "missing")  \(identifier)".terminalSafe + "\n")
                    }
                    try await store.close()
                    if status.contains(where: { !$0.isApplied }) { throw ExitCode(1) }
                    return
                }
                let applied = try await store.migrateNow()
                for identifier in applied { Terminal.write("applied  \(identifier)".terminalSafe + "\n") }
                if applied.isEmpty {
                    Terminal.write("\(store.location): up to date".terminalSafe + "\n")
                }
                try await store.close()
            } catch let error as HistoryError {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
        }
    }
}
