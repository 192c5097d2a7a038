/// What one `:` line did: its text, and the exchange it produced when it sent a request.
///
/// The UI shows a line that sent (`call`, `get`, `replay`…) like a key's send: the exchange fills the
/// Status, Tip and Model panes and the text goes on the message line. A line that sent nothing
/// (`history 5`, `set`, `capture`) shows its text in the Output pane.
///
/// ```swift
/// let result = await services.runCommand("call user id=1002") { _ in }
/// result.display?.httpStatus  // 200
/// result.text                 // "call user → 200 success …"
/// ```
package struct TerminalCommandResult: Sendable {
    /// The command's output (errors included), one line per command.
    package var text: String
    /// The last exchange the line produced, if it sent anything.
    package var display: ExchangeDisplay?

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - text: The output.
    ///   - display: The last exchange, if any.
    package init(text: String, display: ExchangeDisplay? = nil) {
        self.text = text
        self.display = display
    }
}
