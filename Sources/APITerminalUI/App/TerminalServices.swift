import APIClient
package import APIHTTP
import Foundation
import Synchronization

/// What the terminal UI asks of the rest of the program: sending, history and the command language.
///
/// The UI never touches the network or the store directly. The executable passes an implementation
/// that sends through a ``APIClient/ProfileClient``, records into the history store and runs command lines;
/// ``ClientTerminalServices`` is a complete one that keeps history in memory.
///
/// ```swift
/// struct Services: TerminalServices {
///     func send(endpoint: String, parameters: [String: String],
///               progress: @escaping @Sendable (ProgressReport) -> Void) async -> ExchangeDisplay { … }
///     func historyRows(limit: Int) async throws -> [HistoryRow] { … }
///     func historyExchange(id: Int64) async throws -> ExchangeDisplay { … }
///     func runCommand(_ line: String) async -> String { … }
/// }
/// ```
package protocol TerminalServices: Sendable {
    /// Sends an endpoint of the profile and records the exchange in history.
    ///
    /// Failures are part of the result (``ExchangeOutcome/transportFailure``), not thrown: the UI shows
    /// them like any other exchange. The call is cancelled through task cancellation when the user
    /// presses Esc.
    ///
    /// ```swift
    /// let display = await services.send(endpoint: "user", parameters: ["id": "1001"]) { _ in }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint identifier.
    ///   - parameters: Values for the endpoint's path and query parameters.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: What to show.
    func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> ExchangeDisplay

    /// Sends an endpoint like ``send(endpoint:parameters:progress:)``, handing on the events of an
    /// event-stream answer as they arrive; `listener.control` stops the stream (Esc), keeping what came.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint identifier.
    ///   - parameters: Values for the endpoint's parameters.
    ///   - progress: Called as body bytes arrive.
    ///   - listener: Hears each chunk's events; holds the stream's stop control.
    /// - Returns: What to show.
    func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void,
        listener: StreamListener
    ) async -> ExchangeDisplay

    /// The most recent exchanges, newest first.
    ///
    /// ```swift
    /// let rows = try await services.historyRows(limit: 100)
    /// ```
    ///
    /// - Parameter limit: The largest number of rows.
    /// - Returns: The rows.
    /// - Throws: The store's error when it cannot be read.
    func historyRows(limit: Int) async throws -> [HistoryRow]

    /// Loads a stored exchange back, with no network call.
    ///
    /// ```swift
    /// let display = try await services.historyExchange(id: rows[0].id)
    /// ```
    ///
    /// - Parameter id: A ``HistoryRow/id``.
    /// - Returns: What to show.
    /// - Throws: The store's error when the entry is missing or unreadable.
    func historyExchange(id: Int64) async throws -> ExchangeDisplay

    /// Runs one line of the headless command language and returns its output as text.
    ///
    /// ```swift
    /// await services.runCommand("history")  // "3 exchanges…"
    /// ```
    ///
    /// - Parameter line: The line typed after `:`.
    /// - Returns: The text to show (errors included).
    func runCommand(_ line: String) async -> String

    /// Runs one line of the headless command language and returns its output and the exchange it
    /// produced, so a `:call` fills the panes like a key's send does. The UI cancels the call through
    /// task cancellation when the user presses Esc.
    ///
    /// ```swift
    /// let result = await services.runCommand("call user id=1002") { _ in }
    /// result.display?.endpoint  // "user"
    /// ```
    ///
    /// - Parameters:
    ///   - line: The line typed after `:`.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: The text to show and the last exchange, if the line sent a request.
    func runCommand(_ line: String, progress: @escaping @Sendable (ProgressReport) -> Void) async
        -> TerminalCommandResult

    /// Switches the profile to one of its environments for every later request.
    ///
    /// ```swift
    /// let baseURL = try await services.switchEnvironment("prod")  // "https://api.example.com"
    /// ```
    ///
    /// - Parameter name: One of the profile's environments.
    /// - Returns: The base URL to show.
    /// - Throws: When the profile has no such environment, or these services cannot switch.
    func switchEnvironment(_ name: String) async throws -> String

    /// Sends the next page of the last endpoint sent, when it pages and has one.
    ///
    /// ```swift
    /// let page = await services.nextPage { _ in }  // nil: no next page
    /// page?.page?.number  // 2
    /// ```
    ///
    /// - Parameter progress: Called as body bytes arrive.
    /// - Returns: The page's display, with ``ExchangeDisplay/pageItems``; `nil` when there is none.
    func nextPage(progress: @escaping @Sendable (ProgressReport) -> Void) async -> ExchangeDisplay?

    /// Shows secrets in clear from now on (`true`: the user answered yes to `S`), or masks them
    /// again, and returns the last exchange shown, drawn the new way.
    ///
    /// - Parameter reveal: Whether to show secrets in clear.
    /// - Returns: The last exchange's display; `nil` when there is none, or nothing is masked.
    func revealSecrets(_ reveal: Bool) async -> ExchangeDisplay?

    /// A table of the model store as a display whose model is its documents, newest first.
    ///
    /// - Parameter table: The table name.
    /// - Returns: The display.
    /// - Throws: When there is no store or no such table.
    func storeTable(_ table: String) async throws -> ExchangeDisplay

    /// Saves `envelope: {model: PATH}` for an endpoint into the profile's file, and uses it from now on.
    ///
    /// - Parameters:
    ///   - path: The model path.
    ///   - endpoint: The endpoint's id.
    /// - Returns: What was done, for the message line.
    /// - Throws: When the profile is built in or the file cannot take it.
    func saveModel(_ path: String, forEndpoint endpoint: String) async throws -> String

    /// The request an endpoint would send, as the edit form shows it (secrets masked).
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint id.
    ///   - parameters: Its parameters.
    /// - Returns: The editable request.
    /// - Throws: When the profile cannot build the request.
    func editableRequest(endpoint: String, parameters: [String: String]) async throws -> EditableRequest

    /// A stored exchange's request, as the edit form shows it and `r` on a History row resends it.
    ///
    /// - Parameter id: A ``HistoryRow/id``.
    /// - Returns: The editable request; its note says which secrets are read again from the profile.
    /// - Throws: When history is off or has no such exchange.
    func storedRequest(id: Int64) async throws -> EditableRequest

    /// Sends an edited or ad-hoc request and records it in history as it was sent.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called as body bytes arrive.
    /// - Returns: What to show.
    func send(_ request: EditedRequest, progress: @escaping @Sendable (ProgressReport) -> Void) async -> ExchangeDisplay

    /// The request as a curl command line: environment secrets as `${NAME}`, literal ones masked
    /// unless `revealingSecrets`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - revealingSecrets: Whether literal secrets are written as they are.
    /// - Returns: The command.
    /// - Throws: When the profile cannot build the request.
    func curl(for request: EditedRequest, revealingSecrets: Bool) async throws -> CurlExport

    /// Writes a copied curl command to a private file (0600) and returns its path.
    ///
    /// - Parameter command: The command line.
    /// - Returns: The file's path.
    /// - Throws: When the file cannot be written.
    func saveCurl(_ command: String) async throws -> String

    /// Checks a recorded exchange's model against the shape of its endpoint's earlier successful models.
    ///
    /// ```swift
    /// try await services.shapeCheck(historyID: 42)?.drift?.changes  // [data>user>age: int → string]
    /// ```
    ///
    /// - Parameter historyID: The exchange's history id.
    /// - Returns: The check; `nil` when there is nothing to check against (no history, no readable model).
    /// - Throws: When history cannot be read.
    func shapeCheck(historyID: Int64) async throws -> ShapeCheck?
    /// The shown exchange's model compared with the previous exchange of the same endpoint in
    /// history, with the profile's `volatile:` and `identity:` and the volatile paths detected from
    /// history: for the Diff view.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint of the shown exchange.
    ///   - historyID: The shown exchange's history row when it was opened from history; `nil` for
    ///     the exchange just sent (the endpoint's newest row).
    /// - Returns: The comparison, or why there is none.
    func diffWithPrevious(endpoint: String, historyID: Int64?) async -> ExchangeDiffOutcome
}

