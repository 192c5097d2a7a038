/// Why the terminal UI could not start.
///
/// ```swift
/// do { try await TerminalUI.run(profile: demo, services: services) }
/// catch let error as TerminalUIError { print(error) }  // "no terminal: …"
/// ```
package struct TerminalUIError: Error, CustomStringConvertible, Sendable {
    enum Kind: Sendable {
        case noTerminal
        case unknownTerminal
        case cannotAddressCursor
    }

    let kind: Kind
    /// The `TERM` value, or the stream that is not a terminal.
    package let terminal: String

    /// Whether the UI refused because standard input or output is not a terminal.
    package var isNoTerminal: Bool { kind == .noTerminal }

    package var description: String {
        switch kind {
        case .noTerminal:
            "no terminal: \(terminal) is not a terminal; run headless with `apiexplore run`"
        case .unknownTerminal:
            "unknown terminal type TERM=\(terminal): set TERM to one your system knows (xterm-256color)"
        case .cannotAddressCursor:
            "terminal TERM=\(terminal) cannot move the cursor: use a full-screen terminal (xterm-256color)"
        }
    }
}
