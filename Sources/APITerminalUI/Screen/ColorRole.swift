/// What a cell means, which each screen backend turns into its own colours and attributes.
///
/// Panes say *why* text stands out (a JSON key, a failure badge, the cursor row); the ncurses backend
/// maps each role to a colour pair, the grid backend keeps the role so tests can check it.
///
/// ```swift
/// screen.put("200 OK", row: 2, column: 1, role: .success)
/// ```
package enum ColorRole: UInt8, Sendable, Hashable, CaseIterable {
    /// Plain text.
    case normal
    /// Pane borders.
    case border
    /// The focused pane's border and title.
    case focusedBorder
    /// Pane titles and labels.
    case title
    /// Secondary text: hints, masked values, counts.
    case dim
    /// A JSON object key.
    case key
    /// A JSON string.
    case string
    /// A JSON number.
    case number
    /// A JSON `true` or `false`.
    case boolean
    /// A JSON `null`.
    case null
    /// Success: 2xx, business success.
    case success
    /// Failure: non-2xx, business failure, transport errors.
    case failure
    /// Undetermined or cancelled.
    case warning
    /// The cursor row in the focused list.
    case cursor
    /// A probe match in the model tree.
    case match
    /// The header bar.
    case header
}
