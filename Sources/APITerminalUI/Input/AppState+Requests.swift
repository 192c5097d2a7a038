import APIClient

extension AppState {
    /// A request the user asked for, before it has an id: every way the UI sends goes through
    /// ``startRequest(_:)``.
    enum RequestStart: Sendable, Equatable {
        /// An endpoint with parameters (`r`, ⏎, the picker and the parameter form).
        case endpoint(String, parameters: [String: String])
        /// A `:` line that sends (`:call user id=1002`).
        case commandLine(String)
        /// An edited or ad-hoc request from the edit form; `label` names it while it runs.
        case edited(EditedRequest, label: String)
        /// A History row's request, as recorded (`r` on the History pane).
        case historyRow(Int64, endpoint: String)
        /// The next page of the endpoint on screen (`]`).
        case nextPage(endpoint: String)

        /// What the info line names while it runs.
        var label: String {
            switch self {
            case .endpoint(let name, _): name
            case .commandLine(let line):
                // `call NAME …` is about that endpoint; any other line is named by itself.
                line.split(separator: " ").count > 1 && line.hasPrefix("call ")
                    ? String(line.split(separator: " ")[1]) : line
            case .edited(_, let label): label
            case .historyRow(_, let endpoint): endpoint
            case .nextPage(let endpoint): endpoint
            }
        }

        /// The effect that performs it under `id`.
        func effect(id: Int) -> AppEffect {
            switch self {
            case .endpoint(let name, let parameters): .send(requestID: id, endpoint: name, parameters: parameters)
            case .commandLine(let line): .sendCommand(requestID: id, line: line)
            case .edited(let request, _): .sendEdited(requestID: id, request: request)
            case .historyRow(let historyID, _): .resendStored(requestID: id, historyID: historyID)
            case .nextPage: .nextPage(requestID: id)
            }
        }
    }

    /// Starts a request: refused while another runs (one at a time, Esc cancels); in an environment
    /// that confirms (production) asked first; otherwise given the next id and shown as running until
    /// its answer arrives.
    ///
    /// - Parameters:
    ///   - start: What to send.
    ///   - confirmed: Whether the user already said yes to sending it here.
    /// - Returns: The effect that sends it, or none.
    mutating func startRequest(_ start: RequestStart, confirmed: Bool = false) -> [AppEffect] {
        if running != nil {
            message = "a request is running: Esc cancels it"
            return []
        }
        if !confirmed, let question = confirmationQuestion(for: start) {
            confirm(question, then: .request(start))
            return []
        }
        let id = nextRequestID
        nextRequestID += 1
        var request = RunningRequest(id: id, endpoint: start.label)
        if case .commandLine(let line) = start { request.commandLine = line }
        running = request
        message = nil
        return [start.effect(id: id)]
    }
}
