// The function extensions of RFC 9535 §2.4.4–2.4.8: `length`, `count`, `match`, `search` and
// `value`. Their arguments arrive already converted to the declared parameter types.

extension JSONPath.Evaluator {
    /// The result of a function whose declared result type is ValueType.
    mutating func valueResult(of call: JSONPath.FunctionCall, current: JSONNode) -> Operand {
        switch (call.function, call.arguments.first) {
        case (.length, .value(let argument)?):
            return Self.length(of: operand(argument, current: current))
        case (.count, .nodes(let query)?):
            return .literal(.number(JSONNumber(nodes(of: query, current: current).count)))
        case (.value, .nodes(let query)?):
            let selected = nodes(of: query, current: current)
            return selected.count == 1 ? .node(selected[0]) : .nothing
        default:
            // `match` and `search` return LogicalType; the type checker never puts them here.
            return .nothing
        }
    }

    /// The result of a function whose declared result type is LogicalType (or NodesType, tested
    /// for being non-empty).
    mutating func logicalResult(of call: JSONPath.FunctionCall, current: JSONNode) -> Bool {
        guard call.function == .match || call.function == .search, call.arguments.count == 2,
            case .value(let subjectArgument) = call.arguments[0],
            case .value(let patternArgument) = call.arguments[1]
        else {
            // ValueType functions are never tests after type checking.
            return false
        }
        guard let subject = Self.string(operand(subjectArgument, current: current)),
            let pattern = Self.string(operand(patternArgument, current: current)),
            let matcher = matcher(for: pattern, compiled: call.literalPattern)
        else {
            // A non-string argument or a pattern that is not an I-Regexp gives LogicalFalse.
            return false
        }
        return matcher.matches(subject, whole: call.function == .match)
    }

    /// `length()`: a string's Unicode scalars, an array's elements or an object's members;
    /// Nothing for anything else.
    static func length(of operand: Operand) -> Operand {
        let count: Int
        switch operand {
        case .nothing:
            return .nothing
        case .literal(.string(let string)):
            count = string.unicodeScalars.count
        case .literal:
            return .nothing
        case .node(let node):
            switch node.kind {
            case .string: count = node.stringValue?.unicodeScalars.count ?? 0
            case .array: count = node.count
            case .object: count = node.distinctMembers.count
            case .null, .bool, .number: return .nothing
            }
        }
        return .literal(.number(JSONNumber(count)))
    }

    /// The string an operand holds, if it is a string.
    static func string(_ operand: Operand) -> String? {
        switch operand {
        case .literal(.string(let string)): string
        case .node(let node): node.stringValue
        case .literal, .nothing: nil
        }
    }

    /// The matcher of an I-Regexp, made once per evaluation; `nil` when the pattern is not a valid
    /// I-Regexp. `compiled` is the pattern's compilation when the parser read it from a literal.
    mutating func matcher(
        for source: String, compiled: Result<IRegexp, IRegexp.Failure>?
    ) -> IRegexp.Matcher? {
        let key = ExactKey(source)
        if let cached = regexes[key] { return cached }
        let matcher: IRegexp.Matcher?
        switch compiled ?? IRegexp.compile(source) {
        case .success(let regexp): matcher = IRegexp.Matcher(regexp)
        case .failure: matcher = nil
        }
        regexes[key] = .some(matcher)
        return matcher
    }
}
