import APIClient
public import APIMapping

extension HistoryStore {
    /// The outcomes of exchanges that got a response, so that they have a body to compare.
    public static let answeredOutcomes: Set<ExchangeOutcome> = [
        .success, .businessFailure, .httpFailure, .undetermined,
    ]

    /// An endpoint's exchanges that got a response, newest first: what `ENDPOINT@-1` counts back through.
    ///
    /// ```swift
    /// let recent = try await store.answeredEntries(profile: "demo", endpoint: "counter", limit: 2)
    /// recent.map(\.id)  // [42, 40]: @0 and @-1
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile's name.
    ///   - endpoint: The endpoint's id.
    ///   - before: Only exchanges with a smaller id (older), when given.
    ///   - limit: The most entries.
    /// - Returns: The entries, newest first.
    /// - Throws: ``HistoryError`` when the read fails.
    public func answeredEntries(profile: String, endpoint: String, before: Int64? = nil, limit: Int)
        async throws(HistoryError) -> [HistoryEntry]
    {
        try await entries(
            HistoryQuery(
                profile: profile, endpoint: endpoint, outcomes: Self.answeredOutcomes, limit: limit, before: before))
    }

    /// The paths of an endpoint's model that changed between every two consecutive successful
    /// exchanges among its last `count` up to exchange `through` (see `VolatileDetection`); none
    /// with fewer than three.
    ///
    /// With a `request`, only the exchanges that asked the same question count (the same method,
    /// URL and body, see ``RequestKey``): a value that differs between the answers for `id=1001`
    /// and `id=1002` differs because the question did, and is not volatile. Without one, every
    /// exchange of the endpoint counts.
    ///
    /// A comparison of two older exchanges passes the newer one's id as `through`, so that
    /// detection reads the exchanges of that time rather than the endpoint's newest ones.
    ///
    /// ```swift
    /// try await store.detectVolatilePaths(profile: "demo", endpoint: "counter").map(\.description)
    /// // ["served_at", "count"]
    /// try await store.detectVolatilePaths(profile: "demo", endpoint: "counter", through: 12)  // #12 and older
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile's name.
    ///   - endpoint: The endpoint's id.
    ///   - count: How many of the newest successful exchanges to look at: at least 3, at most 50.
    ///   - through: Only this exchange and older ones, when given; the endpoint's newest otherwise.
    ///   - identities: The arrays matched by identity, as the profile declares them.
    ///   - xmlArrays: The profile's `xml_arrays`, to read XML bodies as they were.
    ///   - request: Only exchanges that sent this request, when given.
    /// - Returns: The detected paths, as profile paths.
    /// - Throws: ``HistoryError`` when the read fails.
    public func detectVolatilePaths(
        profile: String, endpoint: String, count: Int = 5, through: Int64? = nil, identities: [DiffIdentity] = [],
        xmlArrays: [ProfilePath] = [], request: RequestKey? = nil
    ) async throws(HistoryError) -> [DiffPath] {
        let limit = min(max(count, VolatileDetection.minimumModels), 50)
        // `before` is exclusive; no id follows the largest one, so there it reads from the newest.
        let before = through.flatMap { $0 == .max ? nil : $0 + 1 }
        var query = HistoryQuery(
            profile: profile, endpoint: endpoint, outcomes: [.success], limit: limit, before: before)
        query.url = request?.url
        query.method = request?.method
        // A body that differs is only seen once the exchange is read: read a few more than needed.
        if request?.body != nil { query.limit = limit * 4 }
        let recent = try await entries(query)
        var models: [JSONNode] = []
        for entry in recent {
            guard models.count < limit else { break }
            guard let stored = try await exchange(id: entry.id),
                request == nil || stored.requestBody == request?.body,
                let model = stored.diffModel(xmlArrays: xmlArrays)
            else { continue }
            models.append(model.value)
        }
        return VolatileDetection.detect(in: models.reversed(), identities: identities)
    }
}
