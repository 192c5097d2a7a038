// RFC 9535 §2.4.3 well-typedness: the function signatures and the checks that place a parsed
// operand where the grammar allows it (a test, a comparison side, a function argument).

extension JSONPath {
    /// The declared types of function parameters and results (RFC 9535 §2.4.1).
    enum ExpressionType: Sendable, CustomStringConvertible {
        /// A JSON value or Nothing.
        case value
        /// LogicalTrue or LogicalFalse.
        case logical
        /// A nodelist.
        case nodes

        var description: String {
            switch self {
            case .value: "ValueType"
            case .logical: "LogicalType"
            case .nodes: "NodesType"
            }
        }
    }

    /// The function extensions of RFC 9535 §2.4.4–2.4.8.
    enum Function: String, Sendable, CaseIterable {
        case length, count, match, search, value

        /// The declared parameter types, in order.
        var parameterTypes: [ExpressionType] {
            switch self {
            case .length: [.value]
            case .count, .value: [.nodes]
            case .match, .search: [.value, .value]
            }
        }

        /// The declared result type.
        var resultType: ExpressionType {
            switch self {
            case .length, .count, .value: .value
            case .match, .search: .logical
            }
        }

        /// `name()` as messages show it.
        var displayName: String { rawValue + "()" }
    }

    /// A parsed operand whose type its context has yet to check: a finished logical expression,
    /// or a bare literal, query or function call.
    struct Term {
        enum Kind {
            case logical(LogicalExpression)
            case literal(Literal)
            case query(Query)
            case function(FunctionCall)
        }

        var kind: Kind
        /// Where the operand starts, for messages.
        var offset: Int
    }
}

extension JSONPath.Parser {
    typealias Term = JSONPath.Term
    typealias Function = JSONPath.Function

    /// The term as a test (a filter, an operand of `&&`, `||`, `!` or parentheses).
    ///
    /// A query tests for existence; a function must return LogicalType or NodesType; a literal
    /// is never a test.
    func logical(_ term: Term) throws(PathSyntaxError) -> JSONPath.LogicalExpression {
        switch term.kind {
        case .logical(let expression):
            return expression
        case .query(let query):
            return .exists(query)
        case .function(let call):
            guard call.function.resultType != .value else {
                throw error(
                    at: term.offset,
                    "\(call.function.displayName) returns a value, which must be compared: expected "
                        + "'==', '!=', '<', '<=', '>' or '>=' after the call")
            }
            return .test(call)
        case .literal(let literal):
            throw error(
                at: term.offset,
                "literal \(Self.describe(literal)) must be compared: expected '==', '!=', '<', '<=', '>' or '>=' "
                    + "after it")
        }
    }

    /// The term as one side of a comparison: a literal, a singular query or a ValueType function.
    func comparable(_ term: Term) throws(PathSyntaxError) -> JSONPath.Comparable {
        switch term.kind {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            try checkSingular(query, at: term.offset, requirement: "a query in a comparison must be singular")
            return .query(query)
        case .function(let call):
            guard call.function.resultType == .value else {
                throw error(
                    at: term.offset,
                    "\(call.function.displayName) returns a \(call.function.resultType), which cannot be compared: "
                        + "use the call on its own as the test")
            }
            return .function(call)
        case .logical:
            throw error(
                at: term.offset,
                "a logical expression cannot be compared: expected a literal, a singular query or a function "
                    + "returning a value")
        }
    }

    /// The term as the argument at `index` of `function`, converted to the parameter's type.
    func argument(_ term: Term, of function: Function, at index: Int) throws(PathSyntaxError)
        -> JSONPath.FunctionArgument
    {
        let expected = function.parameterTypes[index]
        let ordinal = function.parameterTypes.count == 1 ? "the argument" : "argument \(index + 1)"
        switch (expected, term.kind) {
        case (.value, .literal(let literal)):
            return .value(.literal(literal))
        case (.value, .query(let query)):
            try checkSingular(
                query, at: term.offset, requirement: "\(ordinal) of \(function.displayName) must be a singular query")
            return .value(.query(query))
        case (.value, .function(let call)) where call.function.resultType == .value:
            return .value(.function(call))
        case (.logical, .logical(let expression)):
            return .logical(expression)
        case (.logical, .query(let query)):
            return .logical(.exists(query))
        case (.logical, .function(let call)) where call.function.resultType != .value:
            return .logical(.test(call))
        case (.nodes, .query(let query)):
            return .nodes(query)
        default:
            throw error(
                at: term.offset,
                "\(ordinal) of \(function.displayName) must be \(Self.describe(expected)), "
                    + "found \(Self.describe(term.kind))")
        }
    }

    /// Checks that a query where a value is expected is a `singular-query` (RFC 9535 §2.3.5.1).
    func checkSingular(_ query: JSONPath.Query, at offset: Int, requirement: String) throws(PathSyntaxError) {
        if query.singularSteps == nil {
            throw error(
                at: offset,
                "\(requirement) (names and indices only, one per segment), but this one can select several nodes")
        }
        if !query.isSingular {
            throw error(
                at: offset,
                "\(requirement); a singular query allows no blanks inside its brackets: write @['a'] or @[0], "
                    + "not @[ 'a' ] or @[ 0 ]")
        }
    }

    /// Checks the number of arguments of a call that starts at `offset`.
    func checkArity(of function: Function, count: Int, at offset: Int) throws(PathSyntaxError) {
        let expected = function.parameterTypes.count
        guard count != expected else { return }
        let noun = expected == 1 ? "argument" : "arguments"
        throw error(at: offset, "\(function.displayName) takes \(expected) \(noun), found \(count)")
    }

    static func describe(_ type: JSONPath.ExpressionType) -> String {
        switch type {
        case .value: "a value (a literal, a singular query or a function returning a value)"
        case .logical: "a logical expression or a query"
        case .nodes: "a query"
        }
    }

    static func describe(_ kind: Term.Kind) -> String {
        switch kind {
        case .logical: "a logical expression"
        case .literal(let literal): "the literal \(describe(literal))"
        case .query(let query) where !query.isSingular: "a query that is not singular"
        case .query: "a singular query"
        case .function(let call): "\(call.function.displayName), which returns a \(call.function.resultType)"
        }
    }

    static func describe(_ literal: JSONPath.Literal) -> String {
        switch literal {
        case .number(let number): number.text
        case .string(let string): "'\(string)'"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}
