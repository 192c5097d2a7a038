extension EnvelopeEvaluation {
    /// The evaluation as JSON, for scripts and `apiexplore probe --envelope`.
    ///
    /// ```json
    /// {"outcome": "business-failure", "http": {"status": 200, "success": true},
    ///  "business": "failure", "status": {"path": "$.code", "value": 40013},
    ///  "tip": "invalid token", "tip_path": "$.msg",
    ///  "model_path": "data", "model": null, "issues": []}
    /// ```
    ///
    /// `status`, `tip_path` and `model` are `null` when missing; the model is absent from the
    /// object (not `null`) when `includeModel` is `false`.
    ///
    /// - Parameter includeModel: Whether to embed the model value.
    public func jsonValue(includeModel: Bool = true) -> JSONValue {
        var object: JSONObject = [
            "outcome": .string(outcome.rawValue),
            "http": ["status": .number(JSONNumber(http.code)), "success": .bool(http.isSuccess)],
            "business": .string(business.rawValue),
            "status": status.map { ["path": .string($0.location.description), "value": $0.node.value] } ?? .null,
            "tip": tip.map(JSONValue.string) ?? .null,
            "tip_path": tipLocation.map { .string($0.description) } ?? .null,
            "model_path": .string(modelPath.description),
        ]
        if includeModel {
            object["model"] = model?.node.value ?? .null
        }
        object["issues"] = .array(issues.map(JSONValue.string))
        return .object(object)
    }
}
