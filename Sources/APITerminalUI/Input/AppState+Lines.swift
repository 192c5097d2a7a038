import Foundation

/// The lines typed earlier in this session, per kind of line, oldest first: ↑/↓ on the probe line
/// walk the probes, on the `:` line the commands. Kept in memory only (a secret typed into a
/// `:set` line is not written anywhere by this).
struct LineHistory: Sendable, Equatable {
    /// Probe lines, oldest first.
    private(set) var probe: [String] = []
    /// `:` lines, oldest first.
    private(set) var command: [String] = []
    /// `/` searches, oldest first.
    private(set) var search: [String] = []
    /// The most lines kept per kind.
    static let limit = 200

    /// Records a probe line (not twice in a row, never an empty one).
    mutating func record(probe line: String) { Self.append(line, to: &probe) }

    /// Records a `:` line (not twice in a row, never an empty one).
    mutating func record(command line: String) { Self.append(line, to: &command) }

    /// Records a `/` search (not twice in a row, never an empty one).
    mutating func record(search line: String) { Self.append(line, to: &search) }

    private static func append(_ line: String, to list: inout [String]) {
        guard !line.isEmpty, list.last != line else { return }
        list.append(line)
        if list.count > limit { list.removeFirst(list.count - limit) }
    }
}

extension AppState.Probe {
    /// The probe line's text.
    var text: String {
        get { line.text }
        set { line.setText(newValue) }
    }
}

extension AppState {
    /// The endpoint picker's filter text.
    var pickerFilter: String { pickerLine.text }

    /// Opens the endpoint picker with an empty filter and the cursor on the first endpoint.
    mutating func openPicker() {
        mode = .picker
        pickerLine = LineEditor()
        pickerCursor = 0
    }

    /// Keys on the probe line: Tab completes (see ``handleCompletionKey(_:)``), Enter pins a watch,
    /// Esc leaves; the rest edit the line, and every change is evaluated live.
    mutating func handleProbeKey(_ key: Key) -> [AppEffect] {
        if let effects = handleCompletionKey(key) { return effects }
        switch key {
        case .escape:
            mode = .normal
            lineHistory.record(probe: probe.text)
            return cancelProbe()
        case .enter:
            mode = .normal
            lineHistory.record(probe: probe.text)
            let effects = cancelProbe()
            pinProbe()
            return effects
        default:
            let before = probe.line
            probe.line.handle(key)
            return probe.line.text == before.text ? [] : requestProbe()
        }
    }

    /// Keys on the `:` line: Tab completes commands, endpoints and parameters; Enter runs the line
    /// (a line that sends runs like `r`, see ``startCommandSend(_:)``); Esc leaves; the rest edit.
    mutating func handleCommandKey(_ key: Key) -> [AppEffect] {
        if let effects = handleCompletionKey(key) { return effects }
        switch key {
        case .escape:
            mode = .normal
        case .enter:
            mode = .normal
            let line = commandLine.text.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { return [] }
            lineHistory.record(command: line)
            if let effects = handleLocalCommand(line) { return effects }
            if Self.sendsRequest(line) { return startCommandSend(line) }
            message = "running :\(line)"
            return [.runCommand(line)]
        default:
            commandLine.handle(key)
        }
        return []
    }
}
