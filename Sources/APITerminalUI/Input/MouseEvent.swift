/// A mouse report from the terminal: a button pressed or released, or the wheel turned, at a cell.
///
/// The terminal sends it in xterm's SGR form, `ESC [ < button ; column ; row M` (`m` for a release),
/// once the UI asks for reports; ``parse(_:)`` reads the part after `ESC [ <`.
///
/// ```swift
/// MouseEvent.parse("0;12;5M")  // .init(action: .press(.left), row: 4, column: 11)
/// ```
package struct MouseEvent: Sendable, Equatable {
    /// A button.
    package enum Button: Sendable, Equatable {
        case left
        case middle
        case right
    }

    /// What happened.
    package enum Action: Sendable, Equatable {
        /// A button went down.
        case press(Button)
        /// A button came up.
        case release
        /// The wheel turned away from the user (scrolls up).
        case wheelUp
        /// The wheel turned towards the user (scrolls down).
        case wheelDown
    }

    /// What happened.
    package var action: Action
    /// The row, from 0.
    package var row: Int
    /// The column, from 0.
    package var column: Int

    /// Creates an event.
    package init(action: Action, row: Int, column: Int) {
        self.action = action
        self.row = row
        self.column = column
    }

    /// Reads an SGR report after its `ESC [ <`: `button;column;row` then `M` or `m`; `nil` when it is not
    /// one, or reports motion (the UI does not ask for motion).
    ///
    /// - Parameter text: The report's characters after `ESC [ <`.
    /// - Returns: The event.
    package static func parse(_ text: some StringProtocol) -> MouseEvent? {
        guard let last = text.last, last == "M" || last == "m" else { return nil }
        let fields = text.dropLast().split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
            column >= 1, row >= 1, code >= 0, code < 256
        else { return nil }
        // Shift, Meta and Ctrl add 4, 8 and 16; motion adds 32.
        guard code & 32 == 0 else { return nil }
        let action: Action
        switch (code & ~28, last) {
        case (64, _): action = .wheelUp
        case (65, _): action = .wheelDown
        case (_, "m"): action = .release
        case (0, _): action = .press(.left)
        case (1, _): action = .press(.middle)
        case (2, _): action = .press(.right)
        default: return nil
        }
        return MouseEvent(action: action, row: row - 1, column: column - 1)
    }

    /// Whether `text` (after `ESC [ <`) can still become a report: digits and semicolons so far.
    static func isPrefix(_ text: some StringProtocol) -> Bool {
        text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ";") }
    }
}
