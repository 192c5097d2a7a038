/// The mapping verbs over an evaluated response (MoyaMapper's `mapObject`, `mapArray`,
/// `mapResult`…), as a thin layer over ``JSONNodeDecoder``.
///
/// ```swift
/// // {"code": 0, "msg": "ok", "data": {"id": 7, "name": "Ann"}}
/// let envelope = try Envelope(inlineSpec: "status=code,success=0,tip=msg,model=data")
/// let evaluation = envelope.evaluate(httpStatus: 200, body: document.root)
/// let user = try evaluation.mapObject(User.self)            // from $.data
/// let (result, maybeUser) = try evaluation.mapObjResult(User.self)
/// result.isSuccess                                          // true
/// evaluation.string(at: try ProfilePath("msg"))             // "ok"
/// ```
///
/// Unlike MoyaMapper, a missing model is an error (``MappingError/Reason/modelNotFound``), never
/// an empty value.
extension EnvelopeEvaluation {
    /// Decodes the model as `T`.
    ///
    /// ```swift
    /// let user = try evaluation.mapObject(User.self)
    /// // model path missing: throws "$: model path `data` not found (stopped at $: no key `data`)"
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model's type.
    ///   - decoder: The decoder; strict with default keys unless given.
    /// - Returns: The model.
    /// - Throws: ``MappingError``, with locations from the body root.
    public func mapObject<T: Decodable>(
        _ type: T.Type, using decoder: JSONNodeDecoder = JSONNodeDecoder()
    ) throws(MappingError) -> T {
        try decoder.decode(type, from: try requireModel())
    }

    /// Decodes the model as an array of `T`.
    ///
    /// With a lenient decoder, elements that fail are dropped; use ``JSONNodeDecoder/decodeWithReport(_:from:)``
    /// on ``model`` to see which.
    ///
    /// ```swift
    /// let users = try evaluation.mapArray(User.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The element type.
    ///   - decoder: The decoder.
    /// - Returns: The elements.
    /// - Throws: ``MappingError``; the model must be an array.
    public func mapArray<T: Decodable>(
        _ type: T.Type, using decoder: JSONNodeDecoder = JSONNodeDecoder()
    ) throws(MappingError) -> [T] {
        try decoder.decode([T].self, from: try requireModel())
    }

    /// Whether the response succeeded, and its tip message.
    ///
    /// ```swift
    /// // Slack: {"ok": false, "error": "invalid_auth"}
    /// let result = evaluation.mapResult()
    /// result.isSuccess   // false
    /// result.tip         // "invalid_auth"
    /// ```
    ///
    /// - Returns: The verdict and tip; never throws, since it maps no model.
    public func mapResult() -> EnvelopeResult {
        EnvelopeResult(outcome: outcome, tip: tip)
    }

    /// The result, and the model decoded as `T` when the response succeeded.
    ///
    /// A failed response's model is not decoded (its shape is usually an error, not a `T`), so
    /// the value is `nil` then. A successful response must have its model.
    ///
    /// ```swift
    /// let (result, user) = try evaluation.mapObjResult(User.self)
    /// if !result.isSuccess { show(result.tip) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model's type.
    ///   - decoder: The decoder.
    /// - Returns: The result and the model (`nil` unless successful).
    /// - Throws: ``MappingError`` when the response succeeded but the model is missing or does not
    ///   decode.
    public func mapObjResult<T: Decodable>(
        _ type: T.Type, using decoder: JSONNodeDecoder = JSONNodeDecoder()
    ) throws(MappingError) -> (result: EnvelopeResult, value: T?) {
        let result = mapResult()
        guard result.isSuccess else { return (result, nil) }
        return (result, try mapObject(type, using: decoder))
    }

    /// The result, and the model decoded as an array of `T` when the response succeeded.
    ///
    /// ```swift
    /// let (result, users) = try evaluation.mapArrayResult(User.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The element type.
    ///   - decoder: The decoder.
    /// - Returns: The result and the elements (`nil` unless successful).
    /// - Throws: ``MappingError``, as ``mapObjResult(_:using:)``.
    public func mapArrayResult<T: Decodable>(
        _ type: T.Type, using decoder: JSONNodeDecoder = JSONNodeDecoder()
    ) throws(MappingError) -> (result: EnvelopeResult, values: [T]?) {
        let result = mapResult()
        guard result.isSuccess else { return (result, nil) }
        return (result, try mapArray(type, using: decoder))
    }

    /// The value at a profile path from the body root, as an owned JSON value.
    ///
    /// ```swift
    /// evaluation.toJSON(path: try ProfilePath("data>items>0"))   // ["id": 1, "name": "Ann"]
    /// ```
    ///
    /// - Parameter path: A path from the body root (not from the model).
    /// - Returns: The value, or `nil` when the path is missing or the body is not JSON.
    public func toJSON(path: ProfilePath) -> JSONValue? {
        body.flatMap { path.select(in: $0) }?.value
    }

    /// The scalar at a profile path from the body root, as text.
    ///
    /// Strings as they are, numbers as their exact text, `true`/`false`; `nil` for `null`,
    /// objects, arrays and missing paths.
    ///
    /// ```swift
    /// evaluation.string(at: try ProfilePath("code"))   // "0"
    /// ```
    ///
    /// - Parameter path: A path from the body root.
    /// - Returns: The text, or `nil`.
    public func string(at path: ProfilePath) -> String? {
        guard let node = body.flatMap({ path.select(in: $0) }) else { return nil }
        switch node.kind {
        case .string: return node.stringValue
        case .number: return node.numberValue?.text
        case .bool: return node.boolValue.map(String.init)
        case .null, .array, .object: return nil
        }
    }

    /// The model node, or the error saying where its path stopped.
    private func requireModel() throws(MappingError) -> JSONNode {
        if let model { return model.node }
        guard let body else {
            throw MappingError(.modelNotFound(path: modelPath.description, detail: "the body is not JSON"), at: .root)
        }
        let notFound = modelPath.notFound(in: body)
        throw MappingError(.modelNotFound(path: modelPath.description, detail: notFound.detail), at: notFound.reached)
    }
}

/// Whether a response succeeded, with its tip: what ``EnvelopeEvaluation/mapResult()`` returns.
///
/// ```swift
/// let result = evaluation.mapResult()
/// if !result.isSuccess { print(result.tip ?? "failed (\(result.outcome))") }
/// ```
public struct EnvelopeResult: Hashable, Sendable {
    /// The overall verdict.
    public let outcome: EnvelopeEvaluation.Outcome
    /// The tip message, when the body has one.
    public let tip: String?

    /// Creates a result.
    public init(outcome: EnvelopeEvaluation.Outcome, tip: String?) {
        self.outcome = outcome
        self.tip = tip
    }

    /// Whether the outcome is ``ExchangeOutcome/success``.
    public var isSuccess: Bool { outcome == .success }
}
