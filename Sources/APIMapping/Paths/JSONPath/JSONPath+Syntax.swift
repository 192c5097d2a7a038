// The abstract syntax of an RFC 9535 query, as the parser builds it and the evaluator walks it.
//
// The tree is well-typed by construction: the parser runs the §2.4.3 checks (see
// `JSONPath+TypeChecking.swift`) before it builds a node, so comparisons only ever hold singular
// queries and value-typed functions, and test expressions only logical- or nodes-typed functions.

extension JSONPath {
    /// A query: `$` or `@` followed by segments.
    struct Query: Sendable {
        /// The node a query starts from.
        enum Root: Sendable {
            /// `$`: the document root.
            case document
            /// `@`: the node a filter is testing.
            case current
        }

        let root: Root
        let segments: [Segment]
        /// For a `$` query inside a filter: its slot in the evaluator's per-call result cache,
        /// because such a query gives the same nodes for every node the filter tests.
        let cacheSlot: Int?
        /// The steps of a query that selects at most one node: one name or index per segment, no
        /// descendants; `nil` when the query can select more than one node.
        let singularSteps: [SingularStep]?

        /// Whether the query is written as an RFC 9535 §2.3.5.1 `singular-query`: at most one node,
        /// and no blanks inside its brackets.
        var isSingular: Bool {
            singularSteps != nil && !segments.contains(where: \.hasBlanksInBrackets)
        }

        init(root: Root, segments: [Segment], cacheSlot: Int? = nil) {
            self.root = root
            self.segments = segments
            self.cacheSlot = cacheSlot
            self.singularSteps = Self.singularSteps(of: segments)
        }

        private static func singularSteps(of segments: [Segment]) -> [SingularStep]? {
            var steps: [SingularStep] = []
            steps.reserveCapacity(segments.count)
            for segment in segments {
                guard !segment.isDescendant, segment.selectors.count == 1 else { return nil }
                switch segment.selectors[0] {
                case .name(let name): steps.append(.name(name))
                case .index(let index): steps.append(.index(index))
                case .wildcard, .slice, .filter: return nil
                }
            }
            return steps
        }
    }

    /// One step of a singular query.
    enum SingularStep: Sendable {
        case name(String)
        case index(Int)
    }

    /// A child segment (`.name`, `[…]`) or a descendant segment (`..name`, `..[…]`).
    struct Segment: Sendable {
        var isDescendant: Bool
        var selectors: [Selector]
        /// Whether blanks were written inside the brackets (`[ 0 ]`), which the grammar of
        /// singular queries does not allow.
        var hasBlanksInBrackets = false
    }

    /// One selector inside a segment.
    enum Selector: Sendable {
        /// `'name'`, `"name"` or the shorthand `.name`: the member with that name.
        case name(String)
        /// `*`: every element or member value.
        case wildcard
        /// `3`, `-1`: one array element, counting from the end when negative.
        case index(Int)
        /// `start:end:step`, bounds optional.
        case slice(Slice)
        /// `?expression`: the children for which the expression is true.
        case filter(LogicalExpression)
    }

    /// The bounds of an array slice; `nil` means the default for the step's direction.
    struct Slice: Sendable {
        var start: Int?
        var end: Int?
        var step: Int?
    }

    /// An expression of LogicalType: what a filter tests.
    indirect enum LogicalExpression: Sendable {
        /// `a || b || …`
        case or([LogicalExpression])
        /// `a && b && …`
        case and([LogicalExpression])
        /// `!a`
        case not(LogicalExpression)
        /// A query used as a test: true when it selects at least one node.
        case exists(Query)
        /// A function with a LogicalType or NodesType result used as a test.
        case test(FunctionCall)
        /// `left op right`
        case comparison(Comparable, ComparisonOperator, Comparable)
    }

    /// One side of a comparison, or a ValueType function argument.
    enum Comparable: Sendable {
        case literal(Literal)
        /// A singular query: its node's value, or Nothing when it selects no node.
        case query(Query)
        /// A function whose declared result type is ValueType.
        case function(FunctionCall)
    }

    /// A literal value written in a filter.
    enum Literal: Sendable {
        case number(JSONNumber)
        case string(String)
        case bool(Bool)
        case null
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    enum ComparisonOperator: String, Sendable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// A call of one of the RFC 9535 function extensions, its arguments already converted to the
    /// declared parameter types.
    struct FunctionCall: Sendable {
        var function: Function
        var arguments: [FunctionArgument]
        /// For `match` and `search` with a string literal pattern: the pattern compiled at parse time.
        var literalPattern: Result<IRegexp, IRegexp.Failure>?
    }

    /// A function argument, typed by the parameter it is passed to.
    enum FunctionArgument: Sendable {
        /// A ValueType parameter: a literal, a singular query or a ValueType function.
        case value(Comparable)
        /// A LogicalType parameter: a logical expression, or a query or NodesType function tested
        /// for existence.
        case logical(LogicalExpression)
        /// A NodesType parameter: a query.
        case nodes(Query)
    }
}
