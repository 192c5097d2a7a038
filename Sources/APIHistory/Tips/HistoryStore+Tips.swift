import APIMapping

extension HistoryStore {
    /// The business statuses of the newest recorded exchanges, per profile and endpoint, with
    /// their tips and counts (``TipCatalogue``), each status's kind checked against its newest
    /// recorded response (a string `"40013"` is not the number `40013`).
    ///
    /// Reads through ``entries(_:)`` in pages of 1,000, newest first, at most `maximumEntries`
    /// exchanges (default 100,000), then one ``exchange(id:)`` per status.
    ///
    /// ```swift
    /// var catalogue = try await store.tipCatalogue(profile: "demo")
    /// catalogue.name { _ in demo.errors }
    /// catalogue.statuses.filter(\.isUncatalogued).map(\.code)  // ["40100", "42900"]
    /// ```
    ///
    /// - Parameters:
    ///   - profile: Only this profile's exchanges; `nil` for all.
    ///   - endpoint: Only this endpoint's exchanges.
    ///   - maximumEntries: The most exchanges read.
    ///   - limits: The catalogue's caps.
    /// - Returns: The catalogue, unnamed (see ``TipCatalogue/name(with:)``).
    /// - Throws: ``HistoryError`` when a read fails.
    public func tipCatalogue(
        profile: String?, endpoint: String? = nil, maximumEntries: Int = 100_000,
        limits: TipCatalogue.Limits = TipCatalogue.Limits()
    ) async throws(HistoryError) -> TipCatalogue {
        var catalogue = TipCatalogue(limits: limits)
        var before: Int64?
        var remaining = max(0, maximumEntries)
        while remaining > 0 {
            let page = try await entries(
                HistoryQuery(profile: profile, endpoint: endpoint, limit: min(1000, remaining), before: before))
            for entry in page { catalogue.add(TipObservation(entry)) }
            guard let last = page.last, page.count == min(1000, remaining) else { break }
            remaining -= page.count
            before = last.id
        }
        for summary in catalogue.statuses where summary.kind != .string {
            // Text that reads as a number or bool may have been a JSON string: the newest response says.
            guard let stored = try await exchange(id: summary.newestID),
                let node = stored.evaluateAsRecorded()?.status?.node
            else { continue }
            let kind: BusinessStatusSummary.Kind =
                node.numberValue != nil ? .number : node.boolValue != nil ? .bool : .string
            catalogue.setKind(kind, newestID: summary.newestID)
        }
        return catalogue
    }
}
