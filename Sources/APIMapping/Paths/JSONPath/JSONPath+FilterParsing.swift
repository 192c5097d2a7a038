// The filter half of the RFC 9535 reader: logical expressions, comparisons, literals and
// function calls. Operands are read as `Term`s and placed by the checks in
// `JSONPath+TypeChecking.swift`, which is how `count(@.*)`, `length(@.a) > 1` and `!match(…)`
// share one reader.

extension JSONPath.Parser {
    typealias LogicalExpression = JSONPath.LogicalExpression

    /// `filter-selector = "?" S logical-expr`, after the `?` and blanks.
    mutating func parseFilterExpression() throws(PathSyntaxError) -> LogicalExpression {
        try logical(parseOr())
    }

    /// `logical-or-expr = logical-and-expr *(S "||" S logical-and-expr)`
    ///
    /// Every nested expression (parentheses, arguments, nested filters) passes through here,
    /// so this is where nesting is bounded.
    mutating func parseOr() throws(PathSyntaxError) -> Term {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else {
            throw error("filter expressions are nested too deeply (more than \(Self.maximumNesting) levels)")
        }
        let first = try parseAnd()
        var operands: [LogicalExpression] = []
        while try skipToOperator("||") {
            if operands.isEmpty { operands.append(try logical(first)) }
            operands.append(try logical(parseAnd()))
        }
        return operands.isEmpty ? first : Term(kind: .logical(.or(operands)), offset: first.offset)
    }

    /// `logical-and-expr = basic-expr *(S "&&" S basic-expr)`
    mutating func parseAnd() throws(PathSyntaxError) -> Term {
        let first = try parseBasic()
        var operands: [LogicalExpression] = []
        while try skipToOperator("&&") {
            if operands.isEmpty { operands.append(try logical(first)) }
            operands.append(try logical(parseBasic()))
        }
        return operands.isEmpty ? first : Term(kind: .logical(.and(operands)), offset: first.offset)
    }

    /// Consumes `S op S` and returns true if `op` (`&&` or `||`) comes next; otherwise reads
    /// nothing. A lone `&` or `|` is an error.
    mutating func skipToOperator(_ op: String) throws(PathSyntaxError) -> Bool {
        let save = position
        skipBlanks()
        let symbol = op.unicodeScalars.first
        guard current == symbol else {
            position = save
            return false
        }
        guard peek(1) == symbol else {
            throw error("expected '\(op)', found a single '\(current.map(String.init) ?? "")'")
        }
        position += 2
        skipBlanks()
        return true
    }

    /// `basic-expr = paren-expr / comparison-expr / test-expr`, or a bare operand that the
    /// caller places (a function argument may be a literal or a query on its own).
    mutating func parseBasic() throws(PathSyntaxError) -> Term {
        let start = position
        switch current {
        case "!":
            position += 1
            skipBlanks()
            if current == "(" {
                return Term(kind: .logical(.not(try parseParenthesized())), offset: start)
            }
            let operand = try parseOperand(after: nil)
            if case .literal = operand.kind {
                throw error(at: operand.offset, "expected a query, a function call or '(' after '!', found a literal")
            }
            let save = position
            skipBlanks()
            if parseComparisonOperator() != nil {
                throw error(
                    at: start, "'!' cannot negate a comparison: put the comparison in parentheses, as in !(…)")
            }
            position = save
            return Term(kind: .logical(.not(try logical(operand))), offset: start)
        case "(":
            return Term(kind: .logical(try parseParenthesized()), offset: start)
        default:
            let left = try parseOperand(after: nil)
            let save = position
            skipBlanks()
            let operatorOffset = position
            guard let op = parseComparisonOperator() else {
                if current == "=" {
                    throw error("expected '==' to compare, found a single '='")
                }
                position = save
                return left
            }
            let lhs = try comparable(left)
            skipBlanks()
            let right = try parseOperand(after: (op, operatorOffset))
            let rhs = try comparable(right)
            let end = position
            skipBlanks()
            let chained = position
            if parseComparisonOperator() != nil {
                throw error(at: chained, "comparisons cannot be chained: combine them with '&&' or '||'")
            }
            position = end
            return Term(kind: .logical(.comparison(lhs, op, rhs)), offset: start)
        }
    }

    /// `"(" S logical-expr S ")"`, at the `(`.
    mutating func parseParenthesized() throws(PathSyntaxError) -> LogicalExpression {
        let open = position
        position += 1
        skipBlanks()
        let inner = try logical(parseOr())
        skipBlanks()
        guard current == ")" else {
            throw error("expected ')' to close the '(' at column \(open + 1), found \(found)")
        }
        position += 1
        return inner
    }

    /// `comparison-op`, consumed if present.
    mutating func parseComparisonOperator() -> JSONPath.ComparisonOperator? {
        let op: JSONPath.ComparisonOperator
        switch (current, peek(1)) {
        case ("=", "="): op = .equal
        case ("!", "="): op = .notEqual
        case ("<", "="): op = .lessOrEqual
        case (">", "="): op = .greaterOrEqual
        case ("<", _): op = .less
        case (">", _): op = .greater
        default: return nil
        }
        position += op.rawValue.unicodeScalars.count
        return op
    }

