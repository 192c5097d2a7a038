/// What importing a collection gave: the profile draft, what it could not express, and the
/// request chains a `.http` run replays as captures.
///
/// ```swift
/// let result = CollectionAssembler.assemble(collection, name: "shop")
/// result.draft.endpoints.count   // 12
/// result.scripts                 // 3 (kept as comments, not run)
/// ```
public struct CollectionImport: Sendable {
    /// The profile draft.
    public var draft: ProfileDraft
    /// What could not be expressed, one line each (also in the draft's comments).
    public var warnings: [String]
    /// How many pre-request and test scripts were kept as comments.
    public var scripts: Int
    /// Per endpoint, the values it takes from earlier answers (`{{login.response.body.$.token}}`).
    public var chains: [String: [CollectionChain]]
    /// The values the source gave its secrets, by the environment variable the profile reads them
    /// from, then by environment (`""` for the collection's own). Never written anywhere: a run of
    /// a `.http` file puts them in its own process environment, as the source's client would
    /// read its private file.
    public var secretValues: [String: [String: String]] = [:]
}

/// A value one request takes from an earlier request's answer.
///
/// ```swift
/// // Authorization: Bearer {{login.response.body.$.token}}
/// chain.parameter  // "login_token"
/// chain.request    // "login" (the endpoint that answers it)
/// chain.path       // "$.token"
/// ```
public struct CollectionChain: Hashable, Sendable {
    /// The endpoint parameter that carries the value.
    public var parameter: String
    /// The endpoint whose answer gives it.
    public var request: String
    /// Where in that answer's body: a JSONPath (`$.token`), or `header NAME` for a header.
    public var path: String
}
