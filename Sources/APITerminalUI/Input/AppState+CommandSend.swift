extension AppState {
    /// The command words whose lines send a request (or show a stored one): they run like `r`,
    /// with the spinner, and fill the panes with their exchange.
    static let sendingCommands: Set<String> = [
        "call", "get", "post", "put", "patch", "delete", "replay", "zip", "repeat",
    ]

    /// Whether a `:` line sends (its first word is a sending command).
    static func sendsRequest(_ line: String) -> Bool {
        guard let first = line.split(separator: " ", maxSplits: 1).first else { return false }
        return sendingCommands.contains(String(first))
    }

    /// Starts a `:` line that sends, as a request: the spinner and progress show, Esc cancels it.
    ///
    /// - Parameter line: The line, trimmed.
    /// - Returns: The effect that runs it.
    mutating func startCommandSend(_ line: String) -> [AppEffect] {
        startRequest(.commandLine(line))
    }

    /// Shows what a sending `:` line did: its exchange in the panes and its text on the message
    /// line, or only its text (in the Output pane) when it produced no exchange.
    mutating func finishCommandSend(id: Int, result: TerminalCommandResult) -> [AppEffect] {
        // A cancelled line's answer is not shown, but its exchange has just been recorded (as
        // cancelled): the History pane reloads to show its row now, not after the next exchange.
        guard running?.id == id else { return [.loadHistory] }
        running = nil
        let firstLine = result.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        if let display = result.display {
            show(display)
            shownHistoryID = nil
            message = firstLine
        } else {
            commandOutput = result.text
            message = firstLine
        }
        return [.loadHistory]
    }
}
