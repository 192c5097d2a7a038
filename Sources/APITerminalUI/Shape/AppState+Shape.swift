import APIMapping

/// The shape check of the exchange on screen: asked for when a recorded successful exchange is shown,
/// answered off the key loop.
struct ShapeCheckState: Equatable {
    /// Identifies the check; a late answer for an exchange no longer shown is dropped.
    var id: Int
    /// The exchange checked.
    var historyID: Int64
    /// The result, once it arrived; `nil` while pending or when there was nothing to check.
    var check: ShapeCheck?
    /// Whether the answer arrived.
    var isAnswered = false
    /// Why the check failed (the store could not be read).
    var failure: String?
}

extension AppState {
    /// Asks for the shape check of a newly shown exchange, when it is a recorded success; keeps the
    /// current one when the same exchange is shown again (a model mapped from another path).
    mutating func startShapeCheck(for display: ExchangeDisplay) {
        guard display.outcome == .success, let historyID = display.historyID else {
            abandonShapeCheck()
            shapeCheck = nil
            return
        }
        if shapeCheck?.historyID == historyID { return }
        abandonShapeCheck()
        nextShapeCheckID += 1
        shapeCheck = ShapeCheckState(id: nextShapeCheckID, historyID: historyID)
        shapeWork.append(.checkShape(id: nextShapeCheckID, historyID: historyID))
    }

    /// Stops the check still running for the exchange shown before: moving through History rows would
    /// otherwise leave one read of up to 200 models running per row passed.
    private mutating func abandonShapeCheck() {
        guard let state = shapeCheck, !state.isAnswered else { return }
        abandonedWork.append(.cancelShapeCheck(id: state.id))
    }

    /// Takes a check's answer, if it is for the exchange on screen.
    mutating func applyShapeCheck(id: Int, check: ShapeCheck?, failure: String?) {
        guard shapeCheck?.id == id else { return }
        shapeCheck?.check = check
        shapeCheck?.failure = failure
        shapeCheck?.isAnswered = true
    }

    /// The Status pane's marker: `2 changes: data>user>age: int → string`; `nil` when the exchange breaks
    /// nothing, or is not checked (yet).
    var shapeMarker: String? {
        guard let drift = shapeCheck?.check?.drift, let first = drift.changes.first else { return nil }
        let count = drift.changes.count
        return "\(count) change\(count == 1 ? "" : "s")\(drift.isCut ? "+" : ""): \(first)"
    }

    /// `:drift`: the whole check in the Output pane.
    mutating func showShapeCheck() {
        guard let state = shapeCheck else {
            commandOutput =
                "no shape check: it needs a successful exchange recorded in history (a live send or a History row)"
            message = commandOutput
            return
        }
        if let failure = state.failure {
            commandOutput = "shape check failed: \(failure)"
        } else if !state.isAnswered {
            commandOutput = "checking the shape against earlier successful models…"
        } else if let check = state.check {
            commandOutput = check.lines.joined(separator: "\n")
        } else {
            commandOutput = "no shape check: the exchange has no model readable from history"
        }
        message = commandOutput?.split(separator: "\n").first.map(String.init)
        focus = .tip
    }
}
