package import APIClient
package import APIMapping

/// What a running script remembers between commands: the profile in use, its variables, and the
/// last response set (one exchange, or every call of the last `zip`).
///
/// The TUI keeps one of these for its `:` line, so commands typed there see the same state.
///
/// ```swift
/// var state = ScriptState(profile: try session.profile(named: "demo"))
/// let report = await runner.execute(command, in: &state)
/// state.variables["user"]   // set by `capture user = data>id`
/// ```
package struct ScriptState: Sendable {
    /// The profile `call` and raw requests go to.
    package var profile: Profile?
    /// `${NAME}` values from `set` and `capture`.
    package var variables: [String: String] = [:]
    /// The exchanges `probe`, `expect` and `capture` look at.
    package var lastExchanges: [APIExchange] = [] {
        didSet {
            pagedItems = nil
            lastHistoryID = nil
        }
    }
    /// The history row of the last response, when it was recorded (or replayed): what
    /// `expect unchanged` compares with the endpoint's exchange before it.
    var lastHistoryID: Int64?
    /// Every item of the last `call --pages`, as one array: the model `probe`, `expect` and
    /// `capture` look at in place of the last page's.
    package var pagedItems: JSONNode?
    /// Values that came from the environment (`${env:NAME}`), masked wherever a request that
    /// carries them is stored or printed.
    package var secrets: Set<String> = []
    /// The environment `${env:NAME}` reads; the runner fills it from its session.
    var environment: [String: String] = [:]

    /// Creates a state, optionally with a profile already in use and variables defined.
    ///
    /// - Parameters:
    ///   - profile: The profile calls go to until a `use` line changes it.
    ///   - variables: `${NAME}` values defined before the first line (`run --var`, a data row).
    package init(profile: Profile? = nil, variables: [String: String] = [:]) {
        self.profile = profile
        self.variables = variables
    }
}
