public import APIClient
public import APIMapping

/// A stored exchange's model compared with the previous answered exchange of the same endpoint:
/// what the Diff view and `expect unchanged` show.
public struct PreviousComparison: Sendable {
    /// The exchange compared.
    public let current: HistoryEntry
    /// The id of the endpoint's answered exchange before it; `nil` when there is none.
    public let previousID: Int64?
    /// The comparison; `nil` when there is no previous exchange, or ``problem`` says why not.
    public let diff: JSONDiff?
    /// The volatile paths the settings declare, applied when volatile paths are ignored.
    public let declared: [DiffPath]
    /// The volatile paths detected from the endpoint's recent successful exchanges.
    public let detected: [DiffPath]
    /// Why there is no comparison although there is a previous exchange (a body that is not JSON).
    public let problem: String?
    /// The two requests when the previous exchange asked something else (other parameters): no
    /// volatile paths were detected, and every change is shown; `nil` when they asked the same.
    public var differentRequests: (previous: RequestKey, current: RequestKey)? = nil

    /// `#12 and #14 sent different requests (GET …/1001, GET …/1002): …`, when they did.
    public var differentRequestsNote: String? {
        guard let differentRequests, let previousID else { return nil }
        return RequestKey.note(
            old: "#\(previousID)", differentRequests.previous, new: "#\(current.id)", differentRequests.current)
    }
}

extension RequestKey {
    /// What a diff says when its two sides sent different requests.
    ///
    /// - Parameters:
    ///   - old: How the older side is named (`#12`).
    ///   - oldKey: Its request.
    ///   - new: How the newer side is named.
    ///   - newKey: Its request.
    /// - Returns: `#12 and #14 sent different requests (GET …, GET …): no volatile path is detected across them, every change is shown`.
    public static func note(old: String, _ oldKey: RequestKey, new: String, _ newKey: RequestKey) -> String {
        "\(old) and \(new) sent different requests (\(oldKey), \(newKey)): no volatile path is detected "
            + "across them, every change is shown"
    }
}

extension HistoryStore {
    /// Compares exchange `id`'s model with the previous answered exchange of the same profile and
    /// endpoint, both as stored (redacted).
    ///
    /// Volatile paths are detected only among the exchanges that sent the same request as `id`, and
    /// only when the previous one did too: when it asked something else (other parameters), only the
    /// declared volatile paths apply and ``PreviousComparison/differentRequests`` says so.
    ///
    /// ```swift
    /// let comparison = try await store.compareWithPrevious(id: 14, settings: profile.diffSettings(endpoint: "inventory"))
    /// comparison?.previousID                               // 12
    /// comparison?.diff?.significantChanges.map(\.profilePath)  // ["items>0", "items>3>price"]
    /// ```
    ///
    /// - Parameters:
    ///   - id: The exchange.
    ///   - settings: The profile's (and endpoint's) `volatile:` and `identity:`.
    ///   - ignoringVolatile: Whether the declared paths and those detected among the endpoint's last
    ///     `detectCount` successful exchanges up to `id` are volatile; `false` compares strictly (identities still apply).
    ///   - detectCount: How many recent successful exchanges detection looks at (see
    ///     ``detectVolatilePaths(profile:endpoint:count:through:identities:xmlArrays:request:)``).
    ///   - xmlArrays: The profile's `xml_arrays`.
    /// - Returns: The comparison, or `nil` when there is no exchange `id`.
    /// - Throws: ``HistoryError`` when the store cannot be read.
    public func compareWithPrevious(
        id: Int64, settings: DiffSettings, ignoringVolatile: Bool = true, detectCount: Int = 5,
        xmlArrays: [ProfilePath] = []
    ) async throws(HistoryError) -> PreviousComparison? {
        guard let current = try await exchange(id: id) else { return nil }
        let profile = current.entry.profile
        let endpoint = current.entry.endpoint
        let earlier = try await answeredEntries(profile: profile, endpoint: endpoint, before: id, limit: 1).first
        let declared = ignoringVolatile ? settings.volatile : []
        func result(_ diff: JSONDiff?, detected: [DiffPath] = [], problem: String? = nil) -> PreviousComparison {
            PreviousComparison(
                current: current.entry, previousID: earlier?.id, diff: diff, declared: declared,
                detected: detected,
                problem: problem)
        }
        guard let earlier, let previous = try await exchange(id: earlier.id) else { return result(nil) }
        guard let new = current.diffModel(xmlArrays: xmlArrays) else {
            return result(nil, problem: "#\(id) has no JSON body to compare")
        }
        guard let old = previous.diffModel(xmlArrays: xmlArrays) else {
            return result(nil, problem: "#\(earlier.id) has no JSON body to compare")
        }
        let sameRequest = previous.requestKey == current.requestKey
        let assembled = try await diffOptions(
            settings: ignoringVolatile ? settings : DiffSettings(identities: settings.identities), profile: profile,
            endpoint: endpoint, detectCount: ignoringVolatile && sameRequest ? detectCount : 0, through: id,
            xmlArrays: xmlArrays, newModel: new.value, request: current.requestKey)
        var comparison = result(
            JSONDiff(old: old.value, new: new.value, options: assembled.options), detected: assembled.detected)
        if !sameRequest { comparison.differentRequests = (previous.requestKey, current.requestKey) }
        return comparison
    }
}
