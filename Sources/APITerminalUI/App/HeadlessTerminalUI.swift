import APIClient

/// The state machine wired to services, one event at a time, awaiting each effect: the UI without a terminal.
///
/// Tests and headless runs drive it with key scripts; every request really goes through the services,
/// so a snapshot shows a real exchange. The interactive runtime runs the same effects concurrently instead.
///
/// ```swift
/// var ui = HeadlessTerminalUI(state: AppState(profile: demo, columns: 120, rows: 40), services: services)
/// await ui.press("e<enter><enter>")  // pick the first endpoint, accept its parameters, send
/// print(ui.screenText())
/// ```
package struct HeadlessTerminalUI<Services: TerminalServices>: Sendable {
    /// The UI state.
    package var state: AppState
    /// The services effects go to.
    package let services: Services
    /// Every text `y` asked to copy, in order (the terminal runtime writes it as OSC 52 instead).
    package private(set) var copied: [String] = []
    /// Every question answered, in order, and whether it was answered yes or with a value (never
    /// the value: it may be a secret).
    package private(set) var answers: [(id: Int, given: Bool)] = []

    /// Creates the UI over its services.
    ///
    /// ```swift
    /// let ui = HeadlessTerminalUI(state: state, services: services)
    /// ```
    ///
    /// - Parameters:
    ///   - state: The starting state.
    ///   - services: The services.
    package init(state: AppState, services: Services) {
        self.state = state
        self.services = services
    }

    /// Types a key script (see ``Key/parse(_:)``), performing each key's effects before the next key.
    ///
    /// ```swift
    /// await ui.press("/data>na<tab>")
    /// ```
    ///
    /// - Parameter script: The keys.
    package mutating func press(_ script: String) async {
        for key in Key.parse(script) { await apply(.key(key)) }
    }

    /// Applies an event and performs the effects it asks for, recursively, until none is left.
    ///
    /// ```swift
    /// await ui.apply(.resize(columns: 80, rows: 24))
    /// ```
    ///
    /// - Parameter event: The event.
    package mutating func apply(_ event: AppEvent) async {
        var pending = state.handle(event)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if let reply = await perform(effect) { pending += state.handle(reply) }
        }
    }

    /// The UI's own effects (the clipboard, answers, the editor) are recorded; every other
    /// goes through the ``EffectInterpreter`` the terminal runtime uses.
    private mutating func perform(_ effect: AppEffect) async -> AppEvent? {
        switch effect {
        case .copy(let text):
            copied.append(text)
            return nil
        case .answer(let id, let value):
            answers.append((id, value != nil))
            return nil
        case .editBody:
            // No terminal to hand over: tests answer ``AppEvent/bodyEdited(_:problem:)`` themselves.
            return .bodyEdited(nil, problem: "no editor without a terminal")
        default:
            let context = EffectInterpreter<Services>.Context(state)
            return await EffectInterpreter(services: services).perform(effect, context: context) { _ in }
        }
    }

    /// The screen as text at the state's size.
    ///
    /// ```swift
    /// ui.screenText()  // " apiexplore · demo · http://127.0.0.1:52110 · endpoint: GET user id=1001\n┌ Status …"
    /// ```
    ///
    /// - Returns: One line per row.
    package func screenText() -> String {
        HeadlessScreenRenderer.render(state)
    }
}

/// Renders the UI into an in-memory ``GridScreen`` and returns it as text, for headless runs and tests.
///
/// `apiexplore run SCRIPT --screen 120x40` prints this after each command.
///
/// ```swift
/// var state = AppState(profile: demo, columns: 120, rows: 40)
/// state.handle(.responded(requestID: 0, display: display))  // or drive it with keys
/// print(HeadlessScreenRenderer.render(state))
/// ```
package enum HeadlessScreenRenderer {
    /// Renders a state at its own size.
    ///
    /// ```swift
    /// HeadlessScreenRenderer.render(state)
    /// ```
    ///
    /// - Parameter state: The UI state.
    /// - Returns: The screen's text, one line per row.
    package static func render(_ state: AppState) -> String {
        grid(state).text
    }

    /// Renders a state into a grid, keeping each cell's ``ColorRole``.
    ///
    /// ```swift
    /// HeadlessScreenRenderer.grid(state).cell(row: 0, column: 0).role  // .header
    /// ```
    ///
    /// - Parameter state: The UI state.
    /// - Returns: The grid.
    package static func grid(_ state: AppState) -> GridScreen {
        var screen = GridScreen(columns: state.columns, rows: state.rows)
        state.render(into: &screen)
        return screen
    }

    /// Parses a `COLUMNSxROWS` size (`120x40`).
    ///
    /// ```swift
    /// HeadlessScreenRenderer.parseSize("120x40")  // (120, 40)
    /// ```
    ///
    /// - Parameter text: The size.
    /// - Returns: Columns and rows, or `nil` when malformed or below 1×1.
    package static func parseSize(_ text: String) -> (columns: Int, rows: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else {
            return nil
        }
        return (columns, rows)
    }
}
