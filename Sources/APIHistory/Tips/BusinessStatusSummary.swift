public import APIMapping
public import Foundation

/// One business status seen on one endpoint, over every exchange that carried it: its tips with
/// counts, when it was first and last seen, how the exchanges ended, and the name the profile's
/// error catalogue gives it.
///
/// ```swift
/// summary.code          // "40100"
/// summary.tips          // [TipCount(text: "token: expired", count: 3)]
/// summary.count         // 3
/// summary.isFailure     // true
/// summary.catalogueName // nil: uncatalogued
/// ```
public struct BusinessStatusSummary: Sendable, Hashable {
    /// The profile's name.
    public var profile: String
    /// The endpoint id.
    public var endpoint: String
    /// The code the catalogue would name it by: the status as text, or the tip for flag-only statuses.
    public var code: String
    /// Whether ``code`` was cut at ``TipCatalogue/Limits/tipLength`` characters: such a code cannot be
    /// written as a catalogue key that matches it.
    public var isCodeCut: Bool = false
    /// How the status reads in JSON: a number (`40013`), a string or a bool; decides how a
    /// catalogue key is written.
    public var kind: Kind
    /// The distinct tips, the most frequent first (ties: the first seen first); at most
    /// ``TipCatalogue/Limits/tipsPerStatus``.
    public var tips: [TipCount]
    /// Exchanges whose tip was not kept among ``tips`` (a new tip past the cap).
    public var otherTipCount: Int
    /// How many exchanges carried it.
    public var count: Int
    /// How many of them by outcome, in `ExchangeOutcome` order.
    public var outcomes: [ExchangeOutcome: Int]
    /// The oldest exchange's date.
    public var firstSeen: Date
    /// The newest exchange's date.
    public var lastSeen: Date
    /// The newest exchange's id.
    public var newestID: Int64
    /// The name the profile's error catalogue gives it; `nil` when it names it not (or it is a success).
    public var catalogueName: String?
    /// The error name recorded with the newest exchange (`uncatalogued` or a name), used when
    /// no catalogue is at hand.
    public var recordedError: String?

    /// How a status reads in JSON.
    public enum Kind: String, Sendable, Hashable {
        /// A JSON number: a catalogue key written bare (`40013:`).
        case number
        /// A JSON string, or the tip of a flag-only status: a quoted key (`"invalid_auth":`).
        case string
        /// A JSON bool.
        case bool
    }

    /// One distinct tip and how many exchanges carried it.
    public struct TipCount: Sendable, Hashable {
        /// The tip as recorded (redacted), cut at ``TipCatalogue/Limits/tipLength`` characters.
        public var text: String
        /// How many exchanges carried it.
        public var count: Int
    }

    /// Whether every exchange with this status succeeded.
    public var isSuccess: Bool { outcomes.keys.allSatisfy { $0 == .success } }

    /// Whether it was a business failure at least once: what `--emit-catalogue` may write.
    public var isFailure: Bool { (outcomes[.businessFailure] ?? 0) > 0 }

    /// Whether it is a failure the catalogue does not name.
    public var isUncatalogued: Bool { isFailure && catalogueName == nil }
}
