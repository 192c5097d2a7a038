public import APIMapping

/// A backend's business error codes by name: JingDataNetwork's global error mapping, declared in
/// the profile's `errors:`.
///
/// A code is the envelope's status value (`40013`) or, for backends whose status is only a flag
/// (`{"ok": false, "error": "invalid_auth"}`), the tip text. Numbers compare by value, so `40013`
/// in the profile matches `40013.0` and `"40013"` does not.
///
/// ```yaml
/// errors:
///   40013: {name: token_expired, message: "Sign in again", action: reauth}
///   10001: {name: bad_sign, action: fail}
///   invalid_auth: {name: invalid_auth, action: reauth}
/// ```
///
/// ```swift
/// profile.errors.businessError(for: exchange.evaluation)?.name  // "token_expired"
/// ```
public struct ErrorCatalogue: Hashable, Sendable {
    /// One catalogued code.
    public struct NamedCode: Hashable, Sendable {
        /// The code as written: a number or a string.
        public var code: Envelope.StatusValue
        /// A short identifier users and scripts refer to (`expect error token_expired`).
        public var name: String
        /// A human explanation, shown next to the backend's own tip.
        public var message: String?
        /// What apiexplore does when the code comes back.
        public var action: Action

        /// Creates a named code.
        ///
        /// - Parameters:
        ///   - code: The status value or tip text.
        ///   - name: The identifier.
        ///   - message: An explanation, if any.
        ///   - action: What to do; `fail` by default.
        public init(code: Envelope.StatusValue, name: String, message: String? = nil, action: Action = .fail) {
            self.code = code
            self.name = name
            self.message = message
            self.action = action
        }
    }

    /// What a catalogued code makes apiexplore do.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// Report the failure; the default.
        case fail
        /// Sign in again (the profile's `auth` login or OAuth2 refresh) and send the request once more.
        case reauth
    }

    /// The named codes in file order.
    public var codes: [NamedCode]

    /// Creates a catalogue.
    ///
    /// - Parameter codes: The named codes in file order.
    public init(_ codes: [NamedCode] = []) {
        self.codes = codes
    }

    /// Whether the profile catalogues nothing.
    public var isEmpty: Bool { codes.isEmpty }

    /// The code named `name`, if any.
    ///
    /// - Parameter name: A code's ``NamedCode/name``.
    public func code(named name: String) -> NamedCode? {
        codes.first { $0.name == name }
    }

    /// The business error an evaluation reports, catalogued or not.
    ///
    /// A business failure always gives one: the named code its status (or else its tip) matches, or an
    /// *uncatalogued* error carrying the raw code. An HTTP failure gives one only when its body's
    /// status or tip is catalogued (a `401` with `{"code": 40013}`). Successes give none.
    ///
    /// ```swift
    /// // errors: {40013: {name: token_expired, action: reauth}}; body {"code":40013,"msg":"expired"}
    /// catalogue.businessError(for: evaluation)
    /// // BusinessError(code: "40013", name: "token_expired", action: .reauth, catalogued: true)
    /// ```
    ///
    /// - Parameter evaluation: The envelope's evaluation of one response.
    public func businessError(for evaluation: EnvelopeEvaluation) -> BusinessError? {
        guard evaluation.outcome == .businessFailure || evaluation.outcome == .httpFailure else { return nil }
        let status = evaluation.status?.node
        if let status, let named = codes.first(where: { Self.matches(status, $0.code) }) {
            return BusinessError(code: Self.text(status), named: named)
        }
        if let tip = evaluation.fullTip, let named = codes.first(where: { $0.code == .string(tip) }) {
            return BusinessError(code: tip, named: named)
        }
        guard evaluation.outcome == .businessFailure else { return nil }
        let code = status.map(Self.text) ?? evaluation.tip ?? ""
        return BusinessError(code: code, name: nil, message: nil, action: .fail, catalogued: false)
    }

    static func matches(_ node: JSONNode, _ code: Envelope.StatusValue) -> Bool {
        switch code {
        case .number(let number):
            guard let value = node.numberValue else { return false }
            return value.numericallyCompare(number) == .equal
        case .string(let string): return node.stringValue == string
        case .bool(let bool): return node.boolValue == bool
        }
    }

    static func text(_ node: JSONNode) -> String {
        node.stringValue ?? node.jsonText()
    }
}

/// A business failure as the catalogue names it: shown next to the code in every output.
///
/// ```json
/// "business_error": {"code": "40013", "name": "token_expired", "message": "Sign in again",
///                    "action": "reauth", "catalogued": true}
/// ```
public struct BusinessError: Hashable, Sendable, CustomStringConvertible {
    /// The raw code as text: the status value, or the tip for flag-only envelopes.
    public var code: String
    /// The catalogued name; `nil` when the code is uncatalogued.
    public var name: String?
    /// The catalogued explanation.
    public var message: String?
    /// The catalogued action (`fail` when uncatalogued).
    public var action: ErrorCatalogue.Action
    /// Whether the profile's catalogue names the code.
    public var catalogued: Bool

    /// Creates a business error.
    ///
    /// - Parameters:
    ///   - code: The raw code as text.
    ///   - name: The catalogued name, if any.
    ///   - message: The catalogued explanation, if any.
    ///   - action: The catalogued action.
    ///   - catalogued: Whether the catalogue names the code.
    public init(code: String, name: String?, message: String?, action: ErrorCatalogue.Action, catalogued: Bool) {
        self.code = code
        self.name = name
        self.message = message
        self.action = action
        self.catalogued = catalogued
    }

    init(code: String, named: ErrorCatalogue.NamedCode) {
        self.init(code: code, name: named.name, message: named.message, action: named.action, catalogued: true)
    }

    /// `40013 token_expired` or `40099 (uncatalogued)`.
    public var description: String {
        "\(code) \(name ?? "(uncatalogued)")"
    }

    /// The JSON form outputs print under `business_error`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.append(key: "code", value: .string(code))
        object.append(key: "name", value: name.map(JSONValue.string) ?? .null)
        if let message { object.append(key: "message", value: .string(message)) }
        object.append(key: "action", value: .string(action.rawValue))
        object.append(key: "catalogued", value: .bool(catalogued))
        return .object(object)
    }
}
