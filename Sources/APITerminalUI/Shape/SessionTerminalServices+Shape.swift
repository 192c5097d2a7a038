import APIHistory
import APIMapping
import APISession

extension SessionTerminalServices {
    /// Checks a recorded exchange's model against the shape of its endpoint's earlier successful models
    /// (the newest ``APIHistory/HistoryStore/shapeSampleLimit``), read from history.
    ///
    /// - Parameter historyID: The exchange's history id.
    /// - Returns: The check; `nil` when history is off or the exchange has no readable model.
    /// - Throws: ``APIHistory/HistoryError`` when the store cannot be read.
    package func shapeCheck(historyID: Int64) async throws -> ShapeCheck? {
        guard let history = session.history, let current = try await history.model(of: historyID) else { return nil }
        let earlier = try await history.successfulModels(
            profile: current.entry.profile, endpoint: current.entry.endpoint, before: historyID)
        let shape = JSONShape(inferringFrom: earlier.models.map(\.model))
        return ShapeCheck(
            exchangeID: historyID, endpoint: current.entry.endpoint, samples: shape.samples,
            drift: shape.hasEnoughSamples ? shape.drift(of: current.model, at: current.path) : nil)
    }
}
