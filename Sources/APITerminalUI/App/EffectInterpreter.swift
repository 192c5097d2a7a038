import APIClient
import APIHTTP
import APIMapping

/// The one place an ``AppEffect`` becomes work on the services, and its answer an ``AppEvent``: the
/// ncurses runtime runs it on tasks (so keys are read meanwhile), the headless ``HeadlessTerminalUI``
/// awaits it effect by effect, and both therefore answer every effect the same way.
///
/// Effects that touch the terminal or the session's bookkeeping (cancelling, the clipboard, answers
/// to questions, the body editor, quitting) are the runtime's own: ``perform(_:context:report:)``
/// returns `nil` for them.
///
/// ```swift
/// let interpreter = EffectInterpreter(services: services)
/// let event = await interpreter.perform(.loadHistory, context: .init(state)) { _ in }  // .history([…])
/// ```
struct EffectInterpreter<Services: TerminalServices>: Sendable {
    /// What an effect reads of the state as it was when the effect was asked for.
    struct Context: Sendable {
        /// The model on screen (probes and tree searches run over it).
        var model: JSONNode?
        /// The whole parsed body (the raw view's pretty JSON is searched over it).
        var body: JSONNode?

        init(_ state: AppState) {
            model = state.tree?.root
            body = state.exchange?.body
        }
    }

    /// Work the runtime tracks so it can cancel it: a request, a model scan, a history check.
    enum Work: Hashable, Sendable {
        /// A request or a `:` line that sends (``AppEffect/cancel(requestID:)``).
        case request(Int)
        /// A probe evaluation (``AppEffect/cancelProbe(id:)``).
        case probe(Int)
        /// A search (``AppEffect/cancelSearch(id:)``).
        case search(Int)
        /// A shape check (``AppEffect/cancelShapeCheck(id:)``).
        case shape(Int)
        /// A diff load (``AppEffect/cancelDiff(id:)``).
        case diff(Int)

        /// The work an effect starts, if it is cancellable.
        init?(starting effect: AppEffect) {
            switch effect {
            case .send(let id, _, _), .nextPage(let id), .sendCommand(let id, _), .sendEdited(let id, _),
                .resendStored(let id, _):
                self = .request(id)
            case .evaluateProbe(let id, _): self = .probe(id)
            case .search(let id, _), .searchRaw(let id, _, _), .searchPretty(let id, _), .searchBytes(let id, _, _):
                self = .search(id)
            case .checkShape(let id, _): self = .shape(id)
            case .loadDiff(let id, _, _): self = .diff(id)
            default: return nil
            }
        }

        /// The work an effect stops, if it cancels one.
        init?(cancelledBy effect: AppEffect) {
            switch effect {
            case .cancel(let id): self = .request(id)
            case .cancelProbe(let id): self = .probe(id)
            case .cancelSearch(let id): self = .search(id)
            case .cancelShapeCheck(let id): self = .shape(id)
            case .cancelDiff(let id): self = .diff(id)
            default: return nil
            }
        }

        /// The work an event finishes, if it answers one.
        init?(finishedBy event: AppEvent) {
            switch event {
            case .responded(let id, _), .commandFinished(let id, _), .pageResponded(let id, _): self = .request(id)
            case .probed(let id, _): self = .probe(id)
            case .searched(let id, _): self = .search(id)
            case .shapeChecked(let id, _, _): self = .shape(id)
            case .diffLoaded(let id, _): self = .diff(id)
            default: return nil
            }
        }
    }

    let services: Services

