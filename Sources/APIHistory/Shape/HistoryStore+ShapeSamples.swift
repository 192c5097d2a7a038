public import APIMapping

/// A successful exchange's model read back from history, with where it sits in the body.
///
/// ```swift
/// let models = try await store.successfulModels(profile: "demo", endpoint: "user")
/// models.models.last?.path  // "data"
/// ```
public struct RecordedModel: Sendable {
    /// The exchange's listing fields.
    public let entry: HistoryEntry
    /// The model, evaluated with the envelope the exchange was recorded with.
    public let model: JSONNode
    /// The model's path in the body, in the profile's `>` syntax (`data`; empty for the whole body).
    public let path: String
}

/// An endpoint's successful models, oldest first, and the successful exchanges whose model could not be read.
public struct RecordedModels: Sendable {
    /// The models, oldest first.
    public var models: [RecordedModel] = []
    /// Successful exchanges with no readable model: a body cut at the history's body limit, or a row
    /// written before history kept the envelope.
    public var unreadable: [Int64] = []
}

extension HistoryStore {
    /// The most successful models read per endpoint to infer its shape: the newest 200.
    public static let shapeSampleLimit = 200

    /// The newest successful models of an endpoint, oldest first, read through ``entries(_:)`` and
    /// ``exchange(id:)``: at most `limit` of them, so a long history costs a bounded read.
    ///
    /// ```swift
    /// let earlier = try await store.successfulModels(profile: "demo", endpoint: "user", before: 42)
    /// let shape = JSONShape(inferringFrom: earlier.models.map(\.model))
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile, or `nil` for the endpoint in any profile.
    ///   - endpoint: The endpoint id.
    ///   - before: Only exchanges older than this id (the exchange being checked).
    ///   - limit: The most models read; default ``shapeSampleLimit``.
    /// - Returns: The models, oldest first, and the exchanges that had none readable.
    /// - Throws: ``HistoryError`` when the store cannot be read.
    public func successfulModels(
        profile: String?, endpoint: String, before: Int64? = nil, limit: Int = shapeSampleLimit
    ) async throws(HistoryError) -> RecordedModels {
        let entries = try await self.entries(
            HistoryQuery(profile: profile, endpoint: endpoint, outcomes: [.success], limit: limit, before: before))
        return try await models(of: entries.reversed())
    }

    /// The models of successful exchanges, in the order given.
    ///
    /// - Parameter entries: The exchanges.
    /// - Returns: Their models, and the exchanges that had none readable.
    /// - Throws: ``HistoryError`` when the store cannot be read.
    public func models(of entries: [HistoryEntry]) async throws(HistoryError) -> RecordedModels {
        var result = RecordedModels()
        for entry in entries {
            if let model = try await model(of: entry.id) {
                result.models.append(model)
            } else {
                result.unreadable.append(entry.id)
            }
        }
        return result
    }

    /// One exchange's model as recorded, or `nil` when it has none readable (no response, a body cut at
    /// the history's body limit, a row written before history kept the envelope, no such exchange).
    ///
    /// ```swift
    /// try await store.model(of: 42)?.path  // "data"
    /// ```
    ///
    /// - Parameter id: The exchange id.
    /// - Returns: The model.
    /// - Throws: ``HistoryError`` when the store cannot be read.
    public func model(of id: Int64) async throws(HistoryError) -> RecordedModel? {
        guard let stored = try await exchange(id: id), !stored.isTruncated,
            let match = stored.evaluateAsRecorded()?.model
        else { return nil }
        return RecordedModel(entry: stored.entry, model: match.node, path: match.location.profilePath)
    }
}