extension TerminalServices {
    /// Services that do not stream show a stream once it ended.
    package func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void,
        listener: StreamListener
    ) async -> ExchangeDisplay {
        await send(endpoint: endpoint, parameters: parameters, progress: progress)
    }

    /// Services whose command lines produce text only show it in the Output pane.
    package func runCommand(_ line: String, progress: @escaping @Sendable (ProgressReport) -> Void) async
        -> TerminalCommandResult
    {
        TerminalCommandResult(text: await runCommand(line))
    }

    /// Services that keep one profile cannot switch.
    package func switchEnvironment(_ name: String) async throws -> String {
        throw TerminalServicesError("these services keep one environment")
    }

    /// Services that do not walk pages have no next page.
    package func nextPage(progress: @escaping @Sendable (ProgressReport) -> Void) async -> ExchangeDisplay? { nil }

    /// Services without a session's secret gate mask nothing: there is nothing to draw again.
    package func revealSecrets(_ reveal: Bool) async -> ExchangeDisplay? { nil }

    /// Services without a model store have no tables.
    package func storeTable(_ table: String) async throws -> ExchangeDisplay {
        throw TerminalServicesError("these services keep no model store")
    }

    /// Services without profile files save nothing.
    package func saveModel(_ path: String, forEndpoint endpoint: String) async throws -> String {
        throw TerminalServicesError("these services cannot change the profile")
    }

    /// Services without a history have nothing to compare with.
    package func diffWithPrevious(endpoint: String, historyID: Int64?) async -> ExchangeDiffOutcome {
        .unavailable("no history here to compare with")
    }
}

/// The error ``ClientTerminalServices`` reports for a history entry it does not hold.
package struct TerminalServicesError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the entry.
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Who hears the events of a stream the UI sends for, and how it is stopped.
///
/// ```swift
/// let listener = StreamListener(control: StreamControl()) { events in post(.streamEvents(…)) }
/// ```
package struct StreamListener: Sendable {
    /// Stops the stream (Esc); what arrived is kept.
    package let control: StreamControl
    /// Receives the events of each chunk as it arrives.
    package let onEvents: @Sendable ([EvaluatedStreamEvent]) -> Void

    /// Creates a listener.
    ///
    /// - Parameters:
    ///   - control: Stops the stream.
    ///   - onEvents: Receives each chunk's events.
    package init(control: StreamControl, onEvents: @escaping @Sendable ([EvaluatedStreamEvent]) -> Void) {
        self.control = control
        self.onEvents = onEvents
    }

    /// Event-stream options that hand events to ``onEvents`` a chunk at a time and stop on ``control``.
    package var options: EventStreamOptions {
        let batch = EventBatch()
        var options = EventStreamOptions()
        options.control = control
        options.onEvent = { batch.add($0) }
        let onEvents = self.onEvents
        options.onBatchEnd = {
            let events = batch.take()
            if !events.isEmpty { onEvents(events) }
        }
        return options
    }
}

/// The events of one chunk, gathered until the chunk ends.
final class EventBatch: Sendable {
    private let events = Mutex<[EvaluatedStreamEvent]>([])

    func add(_ event: EvaluatedStreamEvent) {
        events.withLock { $0.append(event) }
    }

    func take() -> [EvaluatedStreamEvent] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}
