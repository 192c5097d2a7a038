package import APIClient
package import APIHTTP
import APIMapping
package import Foundation
import Synchronization

/// ``TerminalServices`` over a ``APIClient/ProfileClient``: real HTTP, history kept in memory.
///
/// The executable replaces the in-memory history with the persistent store; tests and headless runs
/// use this as it is.
///
/// ```swift
/// let services = ClientTerminalServices(profile: demo, client: ProfileClient(transport: transport, environment: [:],
///                                                                            demoBaseURL: backend.baseURL))
/// try await TerminalUI.run(profile: demo, services: services)
/// ```
package final class ClientTerminalServices: TerminalServices {
    /// The profile requests are built from.
    package let profile: Profile
    /// The client that sends them.
    package let client: ProfileClient
    private let clock: @Sendable () -> Date
    private let entries = Mutex<[(row: HistoryRow, display: ExchangeDisplay)]>([])

    /// Creates services for a profile.
    ///
    /// ```swift
    /// let services = ClientTerminalServices(profile: profile, client: client)
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile.
    ///   - client: The client.
    ///   - clock: The date recorded for each exchange (tests pass a fixed one).
    package init(profile: Profile, client: ProfileClient, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.profile = profile
        self.client = client
        self.clock = clock
    }

    /// Sends through the client and records the exchange (or the failure) in memory.
    ///
    /// ```swift
    /// let display = await services.send(endpoint: "orders", parameters: [:]) { _ in }
    /// display.outcome  // .businessFailure
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint identifier.
    ///   - parameters: Path and query parameter values.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: The display; a failure is ``ExchangeOutcome/transportFailure``, or ``ExchangeOutcome/cancelled``
    ///   when the task was cancelled.
    package func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> ExchangeDisplay {
        let started = ContinuousClock.now
        let date = clock()
        let display: ExchangeDisplay
        do {
            let exchange = try await client.call(
                profile: profile, endpoint: endpoint, parameters: parameters, progress: progress)
            display = ExchangeDisplay(exchange: exchange)
        } catch {
            display = ExchangeDisplay(
                error: error, endpoint: endpoint, method: profile.endpoint(endpoint)?.method ?? "GET",
                duration: ContinuousClock.now - started, cancelled: Task.isCancelled)
        }
        entries.withLock { entries in
            let row = HistoryRow(
                id: Int64(entries.count + 1), date: date, endpoint: endpoint, method: display.method,
                status: display.httpStatus, outcome: display.outcome, businessStatus: display.businessStatus,
                tip: display.tip, duration: display.duration, url: display.url,
                parameters: parameters)
            entries.append((row, display))
        }
        return display
    }

    /// The recorded exchanges, newest first.
    ///
    /// ```swift
    /// try await services.historyRows(limit: 10).first?.endpoint  // "orders"
    /// ```
    ///
    /// - Parameter limit: The largest number of rows.
    /// - Returns: The rows.
    /// - Throws: Never; the signature is the protocol's.
    package func historyRows(limit: Int) async throws -> [HistoryRow] {
        entries.withLock { entries in entries.reversed().prefix(max(limit, 0)).map(\.row) }
    }

    /// A recorded exchange, as it was shown.
    ///
    /// ```swift
    /// let display = try await services.historyExchange(id: 1)
    /// ```
    ///
    /// - Parameter id: A ``HistoryRow/id``.
    /// - Returns: The display.
    /// - Throws: ``TerminalServicesError`` when no exchange has that id.
    package func historyExchange(id: Int64) async throws -> ExchangeDisplay {
        let found = entries.withLock { entries in entries.first { $0.row.id == id }?.display }
        guard let found else { throw TerminalServicesError("no history entry \(id)") }
        return found
    }

    /// Answers `endpoints` and `history`; the executable plugs in the full command language.
    ///
    /// ```swift
    /// await services.runCommand("endpoints")  // "user  GET /cmd/users/{id}\n…"
    /// ```
    ///
    /// - Parameter line: The command line.
    /// - Returns: The output, or a message naming the unknown command.
    package func runCommand(_ line: String) async -> String {
        let words = line.split(separator: " ").map(String.init)
        switch words.first {
        case "endpoints":
            return profile.endpoints.map { "\($0.id)  \($0.method) \($0.path.text)" }.joined(separator: "\n")
        case "history":
            let rows = entries.withLock { $0.reversed().map(\.row) }
            if rows.isEmpty { return "no exchanges yet" }
            return rows.map { "#\($0.id) \($0.endpoint) \($0.status.map(String.init) ?? "-") \($0.outcome.rawValue)" }
                .joined(separator: "\n")
        default:
            return "unknown command '\(words.first ?? "")': try endpoints or history"
        }
    }

    /// Runs `call ENDPOINT name=value…` as a send (its exchange comes back with the text); other
    /// lines as ``runCommand(_:)``.
    ///
    /// ```swift
    /// let result = await services.runCommand("call user id=1002") { _ in }
    /// result.display?.httpStatus  // 200
    /// ```
    ///
    /// - Parameters:
    ///   - line: The command line.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: The output, and the exchange of a `call`.
    package func runCommand(_ line: String, progress: @escaping @Sendable (ProgressReport) -> Void) async
        -> TerminalCommandResult
    {
        let words = line.split(separator: " ").map(String.init)
        guard words.first == "call", words.count > 1 else { return TerminalCommandResult(text: await runCommand(line)) }
        guard profile.endpoint(words[1]) != nil else {
            return TerminalCommandResult(text: "no endpoint '\(words[1])' in profile \(profile.name)")
        }
        var parameters: [String: String] = [:]
        for word in words.dropFirst(2) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return TerminalCommandResult(text: "'\(word)' is not name=value") }
            parameters[parts[0]] = parts[1]
        }
        let display = await send(endpoint: words[1], parameters: parameters, progress: progress)
        let status = display.httpStatus.map { "HTTP \($0)" } ?? "no response"
        return TerminalCommandResult(text: "call \(words[1]) → \(status) \(display.outcome.rawValue)", display: display)
    }
}
