package import APIMapping

/// How the model of an exchange on screen compares with the shape of its endpoint's earlier successful
/// models, for the Status pane's `shape` marker and `:drift`.
///
/// ```swift
/// let check = try await services.shapeCheck(historyID: 42)
/// check?.drift?.changes.first?.description  // "data>user>age: int → string"
/// ```
package struct ShapeCheck: Sendable, Equatable {
    /// The exchange checked.
    package var exchangeID: Int64
    /// Its endpoint.
    package var endpoint: String
    /// How many earlier successful models the shape was inferred from.
    package var samples: Int
    /// The changes and notes; `nil` when there were fewer than ``APIMapping/JSONShape/minimumSamples`` earlier models.
    package var drift: JSONShapeDrift?

    /// Creates a check's result.
    ///
    /// - Parameters:
    ///   - exchangeID: The exchange checked.
    ///   - endpoint: Its endpoint.
    ///   - samples: The number of earlier models.
    ///   - drift: The report, or `nil` when there were too few earlier models.
    package init(exchangeID: Int64, endpoint: String, samples: Int, drift: JSONShapeDrift?) {
        self.exchangeID = exchangeID
        self.endpoint = endpoint
        self.samples = samples
        self.drift = drift
    }

    /// The lines `:drift` shows: a summary, then each change and note.
    var lines: [String] {
        guard let drift else {
            return [
                "shape of \(endpoint): \(samples) earlier successful model\(samples == 1 ? "" : "s"), "
                    + "\(JSONShape.minimumSamples) needed to check"
            ]
        }
        let count = drift.changes.count
        let summary =
            drift.isEmpty
            ? "shape of \(endpoint): no drift against \(samples) earlier successful models"
            : "shape of \(endpoint): \(count) change\(count == 1 ? "" : "s") against \(samples) earlier successful models"
                + (drift.isCut ? " (more not shown)" : "")
        return [summary] + drift.changes.map(\.description) + drift.notes.map { "note: \($0)" }
    }
}

extension TerminalServices {
    /// Services without history have no earlier models to check against.
    package func shapeCheck(historyID: Int64) async throws -> ShapeCheck? { nil }
}
