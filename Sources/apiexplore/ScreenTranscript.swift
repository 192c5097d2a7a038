import APIClient
import APIScript
import APISession
import APITerminalUI
import Foundation

/// `run --screen COLUMNSxROWS`: after each command, the terminal UI's screen as text, rendered on
/// the in-memory screen from what the command did (the response it got, the stored history, the
/// command's summary on the command line), with no terminal involved.
final class ScreenTranscript {
    private let session: ExplorerSession
    private let columns: Int
    private let rows: Int
    private var state: AppState?
    private var services: SessionTerminalServices?

    init(session: ExplorerSession, columns: Int, rows: Int) {
        self.session = session
        self.columns = columns
        self.rows = rows
    }

    /// Applies a report to the screen state and prints the screen under a rule naming the command.
    func print(_ report: CommandReport, profile: Profile?) async {
        if let profile, profile.name != services?.profile.name {
            services = SessionTerminalServices(session: session, profile: profile)
            services?.setRevealsSecrets(Terminal.revealsSecrets)
            let baseURL: String
            do {
                baseURL = try await session.displayedBaseURL(of: profile)
            } catch {
                baseURL = profile.baseURL.text
            }
            state = AppState(profile: profile, baseURL: baseURL, columns: columns, rows: rows)
        }
        if var current = state, let services {
            await apply(report, to: &current, services: services)
            state = current
        }
        let rule = "── \(report.line): \(report.source) "
        Terminal.write(rule.terminalSafe + String(repeating: "─", count: max(columns - rule.count, 3)) + "\n")
        if let state {
            Terminal.write(HeadlessScreenRenderer.render(state) + "\n")
        } else {
            Terminal.write(report.summary.terminalSafe + "\n")
        }
    }

    private func apply(_ report: CommandReport, to state: inout AppState, services: SessionTerminalServices) async {
        let exchanges = ([report] + report.calls).compactMap(\.exchange)
        // The screen holds what the terminal UI would: every secret the session knows masked as it
        // enters, so a value the panes cut short is masked too (unless --show-secrets).
        let shown = { (exchange: APIExchange) in
            ExchangeDisplay(exchange: Terminal.revealsSecrets ? exchange : self.session.secretGate.masking(exchange))
        }
        if report.command == "replay", let id = report.historyID, let exchange = report.exchange {
            _ = state.handle(.historyEntry(id: id, display: shown(exchange)))
        } else if let exchange = exchanges.last {
            _ = state.handle(.show(shown(exchange)))
        }
        if !exchanges.isEmpty || report.transportError != nil || report.command == "history" {
            do {
                _ = state.handle(.history(try await services.historyRows(limit: 200)))
            } catch {
                _ = state.handle(.serviceFailed("history: \(error)"))
            }
        }
        // A request shows in the Status, Tip and Model panes; any other command's result goes where
        // the TUI shows `:` output.
        if exchanges.isEmpty { _ = state.handle(.commandOutput(Terminal.masked(report.summary))) }
    }
}
