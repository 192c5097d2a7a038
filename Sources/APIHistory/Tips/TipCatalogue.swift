public import APIClient
import APIMapping
import Foundation

/// Every business status seen, per profile and endpoint, built from recorded exchanges newest
/// first: what `apiexplore history tips` lists and `--emit-catalogue` writes from.
///
/// Everything is bounded: at most ``Limits/statuses`` statuses are told apart (later ones are
/// counted in ``droppedStatuses``), ``Limits/tipsPerStatus`` distinct tips each, and tips are
/// compared on their first ``Limits/tipLength`` characters.
///
/// ```swift
/// var catalogue = TipCatalogue()
/// for entry in try await store.entries(HistoryQuery(profile: "demo")) { catalogue.add(TipObservation(entry)) }
/// catalogue.statuses.map(\.code)  // ["0", "40013", "40100"]
/// ```
public struct TipCatalogue: Sendable {
    /// The caps that keep a catalogue small whatever the history holds.
    public struct Limits: Sendable, Hashable {
        /// The most statuses told apart; default 1,000.
        public var statuses: Int
        /// The most distinct tips kept per status; default 20.
        public var tipsPerStatus: Int
        /// The characters of a tip compared and kept; default 500.
        public var tipLength: Int

        /// Creates limits; every value has a default.
        ///
        /// - Parameters:
        ///   - statuses: The most statuses.
        ///   - tipsPerStatus: The most distinct tips per status.
        ///   - tipLength: The characters of a tip kept.
        public init(statuses: Int = 1000, tipsPerStatus: Int = 20, tipLength: Int = 500) {
            self.statuses = statuses
            self.tipsPerStatus = tipsPerStatus
            self.tipLength = tipLength
        }
    }

    private struct Key: Hashable {
        var profile: String
        var endpoint: String
        var code: String
        var codeIsTip: Bool
    }

    /// The caps applied.
    public let limits: Limits
    private var order: [Key] = []
    private var summaries: [Key: BusinessStatusSummary] = [:]
    /// Exchanges read.
    public private(set) var observed = 0
    /// Exchanges whose status was not kept because ``Limits/statuses`` were already told apart.
    public private(set) var droppedStatuses = 0

    /// Creates an empty catalogue.
    ///
    /// - Parameter limits: The caps.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The statuses, by profile, then endpoint, then code (numbers by value, before texts).
    public var statuses: [BusinessStatusSummary] {
        order.compactMap { summaries[$0] }.sorted { left, right in
            if left.profile != right.profile { return left.profile < right.profile }
            if left.endpoint != right.endpoint { return left.endpoint < right.endpoint }
            return Self.codeOrder(left, right)
        }
    }

    /// Adds one exchange; one that carries no business status is only counted.
    ///
    /// - Parameter observation: The exchange, seen newest first or in any order.
    public mutating func add(_ observation: TipObservation) {
        observed += 1
        guard let whole = observation.code else { return }
        // A status or a flag-only status's tip from outside can be any length: kept to the tip length.
        let code = String(whole.prefix(limits.tipLength))
        let key = Key(
            profile: observation.profile, endpoint: observation.endpoint, code: code,
            codeIsTip: observation.codeIsTip)
        let tip = observation.tip.map { String($0.prefix(limits.tipLength)) }
        guard var summary = summaries[key] else {
            guard summaries.count < limits.statuses else {
                droppedStatuses += 1
                return
            }
            order.append(key)
            summaries[key] = BusinessStatusSummary(
                profile: key.profile, endpoint: key.endpoint, code: code, isCodeCut: code.count < whole.count,
                kind: key.codeIsTip ? .string : Self.kind(of: code),
                tips: tip.map { [BusinessStatusSummary.TipCount(text: $0, count: 1)] } ?? [], otherTipCount: 0,
                count: 1, outcomes: [observation.outcome: 1], firstSeen: observation.date,
                lastSeen: observation.date, newestID: observation.id, catalogueName: nil,
                recordedError: observation.recordedError)
            return
        }
        summary.count += 1
        summary.outcomes[observation.outcome, default: 0] += 1
        summary.firstSeen = min(summary.firstSeen, observation.date)
        if observation.date > summary.lastSeen { summary.lastSeen = observation.date }
        if observation.id > summary.newestID {
            summary.newestID = observation.id
            summary.recordedError = observation.recordedError
        }
        if let tip {
            if let index = summary.tips.firstIndex(where: { $0.text == tip }) {
                summary.tips[index].count += 1
                // Most frequent first; a tip only moves up past those it now outnumbers.
                var position = index
                while position > 0, summary.tips[position - 1].count < summary.tips[position].count {
                    summary.tips.swapAt(position - 1, position)
                    position -= 1
                }
            } else if summary.tips.count < limits.tipsPerStatus {
                summary.tips.append(BusinessStatusSummary.TipCount(text: tip, count: 1))
            } else {
                summary.otherTipCount += 1
            }
        }
        summaries[key] = summary
    }