    /// A query, a literal or a function call. `comparison` is the operator (and its offset) when
    /// this is the right-hand side of a comparison, to word the error.
    mutating func parseOperand(
        after comparison: (op: JSONPath.ComparisonOperator, offset: Int)?
    ) throws(PathSyntaxError) -> Term {
        let start = position
        guard let scalar = current else { throw unexpectedOperand(after: comparison) }
        switch scalar {
        case "@":
            position += 1
            return Term(kind: .query(Query(root: .current, segments: try parseSegments())), offset: start)
        case "$":
            position += 1
            let slot = cacheSlots
            cacheSlots += 1
            let query = Query(root: .document, segments: try parseSegments(), cacheSlot: slot)
            return Term(kind: .query(query), offset: start)
        case "'", "\"":
            return Term(kind: .literal(.string(try parseStringLiteral())), offset: start)
        case "-", "0"..."9":
            return Term(kind: .literal(.number(try parseNumber())), offset: start)
        case "a"..."z":
            return try parseNameOperand()
        default:
            throw unexpectedOperand(after: comparison)
        }
    }

    func unexpectedOperand(after comparison: (op: JSONPath.ComparisonOperator, offset: Int)?) -> PathSyntaxError {
        var word = ""
        var end = position
        while end < scalars.count, Self.isNameFirst(scalars[end]) || Self.isDigit(scalars[end]) {
            word.unicodeScalars.append(scalars[end])
            end += 1
        }
        let keyword = word.lowercased()
        let hint = ["true", "false", "null"].contains(keyword) ? " (write \(keyword) in lowercase)" : ""
        if let comparison {
            return error(
                "expected a literal, a singular query or a function call after '\(comparison.op.rawValue)' "
                    + "at column \(comparison.offset + 1), found \(found)\(hint)")
        }
        return error(
            "expected a query ('@' or '$'), a comparison, a function call or '(' in the filter, found \(found)\(hint)")
    }

    /// A lowercase name: `true`, `false`, `null` or a function call.
    mutating func parseNameOperand() throws(PathSyntaxError) -> Term {
        let start = position
        while let scalar = current, ("a"..."z").contains(scalar) || scalar == "_" || Self.isDigit(scalar) {
            position += 1
        }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        if current == "(" {
            return Term(kind: .function(try parseFunctionCall(name: name, start: start)), offset: start)
        }
        switch name {
        case "true": return Term(kind: .literal(.bool(true)), offset: start)
        case "false": return Term(kind: .literal(.bool(false)), offset: start)
        case "null": return Term(kind: .literal(.null), offset: start)
        default:
            let afterName = position
            skipBlanks()
            if current == "(", JSONPath.Function(rawValue: name) != nil {
                throw error(
                    at: afterName,
                    "expected '(' right after the function name '\(name)', found \(Self.describe(scalars[afterName]))")
            }
            throw error(
                at: start, "unexpected name '\(name)': expected true, false, null or a function call such as length(@)")
        }
    }

    /// `function-expr = function-name "(" S [function-argument *(S "," S function-argument)] S ")"`,
    /// at the `(`; checks the arity and converts each argument to its parameter type.
    mutating func parseFunctionCall(name: String, start: Int) throws(PathSyntaxError) -> JSONPath.FunctionCall {
        guard let function = JSONPath.Function(rawValue: name) else {
            let known = JSONPath.Function.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(at: start, "unknown function '\(name)': expected one of \(known)")
        }
        position += 1  // "("
        skipBlanks()
        var terms: [Term] = []
        if current != ")" {
            while true {
                terms.append(try parseOr())
                skipBlanks()
                guard current == "," else { break }
                position += 1
                skipBlanks()
            }
        }
        guard current == ")" else {
            throw error("expected ',' or ')' after argument \(terms.count) of \(function.displayName), found \(found)")
        }
        position += 1
        try checkArity(of: function, count: terms.count, at: start)
        var arguments: [JSONPath.FunctionArgument] = []
        for (index, term) in terms.enumerated() {
            arguments.append(try argument(term, of: function, at: index))
        }
        var pattern: Result<IRegexp, IRegexp.Failure>?
        if function == .match || function == .search, case .literal(.string(let source)) = terms[1].kind {
            pattern = IRegexp.compile(source)
        }
        return JSONPath.FunctionCall(function: function, arguments: arguments, literalPattern: pattern)
    }

    /// `number = (int / "-0") [ frac ] [ exp ]`: JSON's number grammar.
    mutating func parseNumber() throws(PathSyntaxError) -> JSONNumber {
        let start = position
        if current == "-" { position += 1 }
        guard Self.isDigit(current) else {
            throw error("expected a digit\(position > start ? " after '-'" : ""), found \(found)")
        }
        if current == "0" {
            position += 1
            if Self.isDigit(current) {
                throw error(at: start, "leading zeros are not allowed in a number")
            }
        } else {
            while Self.isDigit(current) { position += 1 }
        }
        if current == "." {
            position += 1
            guard Self.isDigit(current) else {
                throw error("expected a digit after the decimal point, found \(found)")
            }
            while Self.isDigit(current) { position += 1 }
        }
        if current == "e" || current == "E" {
            position += 1
            if current == "+" || current == "-" { position += 1 }
            guard Self.isDigit(current) else {
                throw error("expected a digit in the exponent, found \(found)")
            }
            while Self.isDigit(current) { position += 1 }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let number = JSONNumber(text) else {
            throw error(at: start, "invalid number \(text)")
        }
        return number
    }
}
