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
            let regex = regex(for: pattern, translated: call.literalPattern)
        else {
            // A non-string argument or a pattern that is not an I-Regexp gives LogicalFalse.
            return false
        }
        return call.function == .match ? subject.wholeMatch(of: regex) != nil : subject.contains(regex)
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

    /// The compiled form of an I-Regexp, compiled once per evaluation; `nil` when the pattern is
    /// not a valid I-Regexp. `translated` is the pattern's translation when the parser read it
    /// from a literal.
    mutating func regex(for source: String, translated: IRegexp.Translation?) -> Regex<AnyRegexOutput>? {
        let key = ExactKey(source)
        if let cached = regexes[key] { return cached }
        let compiled: Regex<AnyRegexOutput>?
        switch translated ?? IRegexp.translate(source) {
        case .valid(let swiftPattern): compiled = IRegexp.compile(swiftPattern)
        case .invalid: compiled = nil
        }
        regexes[key] = .some(compiled)
        return compiled
    }
}
