// Filter expressions (RFC 9535 §2.3.5.2): logical operators, existence tests and comparisons,
// with the RFC's rules for Nothing, numbers compared by value, strings by Unicode scalars and
// arrays and objects by deep equality.

extension JSONPath {
    /// A ValueType result: a node's value, a value computed by a function, or Nothing.
    enum Operand {
        case nothing
        case node(JSONNode)
        case literal(Literal)
    }

    /// A value reduced to what comparisons look at; containers stay nodes for deep equality.
    enum ComparedValue {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case container(JSONNode)

        init(_ node: JSONNode) {
            switch node.kind {
            case .null: self = .null
            case .bool: self = .bool(node.boolValue ?? false)
            case .number: self = node.numberValue.map(ComparedValue.number) ?? .null
            case .string: self = .string(node.stringValue ?? "")
            case .array, .object: self = .container(node)
            }
        }

        init(_ literal: Literal) {
            switch literal {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .number(let number): self = .number(number)
            case .string(let string): self = .string(string)
            }
        }
    }
}

extension JSONPath.Evaluator {
    typealias LogicalExpression = JSONPath.LogicalExpression
    typealias Operand = JSONPath.Operand
    typealias ComparedValue = JSONPath.ComparedValue

    /// Evaluates a filter expression with `current` as `@`.
    mutating func test(_ expression: LogicalExpression, current: JSONNode) -> Bool {
        switch expression {
        case .or(let operands):
            for operand in operands where test(operand, current: current) { return true }
            return false
        case .and(let operands):
            for operand in operands where !test(operand, current: current) { return false }
            return true
        case .not(let operand):
            return !test(operand, current: current)
        case .exists(let query):
            return !nodes(of: query, current: current).isEmpty
        case .test(let call):
            return logicalResult(of: call, current: current)
        case .comparison(let left, let op, let right):
            let lhs = operand(left, current: current)
            let rhs = operand(right, current: current)
            return Self.compare(lhs, op, rhs)
        }
    }

    /// The value of one side of a comparison.
    mutating func operand(_ comparable: JSONPath.Comparable, current: JSONNode) -> Operand {
        switch comparable {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            let start = query.root == .document ? root : current
            return Self.walk(query.singularSteps ?? [], from: start).map(Operand.node) ?? .nothing
        case .function(let call):
            return valueResult(of: call, current: current)
        }
    }

    /// RFC 9535 §2.3.5.2.2: `==` and `<` defined directly, the other operators from them.
    static func compare(_ lhs: Operand, _ op: JSONPath.ComparisonOperator, _ rhs: Operand) -> Bool {
        switch op {
        case .equal: equal(lhs, rhs)
        case .notEqual: !equal(lhs, rhs)
        case .less: less(lhs, rhs)
        case .lessOrEqual: less(lhs, rhs) || equal(lhs, rhs)
        case .greater: less(rhs, lhs)
        case .greaterOrEqual: less(rhs, lhs) || equal(lhs, rhs)
        }
    }

    static func comparedValue(_ operand: Operand) -> ComparedValue? {
        switch operand {
        case .nothing: nil
        case .node(let node): ComparedValue(node)
        case .literal(let literal): ComparedValue(literal)
        }
    }

    /// Equal when both are Nothing, or both are values of the same kind that are equal.
    static func equal(_ lhs: Operand, _ rhs: Operand) -> Bool {
        switch (comparedValue(lhs), comparedValue(rhs)) {
        case (nil, nil): true
        case (let left?, let right?): equal(left, right)
        default: false
        }
    }

    static func equal(_ lhs: ComparedValue, _ rhs: ComparedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a.numericallyCompare(b) == .equal
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.container(let a), .container(let b)): deepEqual(a, b)
        default: false
        }
    }

    /// Less only for two numbers or two strings; strings by Unicode scalar order, which UTF-8
    /// byte order preserves.
    static func less(_ lhs: Operand, _ rhs: Operand) -> Bool {
        switch (comparedValue(lhs), comparedValue(rhs)) {
        case (.number(let a)?, .number(let b)?): a.numericallyCompare(b) == .less
        case (.string(let a)?, .string(let b)?): a.utf8.lexicographicallyPrecedes(b.utf8)
        default: false
        }
    }

    /// Structural equality of two values, iteratively: arrays element by element, objects as
    /// maps from (distinct) names to values, numbers by value, strings by scalars.
    static func deepEqual(_ lhs: JSONNode, _ rhs: JSONNode) -> Bool {
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            if a == b { continue }
            switch (a.kind, b.kind) {
            case (.array, .array):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a.elements, b.elements))
            case (.object, .object):
                let left = a.distinctMembers
                let right = b.distinctMembers
                guard left.count == right.count else { return false }
                var byName: [ExactKey: JSONNode] = [:]
                byName.reserveCapacity(right.count)
                for member in right { byName[ExactKey(member.key)] = member.value }
                for member in left {
                    guard let other = byName[ExactKey(member.key)] else { return false }
                    pending.append((member.value, other))
                }
            case (.array, _), (.object, _), (_, .array), (_, .object):
                return false
            default:
                guard equal(ComparedValue(a), ComparedValue(b)) else { return false }
            }
        }
        return true
    }
}
