/// How a backend wraps its answers: where the business status, the tip message and the model are,
/// and which status values mean success.
///
/// Declared once per backend (a profile's `envelope:` block), overridable per endpoint, and
/// evaluated over every response with ``evaluate(httpStatus:body:)``.
///
/// ```swift
/// // {"code": 0, "msg": "ok", "data": {...}}
/// let envelope = Envelope(status: try ProfilePath("code"), success: .values([.number(0)]),
///                         tip: [try ProfilePath("msg")], model: try ProfilePath("data"))
/// // {"ok": false, "error": "invalid_auth"}   (Slack)
/// let slack = Envelope(status: try ProfilePath("ok"), success: .values([.bool(true)]),
///                      tip: [try ProfilePath("error")])
/// // GitHub: bare JSON, HTTP decides
/// let github = Envelope()
/// ```
///
/// Comparison rules for ``SuccessRule/values(_:)``: numbers compare by value (`200` equals
/// `200.0`), strings as strings (`"0000"` is not `"0"`), bools as bools, and values of different
/// kinds never match, unless ``coerceStatus`` is on: then a string that is a JSON number compares
/// with numbers by value (`"200"` matches `200`) and `"true"`/`"false"` match the bools.
public struct Envelope: Hashable, Sendable {
    /// Where the business status is; `nil` when only HTTP decides.
    public var status: ProfilePath?
    /// Which statuses mean success.
    public var success: SuccessRule
    /// Where the tip message may be, tried in order; the first present, non-empty value wins.
    public var tip: [ProfilePath]
    /// Where the model is; the empty path is the whole body.
    public var model: ProfilePath
    /// Whether a non-2xx HTTP status is a failure even when the body says success. Default `true`.
    public var requireHTTPSuccess: Bool
    /// Whether statuses sent as strings (`"200"`, `"true"`) also match numbers and bools.
    public var coerceStatus: Bool

    /// Creates an envelope. With no arguments: HTTP decides, no tip, the model is the whole body.
    public init(
        status: ProfilePath? = nil, success: SuccessRule = .http, tip: [ProfilePath] = [],
        model: ProfilePath = ProfilePath(keys: []), requireHTTPSuccess: Bool = true, coerceStatus: Bool = false
    ) {
        self.status = status
        self.success = success
        self.tip = tip
        self.model = model
        self.requireHTTPSuccess = requireHTTPSuccess
        self.coerceStatus = coerceStatus
    }

    /// Which business statuses mean success.
    public enum SuccessRule: Hashable, Sendable, CustomStringConvertible {
        /// Success when the status equals any of these values.
        case values([StatusValue])
        /// Success when the status path is missing or `null` (Baidu's `error_code`, GraphQL's `errors`).
        case absent
        /// Success when the status path exists and is not `null` (Twitter v2's `data`).
        case present
        /// Success when the HTTP status is 2xx; the body's status is only reported.
        case http

        public var description: String {
            switch self {
            case .values(let values): values.map(\.description).joined(separator: " or ")
            case .absent: "absent"
            case .present: "present"
            case .http: "http"
            }
        }
    }

    /// A status value a success rule names: a number, a string or a bool.
    public enum StatusValue: Hashable, Sendable, CustomStringConvertible {
        /// A number, compared by value.
        case number(JSONNumber)
        /// A string, compared exactly.
        case string(String)
        /// A bool.
        case bool(Bool)

        /// The value as JSON text: `0`, `"success"`, `true`.
        public var description: String {
            switch self {
            case .number(let number): number.text
            case .string(let string): JSONValue.string(string).jsonText()
            case .bool(let bool): String(bool)
            }
        }
    }
}

/// Per-endpoint changes to an envelope (MoyaMapper's `params` block): every field is optional and
/// replaces the profile's when set.
///
/// ```swift
/// var override = EnvelopeOverride()
/// override.model = try ProfilePath("data>items")
/// let endpointEnvelope = override.applied(to: profileEnvelope)
/// ```
public struct EnvelopeOverride: Hashable, Sendable {
    /// Replaces ``Envelope/status``; `.some(nil)` removes the status path.
    public var status: ProfilePath??
    /// Replaces ``Envelope/success``.
    public var success: Envelope.SuccessRule?
    /// Replaces ``Envelope/tip``.
    public var tip: [ProfilePath]?
    /// Replaces ``Envelope/model``.
    public var model: ProfilePath?
    /// Replaces ``Envelope/requireHTTPSuccess``.
    public var requireHTTPSuccess: Bool?
    /// Replaces ``Envelope/coerceStatus``.
    public var coerceStatus: Bool?

    /// Creates an override that changes nothing.
    public init() {}

    /// This override with every field `later` sets replaced: the later of two changes wins field by field.
    ///
    /// ```swift
    /// let both = fromFlags.merging(try EnvelopeOverride(inlineSpec: "tip=msg"))
    /// ```
    ///
    /// - Parameter later: The override that wins where it sets a field.
    public func merging(_ later: EnvelopeOverride) -> EnvelopeOverride {
        var result = self
        if let status = later.status { result.status = status }
        if let success = later.success { result.success = success }
        if let tip = later.tip { result.tip = tip }
        if let model = later.model { result.model = model }
        if let require = later.requireHTTPSuccess { result.requireHTTPSuccess = require }
        if let coerce = later.coerceStatus { result.coerceStatus = coerce }
        return result
    }

    /// The envelope with every field this override sets replaced.
    public func applied(to envelope: Envelope) -> Envelope {
        var result = envelope
        if let status { result.status = status }
        if let success { result.success = success }
        if let tip { result.tip = tip }
        if let model { result.model = model }
        if let requireHTTPSuccess { result.requireHTTPSuccess = requireHTTPSuccess }
        if let coerceStatus { result.coerceStatus = coerceStatus }
        return result
    }
}
