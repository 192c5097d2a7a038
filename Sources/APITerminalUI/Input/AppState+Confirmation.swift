import APIClient

extension AppState {
    /// Something that waits for a `y`: switching to an environment that confirms, or sending there.
    struct Confirmation: Sendable, Equatable {
        /// What happens on `y`.
        enum Action: Sendable, Equatable {
            /// Switch the profile to this environment.
            case switchEnvironment(String)
            /// Send this request.
            case request(RequestStart)
        }

        /// The question on the input line.
        var question: String
        /// What `y` does.
        var action: Action
    }

    /// Asks `question` on the input line; `y` performs `action`, `n` or Esc drops it.
    mutating func confirm(_ question: String, then action: Confirmation.Action) {
        confirmation = Confirmation(question: question, action: action)
        if mode != .confirm { modeBeforeConfirmation = mode }
        mode = .confirm
        message = nil
    }

    /// Keys while a confirmation is asked: only `y`/`Y` goes ahead; `n`, `N` and Esc say no; any other
    /// key is ignored, so typing meant for elsewhere cannot answer it.
    mutating func handleConfirmKey(_ key: Key) -> [AppEffect] {
        guard let pending = confirmation else {
            mode = modeBeforeConfirmation
            return []
        }
        switch key {
        case .character("y"), .character("Y"):
            confirmation = nil
            mode = modeBeforeConfirmation
            switch pending.action {
            case .switchEnvironment(let name):
                message = "switching to \(name)…"
                return [.switchEnvironment(name)]
            case .request(let start):
                return startRequest(start, confirmed: true)
            }
        case .character("n"), .character("N"), .escape:
            confirmation = nil
            mode = modeBeforeConfirmation
            switch pending.action {
            case .switchEnvironment(let name):
                message = "stayed in \(environment ?? "the current environment"), not \(name)"
            case .request: message = "not sent"
            }
        default:
            break
        }
        return []
    }

    /// The question a request asks before it goes to an environment that confirms, or `nil`.
    func confirmationQuestion(for start: RequestStart) -> String? {
        guard let active = activeEnvironment, active.confirms else { return nil }
        // An ad-hoc request goes where its URL says: it asks only when that is the environment's.
        if case .edited(let request, _) = start, request.endpoint == nil,
            !(request.edit.url ?? "").hasPrefix(baseURL)
        {
            return nil
        }
        let what: String
        switch start {
        case .endpoint(let name, let parameters):
            let method = endpoints.first { $0.id == name }?.method ?? ""
            let values = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            what = ([method, name] + values).filter { !$0.isEmpty }.joined(separator: " ")
        case .commandLine(let line): what = ":" + line
        case .edited(let request, let label): what = (request.edit.method.map { $0 + " " } ?? "") + label
        case .historyRow(let id, let endpoint): what = "history #\(id) (\(endpoint))"
        case .nextPage(let endpoint): what = "the next page of \(endpoint)"
        }
        return "send \(what) to \(active.name)? y/n"
    }
}
