package import APIClient
package import APIHTTP
import APIHistory
import APIMapping
import APIScript
package import APISession
import Foundation
import Synchronization

/// ``TerminalServices`` over an ``APISession/ExplorerSession``: real HTTP, every exchange recorded in
/// the session's history store, history read back from it with no network, and the `:` line run
/// by the headless command language's runner.
///
/// ```swift
/// let services = SessionTerminalServices(session: session, profile: demo)
/// try await TerminalUI.run(profile: demo, services: services)
/// ```
package final class SessionTerminalServices: TerminalServices {
    /// The session requests go through.
    package let session: ExplorerSession
    /// The profile the UI shows, in its active environment.
    package var profile: Profile { current.withLock { $0 } }
    private let current: Mutex<Profile>
    /// What `:` commands remember between lines (variables, last response).
    private let scriptState: Mutex<ScriptState>
    /// The walk of the last endpoint sent, when it pages.
    private let walk = Mutex<PageWalkState?>(nil)
    /// Whether the panes show secrets in clear (``setRevealsSecrets(_:)``).
    let revealing = Mutex(false)
    /// The last exchange a send showed, as received, for `S` to draw again.
    let lastShown = Mutex<(exchange: APIExchange, historyID: Int64?)?>(nil)

    /// The walk `]` continues.
    var walkState: PageWalkState? {
        get { walk.withLock { $0 } }
        set { walk.withLock { $0 = newValue } }
    }

    /// Uses `profile` for every later request and `:` line that used the one it replaces.
    func replaceProfile(_ profile: Profile) {
        current.withLock { $0 = profile }
        scriptState.withLock { state in
            if state.profile?.name == profile.name { state.profile = profile }
        }
    }

    /// Creates services for a profile.
    ///
    /// - Parameters:
    ///   - session: The session (transport, history, demo backend).
    ///   - profile: The profile the UI shows.
    package init(session: ExplorerSession, profile: Profile) {
        self.session = session
        current = Mutex(profile)
        scriptState = Mutex(ScriptState(profile: profile))
    }

    /// Sends through the session, which records the exchange (or the failure) in history.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint identifier.
    ///   - parameters: Path and query parameter values.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: The display; a failure is ``ExchangeOutcome/transportFailure``, or
    ///   ``ExchangeOutcome/cancelled`` when the task was cancelled.
    package func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> ExchangeDisplay {
        await sendEndpoint(endpoint, parameters: parameters, progress: progress, listener: nil)
    }

    package func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void,
        listener: StreamListener
    ) async -> ExchangeDisplay {
        await sendEndpoint(endpoint, parameters: parameters, progress: progress, listener: listener)
    }

    /// Sends an endpoint, its event stream heard by `listener` when there is one.
    private func sendEndpoint(
        _ endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void,
        listener: StreamListener?
    ) async -> ExchangeDisplay {
        let profile = self.profile
        var request = ExplorerSession.Request.endpoint(endpoint, parameters: parameters)
        if let listener {
            var options = CallOptions()
            options.streaming.events = listener.options
            request = .customized(endpoint, parameters: parameters, options: options)
        }
        return await show(
            request, label: endpoint,
            method: profile.endpoint(endpoint)?.method ?? "GET", profile: profile, progress: progress
        ) { exchange, display in
            var started = PageWalkState(exchange: exchange, parameters: parameters, profile: profile)
            started?.advance(after: exchange, display: &display)
            walkState = started
        }
    }

    /// Sends a request through the session and makes what every send shows: the exchange (with a
    /// sign-in replay noted), or the failure with its kind, and a history error as a note.
    ///
    /// - Parameters:
    ///   - request: The session request.
    ///   - label: The endpoint (or `METHOD URL`) a failure is shown under.
    ///   - method: The method a failure is shown with.
    ///   - profile: The profile to send with.
    ///   - progress: Called as body bytes arrive.
    ///   - received: Sees a live exchange and its display before it is returned (a page walk).
    /// - Returns: The display.
    func show(
        _ request: ExplorerSession.Request, label: String, method: String, profile: Profile,
        progress: @escaping @Sendable (ProgressReport) -> Void,
        received: (APIExchange, inout ExchangeDisplay) -> Void = { _, _ in }
    ) async -> ExchangeDisplay {
        let started = ContinuousClock.now
        let call: RecordedCall
        do {
            call = try await session.send(request, profile: profile, progress: progress)
        } catch {
            return ExchangeDisplay(
                failure: "cannot start the demo backend: \(error)", endpoint: label, method: method, url: "",
                duration: ContinuousClock.now - started)
        }
        var display: ExchangeDisplay
        switch call.result {
        case .success(let answer):
            lastShown.withLock { $0 = (answer, call.historyID) }
            // What the panes hold passes the session's secret gate as it enters.
            let exchange = shown(answer)
            display = ExchangeDisplay(exchange: exchange)
            display.historyID = call.historyID
            received(exchange, &display)
            if let first = call.firstAttempt {
                let why = first.businessError.map { "\($0)" } ?? "HTTP \(first.response.status)"
                display.delivery.append(("auth ", "signed in again after \(why)"))
            }
        case .failure(let error):
            display = ExchangeDisplay(
                error: error, endpoint: label, method: method, duration: ContinuousClock.now - started,
                cancelled: Task.isCancelled)
        }
        if let error = call.historyError { display.notes.append("not recorded: \(error)") }
        return shown(display)
    }

    /// The profile's newest exchanges from the store.
    ///
    /// - Parameter limit: The largest number of rows.
    /// - Returns: The rows, newest first; none when history is off.
    /// - Throws: ``APIHistory/HistoryError`` when the store cannot be read.
    package func historyRows(limit: Int) async throws -> [HistoryRow] {
        guard let history = session.history else { return [] }
        let profile = profile
        let me = history.configuration.recorder
        return try await history.entries(HistoryQuery(profile: profile.name, limit: limit)).map { entry in
            var row = HistoryRow(
                id: entry.id, date: entry.date, endpoint: entry.endpoint, method: entry.method,
                status: entry.httpStatus,
                outcome: entry.outcome, businessStatus: entry.businessStatus.map(shown), tip: entry.tip.map(shown),
                duration: entry.duration, url: shown(entry.url),
                parameters: profile.endpoint(entry.endpoint)?.parameters(inURL: entry.url) ?? [:])
            // Another user's or machine's row in a shared history says whose it is.
            if let recorder = entry.recorder, recorder.user != me?.user || recorder.host != me?.host {
                row.recordedBy = recorder.label
            }
            return row
        }
    }

    /// A stored exchange, evaluated with the profile's current envelope, with no network call.
    ///
    /// - Parameter id: A ``HistoryRow/id``.
    /// - Returns: The display.
    /// - Throws: ``TerminalServicesError`` when history is off or has no such exchange;
    ///   ``APIHistory/HistoryError`` when the store cannot be read.
    package func historyExchange(id: Int64) async throws -> ExchangeDisplay {
        guard let history = session.history else { throw TerminalServicesError("history is off") }
        guard let stored = try await history.exchange(id: id) else {
            throw TerminalServicesError("no stored exchange #\(id) (it may have been pruned)")
        }
        if let replayed = stored.replayedExchange(profile: profile) {
            // History was masked when written; a secret learned since is masked as it is shown.
            let exchange = shown(replayed)
            var display = ExchangeDisplay(exchange: exchange)
            if exchange.response.body == replayed.response.body {
                display.inspection = ExchangeInspection(stored: stored, exchange: exchange)
            }
            display.historyID = id
            return shown(display)
        }
        return shown(
            ExchangeDisplay(
                failure: stored.errorMessage ?? stored.entry.outcome.rawValue, endpoint: stored.entry.endpoint,
                method: stored.entry.method, url: stored.entry.url,
                outcome: stored.entry.outcome.isVerdictOnAResponse ? .transportFailure : stored.entry.outcome,
                duration: stored.entry.duration, kind: stored.entry.errorKind))
    }

    /// Switches the profile to environment `name`: later requests, `:` lines and history rows use it.
    ///
    /// - Parameter name: One of the profile's environments.
    /// - Returns: The base URL to show, with the demo backend's address filled in.
    /// - Throws: ``APIClient/ProfileError`` for an environment the profile does not declare.
    package func switchEnvironment(_ name: String) async throws -> String {
        let next = try profile.selectingEnvironment(name)
        // The base URL first: when the demo backend cannot start, nothing has switched.
        let baseURL = try await session.displayedBaseURL(of: next)
        current.withLock { $0 = next }
        session.choose(environment: name, forProfile: next.name)
        // The `:` line follows only while it uses the same profile (a `:use other` stays as it is).
        scriptState.withLock { state in
            if state.profile?.name == next.name { state.profile = next }
        }
        return baseURL
    }

    /// Runs one line of the command language; variables and the last response persist between lines.
    ///
    /// - Parameter line: The line typed after `:`.
    /// - Returns: The command's summary, or the syntax error with its column (`column 1: unknown command 'cal'…`).
    package func runCommand(_ line: String) async -> String {
        await runCommand(line) { _ in }.text
    }

    /// Runs one line of the command language and returns, with its summary, the last exchange it
    /// sent (or the failure of its last request), so the UI shows a `:call` like a key's send.
    ///
    /// - Parameters:
    ///   - line: The line typed after `:`.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: The summary and the last exchange; a request cut short by task cancellation is
    ///   ``ExchangeOutcome/cancelled``.
    package func runCommand(_ line: String, progress: @escaping @Sendable (ProgressReport) -> Void) async
        -> TerminalCommandResult
    {
        let script: Script
        do {
            script = try Script(parsing: line, name: ":")
        } catch {
            // One line was typed: its column is all the location there is.
            return TerminalCommandResult(
                text: error.errors.map { "column \($0.column): \($0.message)" }.joined(separator: "\n"))
        }
        var state = scriptState.withLock { $0 }
        var lines: [String] = []
        var display: ExchangeDisplay?
        let runner = ScriptRunner(session: session, keepGoing: true, progress: progress)
        for command in script.commands {
            let started = ContinuousClock.now
            let report = await runner.execute(command, in: &state, scriptName: ":")
            // The line typed is the whole script: its errors say the column, not `::1:6:`.
            lines.append(Self.withColumns(shown(report.summary)))
            let used = state.profile ?? profile
            guard var panes = self.display(of: report, profile: used, since: started) else { continue }
            // A `:call` of an endpoint that pages starts a walk `]` continues, as `r` does.
            if report.command == "call", let exchange = report.exchange,
                let endpoint = used.endpoint(exchange.endpointID)
            {
                let parameters = endpoint.parameters(inURL: exchange.request.url)
                var walk = PageWalkState(exchange: exchange, parameters: parameters, profile: used)
                walk?.advance(after: exchange, display: &panes)
                walkState = walk
            }
            display = panes
        }
        let final = state
        scriptState.withLock { $0 = final }
        return TerminalCommandResult(
            text: lines.isEmpty ? "nothing to run" : lines.joined(separator: "\n"), display: display)
    }

    /// A `:` line's report with each `::LINE:COLUMN: ` location (the script is the one line typed,
    /// named `:`) written as `column COLUMN: `.
    ///
    /// ```swift
    /// SessionTerminalServices.withColumns("✗ call usr\n  ::1:6: no endpoint 'usr'")  // "…\n  column 6: no endpoint 'usr'"
    /// ```
    static func withColumns(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "::") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            let line = after.prefix { $0.isASCII && $0.isNumber }
            let afterLine = after.dropFirst(line.count)
            let column = afterLine.dropFirst().prefix { $0.isASCII && $0.isNumber }
            let tail = afterLine.dropFirst(1 + column.count)
            guard !line.isEmpty, afterLine.first == ":", !column.isEmpty, tail.hasPrefix(": ") else {
                result += "::"
                rest = after
                continue
            }
            result += "column \(column): "
            rest = tail.dropFirst(2)
        }
        return result + rest
    }

    /// What a command's report shows in the panes: its exchange (a `zip`'s last call's), or the
    /// failure of its request; `nil` for a command that sent nothing.
    func display(of report: CommandReport, profile: Profile, since started: ContinuousClock.Instant)
        -> ExchangeDisplay?
    {
        if let exchange = report.exchange ?? report.calls.last(where: { $0.exchange != nil })?.exchange {
            var display = ExchangeDisplay(exchange: shown(exchange))
            // A command's own exchange is its history row; a `zip`'s last call's is not known here.
            if report.exchange != nil { display.historyID = report.historyID }
            return display
        }
        guard
            let error = report.transportError ?? report.calls.last(where: { $0.transportError != nil })?.transportError
        else { return nil }
        let words = report.source.split(separator: " ").map(String.init)
        let endpoint = words.count > 1 ? words[1] : report.source
        let method =
            report.command == "call" ? profile.endpoint(endpoint)?.method ?? "GET" : report.command.uppercased()
        return shown(
            ExchangeDisplay(
                failure: error.description, endpoint: endpoint, method: method, url: "",
                outcome: Task.isCancelled ? .cancelled : .transportFailure, duration: ContinuousClock.now - started))
    }
}
