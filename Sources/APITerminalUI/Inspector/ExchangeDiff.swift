package import APIMapping

/// The shown exchange compared with the previous exchange of its endpoint, as the Diff view draws it.
///
/// ```swift
/// let outcome = await services.diffWithPrevious(endpoint: "inventory", historyID: nil)
/// if case .compared(let comparison) = outcome {
///     comparison.diff.significantChanges.map(\.profilePath)  // ["items>0", "items>3>price"]
/// }
/// ```
package struct ExchangeDiff: Sendable {
    /// The earlier side: `#12`.
    package var oldLabel: String
    /// The shown side: `#14`.
    package var newLabel: String
    /// The comparison.
    package var diff: JSONDiff
    /// The volatile paths the profile declares (with the endpoint's).
    package var declared: [DiffPath]
    /// The volatile paths detected from history.
    package var detected: [DiffPath]

    /// Creates a comparison for the view.
    package init(oldLabel: String, newLabel: String, diff: JSONDiff, declared: [DiffPath], detected: [DiffPath]) {
        self.oldLabel = oldLabel
        self.newLabel = newLabel
        self.diff = diff
        self.declared = declared
        self.detected = detected
    }
}

/// What ``TerminalServices/diffWithPrevious(endpoint:historyID:)`` found.
package enum ExchangeDiffOutcome: Sendable {
    /// The two models compared.
    case compared(ExchangeDiff)
    /// No comparison, and why: no history, no earlier exchange, a body that is not JSON.
    case unavailable(String)
}

/// The Diff view's state: which load is pending and what it gave.
struct DiffViewState: Sendable {
    /// The id of the load in flight, if any.
    var pending: Int?
    /// Ids keep counting, so a late answer for an older exchange is never taken for the current one.
    var nextID = 1
    /// The comparison for the shown exchange, once loaded.
    var outcome: ExchangeDiffOutcome?
    /// Whether volatile changes are listed (`:view diff all`) rather than counted.
    var showsVolatile = false
    /// Whether the Model tree marks the changes: `D` toggles it, opening the Diff view turns it on.
    var marksTree = false
    /// Where the loaded comparison's changes fall in the Model tree.
    var marks: DiffTreeMarks?

    /// A new exchange is shown: what was loaded is for the old one.
    mutating func exchangeChanged() {
        pending = nil
        outcome = nil
        marks = nil
    }

    /// Places the loaded comparison's changes in the tree (again when ``showsVolatile`` changed).
    mutating func placeMarks() {
        guard case .compared(let comparison) = outcome else {
            marks = nil
            return
        }
        marks = DiffTreeMarks(comparison.diff, includingVolatile: showsVolatile)
    }
}

extension JSONChange.Kind {
    /// The colour of a change of this kind, on screen and in printed diffs: green added, red
    /// removed, yellow changed, the match colour moved. The ``JSONChange/Kind/mark`` tells them
    /// apart without colour.
    package var role: ColorRole {
        switch self {
        case .added: .success
        case .removed: .failure
        case .changed: .warning
        case .moved: .match
        }
    }
}