    /// Names each status with `catalogue(profile)`'s error catalogue, deciding from the status's
    /// text and kind as `ErrorCatalogue.businessError(for:)` does from the response: a number code
    /// by value, a string or bool exactly, then the tip as a string code. A profile the closure
    /// gives no catalogue for keeps the name recorded with its newest exchange.
    ///
    /// ```swift
    /// catalogue.name { profile in profiles[profile]?.errors }
    /// ```
    ///
    /// - Parameter catalogue: The error catalogue of a profile, or `nil` when it is not at hand.
    public mutating func name(with catalogue: (String) -> ErrorCatalogue?) {
        for (key, var summary) in summaries {
            if let errors = catalogue(key.profile) {
                summary.catalogueName = summary.isSuccess ? nil : Self.name(of: summary, in: errors)
            } else if let recorded = summary.recordedError, recorded != "uncatalogued", !summary.isSuccess {
                summary.catalogueName = recorded
            } else {
                summary.catalogueName = nil
            }
            summaries[key] = summary
        }
    }

    /// Sets a status's kind when the recorded response shows it better than its text (a string
    /// `"40013"` reads as a number otherwise).
    ///
    /// - Parameters:
    ///   - kind: The kind the response shows.
    ///   - newestID: The ``BusinessStatusSummary/newestID`` of the status to change.
    public mutating func setKind(_ kind: BusinessStatusSummary.Kind, newestID: Int64) {
        for (key, summary) in summaries where summary.newestID == newestID && !key.codeIsTip {
            summaries[key]?.kind = kind
        }
    }

    static func name(of summary: BusinessStatusSummary, in errors: ErrorCatalogue) -> String? {
        let byCode = errors.codes.first { named in
            switch (named.code, summary.kind) {
            case (.number(let number), .number):
                guard let value = JSONNumber(summary.code) else { return false }
                return value.numericallyCompare(number) == .equal
            case (.string(let text), .string): return text == summary.code
            case (.bool(let flag), .bool): return String(flag) == summary.code
            default: return false
            }
        }
        if let byCode { return byCode.name }
        // A catalogue keyed by tip text names a status by its newest tip, as it would the response.
        guard let tip = summary.tips.first?.text else { return nil }
        return errors.codes.first { $0.code == .string(tip) }?.name
    }

    /// The kind a status's text reads as: a JSON number, `true`/`false`, else a string.
    static func kind(of text: String) -> BusinessStatusSummary.Kind {
        if text == "true" || text == "false" { return .bool }
        return JSONNumber(text) != nil ? .number : .string
    }

    private static func codeOrder(_ left: BusinessStatusSummary, _ right: BusinessStatusSummary) -> Bool {
        switch (JSONNumber(left.code), JSONNumber(right.code)) {
        case (let l?, let r?):
            let order = l.numericallyCompare(r)
            return order == .equal ? left.code < right.code : order == .less
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return left.code < right.code
        }
    }
}