    /// Performs `effect` and returns the event that answers it; `nil` for the runtime's own effects.
    ///
    /// - Parameters:
    ///   - effect: The effect.
    ///   - context: The state it reads.
    ///   - report: Receives events while the work goes on (a request's progress, a stream's events).
    ///   - streamControl: Stops a ``AppEffect/send(requestID:endpoint:parameters:)``'s event stream
    ///     (Esc), keeping what arrived; `nil` when the runtime does not stop streams.
    /// - Returns: The answer.
    func perform(
        _ effect: AppEffect, context: Context, streamControl: StreamControl? = nil,
        report: @escaping @Sendable (AppEvent) -> Void
    ) async -> AppEvent? {
        let started = ContinuousClock.now
        func progress(_ id: Int) -> @Sendable (ProgressReport) -> Void {
            { report(.progress(requestID: id, report: $0, elapsed: ContinuousClock.now - started)) }
        }
        switch effect {
        case .cancel, .stopStream, .cancelProbe, .cancelSearch, .cancelShapeCheck, .cancelDiff, .copy, .answer,
            .editBody, .quit:
            return nil
        case .evaluateProbe(let id, let text):
            return .probed(id: id, outcome: AppState.probeOutcome(text, in: context.model))
        case .search(let id, let query):
            return .searched(id: id, outcome: AppState.searchOutcome(query, in: context.model))
        case .searchRaw(let id, let query, let body):
            return .searched(id: id, outcome: AppState.rawSearchOutcome(query, in: body))
        case .searchPretty(let id, let query):
            return .searched(id: id, outcome: AppState.prettySearchOutcome(query, in: context.body))
        case .searchBytes(let id, let query, let body):
            return .searched(id: id, outcome: AppState.byteSearchOutcome(query, in: body))
        case .send(let id, let endpoint, let parameters):
            guard let streamControl else {
                let display = await services.send(endpoint: endpoint, parameters: parameters, progress: progress(id))
                return .responded(requestID: id, display: display)
            }
            let listener = StreamListener(control: streamControl) { events in
                report(.streamEvents(requestID: id, events: events, at: ContinuousClock.now))
            }
            let display = await services.send(
                endpoint: endpoint, parameters: parameters, progress: progress(id), listener: listener)
            return .responded(requestID: id, display: display)
        case .nextPage(let id):
            return .pageResponded(requestID: id, display: await services.nextPage(progress: progress(id)))
        case .revealSecrets(let reveal):
            return await services.revealSecrets(reveal).map { .show($0) }
        case .sendCommand(let id, let line):
            return .commandFinished(requestID: id, result: await services.runCommand(line, progress: progress(id)))
        case .sendEdited(let id, let request):
            return .responded(requestID: id, display: await services.send(request, progress: progress(id)))
        case .resendStored(let id, let historyID):
            return .responded(requestID: id, display: await resend(historyID, progress: progress(id)))
        case .runCommand(let line):
            return .commandOutput(await services.runCommand(line))
        case .loadStoreTable(let table):
            return await answer("store \(table)") { .show(try await services.storeTable(table)) }
        case .saveModel(let path, let endpoint):
            return await answer("model not saved") {
                .commandOutput(try await services.saveModel(path, forEndpoint: endpoint))
            }
        case .loadHistory:
            return await answer("history") { .history(try await services.historyRows(limit: 200)) }
        case .loadHistoryEntry(let id):
            return await answer("history #\(id)") {
                .historyEntry(id: id, display: try await services.historyExchange(id: id))
            }
        case .checkShape(let id, let historyID):
            do {
                return .shapeChecked(id: id, check: try await services.shapeCheck(historyID: historyID), failure: nil)
            } catch {
                return .shapeChecked(id: id, check: nil, failure: "\(error)")
            }
        case .loadDiff(let id, let endpoint, let historyID):
            return .diffLoaded(id: id, await services.diffWithPrevious(endpoint: endpoint, historyID: historyID))
        case .switchEnvironment(let name):
            return await answer("environment \(name)") {
                .environmentChanged(name: name, baseURL: try await services.switchEnvironment(name))
            }
        case .loadEditableRequest(let endpoint, let parameters):
            return await answer("cannot edit \(endpoint)") {
                .editableRequest(try await services.editableRequest(endpoint: endpoint, parameters: parameters))
            }
        case .loadStoredRequest(let id):
            return await answer("history #\(id)") { .editableRequest(try await services.storedRequest(id: id)) }
        case .exportCurl(let request, let revealing):
            return await answer("cannot render curl") {
                .curlReady(
                    try await services.curl(for: request, revealingSecrets: revealing), request: request,
                    revealing: revealing)
            }
        case .saveCurl(let command):
            return await answer("copied (OSC 52) but not saved") {
                .curlSaved(path: try await services.saveCurl(command))
            }
        }
    }

    /// A History row's request sent again as recorded; a row that cannot be read back is shown as a
    /// failed exchange, so the running request ends either way.
    private func resend(_ historyID: Int64, progress: @escaping @Sendable (ProgressReport) -> Void) async
        -> ExchangeDisplay
    {
        let stored: EditableRequest
        do {
            stored = try await services.storedRequest(id: historyID)
        } catch {
            return ExchangeDisplay(
                failure: "history #\(historyID): \(error)", endpoint: "#\(historyID)", method: "", url: "",
                duration: .zero)
        }
        let request = EditedRequest(
            endpoint: stored.endpoint, parameters: stored.parameters, edit: stored.untouchedEdit)
        var display = await services.send(request, progress: progress)
        display.notes.insert("resent history #\(historyID)" + (stored.note.map { ": \($0)" } ?? ""), at: 0)
        return display
    }

    /// The event `body` makes, or ``AppEvent/serviceFailed(_:)`` saying what failed after `what`.
    private func answer(_ what: String, _ body: () async throws -> AppEvent) async -> AppEvent {
        do {
            return try await body()
        } catch {
            return .serviceFailed("\(what): \(error)")
        }
    }
}
