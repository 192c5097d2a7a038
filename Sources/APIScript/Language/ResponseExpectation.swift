package import APIMapping

/// What an `expect` line checks in the last response.
///
/// ```
/// expect success
/// expect http 404
/// expect tip "成功"
/// expect tip ~ /^invalid/
/// expect error token_expired
/// expect probe data>name == "Ada"
/// expect count items == 3
/// expect time < 500ms
/// expect unchanged except volatile
/// expect events >= 3
/// expect event -1 data>state == "finished"
/// expect event any outcome == "business-failure"
/// ```
package enum ResponseExpectation: Sendable {
    /// The envelope's overall outcome (`success`, `business-failure`, `http-failure`).
    case outcome(EnvelopeEvaluation.Outcome)
    /// The HTTP status code.
    case httpStatus(Int)
    /// The tip message, exactly.
    case tipEquals(ScriptText)
    /// The tip message matches a regular expression (Swift `Regex` syntax, unanchored).
    case tipMatches(pattern: String, column: Int)
    /// What a path selects in the model compared with a JSON value (numbers numerically).
    case probe(ScriptPath, Comparison, ScriptText)
    /// How many values a path selects (the elements of an array, or JSONPath's node count).
    case count(ScriptPath, Comparison, Int)
    /// The response time (headers and body), in milliseconds.
    case time(Comparison, milliseconds: Double)
    /// The business failure the profile's `errors:` catalogue names so (or `uncatalogued`).
    case businessError(name: String, column: Int)
    /// The model is the same as in the previous exchange of the same endpoint in history (a
    /// semantic diff); `exceptVolatile` ignores the profile's `volatile:` paths and those detected
    /// from history.
    case unchanged(exceptVolatile: Bool)
    /// How many events the last response's stream delivered (kept or not).
    case eventCount(Comparison, Int)

    /// The environment variables the expectation reads.
    var environmentNames: [String] {
        switch self {
        case .tipEquals(let text): text.environmentNames
        case .probe(let path, _, let value): path.text.environmentNames + value.environmentNames
        case .count(let path, _, _): path.text.environmentNames
        case .outcome, .httpStatus, .tipMatches, .time, .businessError, .unchanged, .eventCount: []
        }
    }

    /// Whether the expectation is about the outcome, so it replaces a profile's default expectations.
    var isOutcome: Bool {
        switch self {
        case .outcome, .httpStatus, .businessError: true
        default: false
        }
    }
}

/// A comparison operator in an expectation.
package enum Comparison: String, Sendable, CaseIterable {
    /// Equal.
    case equal = "=="
    /// Not equal.
    case notEqual = "!="
    /// Less than.
    case less = "<"
    /// Less than or equal.
    case lessOrEqual = "<="
    /// Greater than.
    case greater = ">"
    /// Greater than or equal.
    case greaterOrEqual = ">="

    /// Applies the operator to the result of a three-way comparison; `nil` means "different but
    /// not ordered" (an object and a number), which only `!=` accepts.
    func holds(_ order: Int?) -> Bool {
        guard let order else { return self == .notEqual }
        return switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
