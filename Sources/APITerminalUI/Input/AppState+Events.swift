import APIClient
import APIMapping

extension AppState {
    /// Applies an event and returns the work it asks for.
    ///
    /// ```swift
    /// var state = AppState(profile: demo, columns: 120, rows: 40)
    /// state.handle(.key(.character("q")))  // [.quit]
    /// ```
    ///
    /// - Parameter event: A key, a resize or a service result.
    /// - Returns: The effects to perform, in order.
    @discardableResult
    package mutating func handle(_ event: AppEvent) -> [AppEffect] {
        var effects = apply(event)
        // A question that waited for a line or form to close is asked once the keyboard is free.
        showWaitingQuestion()
        // A new exchange dropped a probe or search still running over the old model: stop its task.
        effects += abandonedWork
        abandonedWork = []
        effects += shapeWork
        shapeWork = []
        effects += diffLoadIfNeeded()
        return effects
    }

    private mutating func apply(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .key(let key):
            return handleKey(key)
        case .mouse(let event):
            return handleMouse(event)
        case .resize(let columns, let rows):
            self.columns = columns
            self.rows = rows
            if var tree {
                tree.scrollToCursor(viewHeight: modelHeight)
                self.tree = tree
            }
            clampHistory()
        case .progress(let id, let report, let elapsed):
            if running?.id == id {
                running?.progress = report
                running?.elapsed = elapsed
            }
        case .streamEvents(let id, let events, let instant):
            receiveStreamEvents(events, requestID: id, at: instant)
        case .responded(let id, let display):
            // A cancelled request's answer is not shown, but it has just been recorded (as cancelled):
            // the History pane reloads to show its row.
            guard running?.id == id else { return [.loadHistory] }
            running = nil
            show(display)
            shownHistoryID = nil
            // A paged answer says where the walk is on the message line, full width.
            if let page = display.page { message = page.description }
            return [.loadHistory]
        case .show(let display):
            show(display)
            shownHistoryID = nil
        case .history(let rows):
            receiveHistory(rows)
        case .clock(let date):
            now = date
        case .historyEntry(let id, let display):
            show(display)
            shownHistoryID = id
            message = "history #\(id): \(display.endpoint) (from the store, no request sent)"
        case .commandFinished(let id, let result):
            return finishCommandSend(id: id, result: result)
        case .commandOutput(let output):
            commandOutput = output
            message = output.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        case .serviceFailed(let description):
            message = description
        case .ask(let question):
            ask(question)
        case .environmentChanged(let name, let baseURL):
            environment = name
            self.baseURL = baseURL
            message = "environment \(name): \(baseURL)"
        case .notice(let text):
            // During a request the notice replaces its progress line: it is what the request waits for.
            if running != nil { running?.notice = text } else { message = text }
        case .tick:
            running?.spinner += 1
        case .probed(let id, let outcome):
            applyProbe(id: id, outcome: outcome)
        case .searched(let id, let outcome):
            applySearch(id: id, outcome: outcome)
        case .pageResponded(let id, let display):
            guard running?.id == id else { return [.loadHistory] }
            running = nil
            guard let display else {
                message = "no next page"
                return []
            }
            appendPage(display)
            shownHistoryID = nil
            return [.loadHistory]
        case .editableRequest(let editable):
            showEditForm(editable)
        case .bodyEdited(let bytes, let problem):
            bodyEdited(bytes, problem: problem)
        case .curlReady(let export, let request, let revealing):
            return curlReady(export, request: request, revealing: revealing)
        case .diffLoaded(let id, let outcome):
            diffLoaded(id: id, outcome)
        case .curlSaved(let path):
            message = (message ?? "copied as curl") + "; saved to \(path)"
        case .shapeChecked(let id, let check, let failure):
            applyShapeCheck(id: id, check: check, failure: failure)
        }
        return []
    }

    /// Shows an exchange: new tree, watches evaluated.
    mutating func show(_ display: ExchangeDisplay) {
        exchange = display
        tree = display.model.map { ModelTree(root: $0) }
        // A new model: any probe evaluation still running is for the old one, so its answer is
        // dropped; ids keep counting, so a late answer can never pass for a newer request's.
        if let id = probe.pending { abandonedWork.append(.cancelProbe(id: id)) }
        if let id = search.pending { abandonedWork.append(.cancelSearch(id: id)) }
        let generation = probe.generation
        probe = Probe()
        probe.generation = generation
        let searchGeneration = search.generation
        search = Search()
        search.generation = searchGeneration
        commandOutput = nil
        tipScroll = 0
        hexTop = 0
        rawScroll = nil
        inspectorTop = 0
        sideways = 0
        if let id = diffView.pending { abandonedWork.append(.cancelDiff(id: id)) }
        diffView.exchangeChanged()
        pages = []
        mappedModel = nil
        completion = nil
        watchResults = (watches[display.endpoint] ?? []).map { ($0, evaluateWatch($0)) }
        startShapeCheck(for: display)
        showStreamEvents(of: display)
    }

    /// Starts sending the selected endpoint.
    mutating func startSend() -> [AppEffect] {
        guard let endpoint else {
            openPicker()
            message = "choose an endpoint first"
            return []
        }
        return startRequest(.endpoint(endpoint, parameters: parameters))
    }

    /// Cancels the running request and shows it as cancelled.
    mutating func cancelRunning() -> [AppEffect] {
        guard let running else { return [] }
        self.running = nil
        let method = endpoints.first { $0.id == running.endpoint }?.method ?? "GET"
        show(
            ExchangeDisplay(
                failure: "cancelled by the user", endpoint: running.endpoint, method: method, url: "",
                outcome: .cancelled, duration: running.elapsed))
        message = running.commandLine.map { ":\($0) cancelled" } ?? "request cancelled"
        return [.cancel(requestID: running.id), .loadHistory]
    }

    mutating func clampHistory() {
        historyCursor = min(max(historyCursor, 0), max(visibleHistory.count - 1, 0))
        if historyCursor < historyTop { historyTop = historyCursor }
        if historyCursor >= historyTop + historyHeight { historyTop = historyCursor - historyHeight + 1 }
        historyTop = max(historyTop, 0)
    }
}
