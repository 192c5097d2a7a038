extension Envelope {
    /// Evaluates this envelope over one response.
    ///
    /// A non-2xx body is evaluated like any other: its tip and model are what users need to see
    /// why it failed.
    ///
    /// - Parameters:
    ///   - httpStatus: The HTTP status code.
    ///   - body: The parsed body, or `nil` when it is not JSON (then only HTTP decides and an issue says so).
    /// - Returns: The verdicts, the raw status, the tip, the model and the issues met.
    public func evaluate(httpStatus: Int, body: JSONNode?) -> EnvelopeEvaluation {
        let http: EnvelopeEvaluation.HTTPVerdict =
            (200..<300).contains(httpStatus) ? .success(httpStatus) : .failure(httpStatus)
        var issues: [String] = []
        guard let body else {
            if status != nil, success != .http {
                issues.append("the body is not JSON, so the business status is unknown")
            }
            let business: EnvelopeEvaluation.BusinessVerdict =
                status == nil || success == .http ? .notApplicable : .undetermined
            return EnvelopeEvaluation(
                outcome: outcome(http: http, business: business), http: http, business: business, status: nil,
                tip: nil, fullTip: nil, tipLocation: nil, model: nil, modelPath: model, issues: issues, body: nil)
        }

        let statusMatch = status.flatMap { $0.match(in: body) }
        let business = businessVerdict(statusMatch, body: body, issues: &issues)
        let tipMatch = firstTip(in: body)
        let modelMatch = model.match(in: body)
        if modelMatch == nil {
            issues.append("model path `\(model)` not found (\(stoppingPoint(of: model, in: body)))")
        }
        let fullTip = tipMatch.map { Self.tipText($0.node) }
        return EnvelopeEvaluation(
            outcome: outcome(http: http, business: business), http: http, business: business, status: statusMatch,
            tip: fullTip.map { TextBudget.cap($0) }, fullTip: fullTip, tipLocation: tipMatch?.location,
            model: modelMatch, modelPath: model, issues: issues, body: body)
    }

    private func businessVerdict(
        _ statusMatch: JSONMatch?, body: JSONNode, issues: inout [String]
    ) -> EnvelopeEvaluation.BusinessVerdict {
        guard let status else { return .notApplicable }
        switch success {
        case .http:
            return .notApplicable
        // `null` means "no error" to many backends (`"errors": null`), so it counts as absent.
        case .absent:
            return statusMatch.map { $0.node.isNull } ?? true ? .success : .failure
        case .present:
            return statusMatch.map { $0.node.isNull } ?? true ? .failure : .success
        case .values(let values):
            guard let statusMatch else {
                issues.append("status path `\(status)` not found (\(stoppingPoint(of: status, in: body)))")
                return .undetermined
            }
            if values.contains(where: { matches(statusMatch.node, $0) }) { return .success }
            if !coerceStatus, values.contains(where: { matchesWithCoercion(statusMatch.node, $0) }) {
                issues.append(
                    "status \(statusMatch.node.jsonText()) differs from \(success) only in type; "
                        + "turn on coerce_status if the backend mixes them")
            }
            return .failure
        }
    }

    private func outcome(
        http: EnvelopeEvaluation.HTTPVerdict, business: EnvelopeEvaluation.BusinessVerdict
    ) -> EnvelopeEvaluation.Outcome {
        if !http.isSuccess && (requireHTTPSuccess || business == .notApplicable) { return .httpFailure }
        switch business {
        case .success, .notApplicable: return .success
        case .failure: return .businessFailure
        case .undetermined: return .undetermined
        }
    }

    /// Whether `node` equals `expected` under this envelope's rules.
    func matches(_ node: JSONNode, _ expected: StatusValue) -> Bool {
        switch (node.kind, expected) {
        case (.number, .number(let number)):
            return node.numberValue.map { $0.numericallyCompare(number) == .equal } ?? false
        case (.string, .string(let string)):
            return node.stringValue == string
        case (.bool, .bool(let bool)):
            return node.boolValue == bool
        default:
            return coerceStatus && matchesWithCoercion(node, expected)
        }
    }

    /// The opt-in normalisation: a numeric string against a number, `"true"`/`"false"` against a
    /// bool, and the reverse (a number against a numeric string).
    private func matchesWithCoercion(_ node: JSONNode, _ expected: StatusValue) -> Bool {
        switch (node.kind, expected) {
        case (.string, .number(let number)):
            return node.stringValue.flatMap(JSONNumber.init(coercing:)).map { $0.numericallyCompare(number) == .equal }
                ?? false
        case (.string, .bool(let bool)):
            return node.stringValue == String(bool)
        case (.number, .string(let string)):
            guard let expectedNumber = JSONNumber(coercing: string), let number = node.numberValue else { return false }
            return number.numericallyCompare(expectedNumber) == .equal
        case (.bool, .string(let string)):
            return node.boolValue.map(String.init) == string
        default:
            return false
        }
    }

    private func firstTip(in body: JSONNode) -> JSONMatch? {
        for path in tip {
            guard let match = path.match(in: body) else { continue }
            switch match.node.kind {
            case .null: continue
            case .string where match.node.stringValue?.isEmpty == true: continue
            default: return match
            }
        }
        return nil
    }

    static func tipText(_ node: JSONNode) -> String {
        node.stringValue ?? node.jsonText()
    }

    /// "stopped at $.data: no key `items`" — where a path broke.
    private func stoppingPoint(of path: ProfilePath, in body: JSONNode) -> String {
        let (reached, missing) = path.deepestMatch(in: body)
        guard let missing else { return "reached \(reached.location)" }
        let what: String
        switch reached.node.kind {
        case .object: what = "no key `\(missing.key)`"
        case .array:
            what =
                missing.index == nil
                ? "an array has no key `\(missing.key)`" : "no element \(missing.key) (count \(reached.node.count))"
        default: what = "\(reached.node.kind) has no `\(missing.key)`"
        }
        return "stopped at \(reached.location): \(what)"
    }
}
