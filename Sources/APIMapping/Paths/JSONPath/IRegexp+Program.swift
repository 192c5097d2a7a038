extension IRegexp {
    /// A Thompson NFA: instructions that consume one scalar from a set, fork, jump, assert an end
    /// of the subject, or accept. Counted repeats are expanded, within ``IRegexp/maximumInstructions``.
    struct Program: Sendable {
        enum Instruction: Sendable {
            /// Consume one scalar of the set, then go on at `next`.
            case scalar(set: Int, next: Int)
            /// Go on at both.
            case split(Int, Int)
            /// Go on at the target.
            case jump(Int)
            /// Go on only at the start of the subject.
            case assertStart(next: Int)
            /// Go on only at the end of the subject.
            case assertEnd(next: Int)
            /// The pattern matched.
            case accept
        }

        private(set) var instructions: [Instruction] = []
        private(set) var sets: [ScalarSet] = []
        /// Where matching starts.
        private(set) var start = 0
        /// Where `search` starts: a loop over any scalar in front of ``start``.
        private(set) var searchStart = 0

        /// Compiles a syntax tree.
        ///
        /// - Throws: ``IRegexp/Failure`` (offset 0) when the expanded program would pass
        ///   ``IRegexp/maximumInstructions``.
        init(compiling tree: Node) throws(Failure) {
            let accept = try append(.accept)
            start = try emit(tree, next: accept)
            // search: `L: split(start, A); A: any -> L`, so the pattern may begin at any scalar.
            let anySet = sets.count
            sets.append(.any)
            let loop = instructions.count
            _ = try append(.split(start, loop + 1))
            _ = try append(.scalar(set: anySet, next: loop))
            searchStart = loop
        }

        private mutating func append(_ instruction: Instruction) throws(Failure) -> Int {
            guard instructions.count < IRegexp.maximumInstructions else {
                throw Failure(
                    offset: 0,
                    message: "pattern too large: its repeats expand past \(IRegexp.maximumInstructions) instructions")
            }
            instructions.append(instruction)
            return instructions.count - 1
        }

        /// Emits `node` so that it continues at `next`, and returns its entry. Built back to front:
        /// every target exists before the instruction that names it.
        private mutating func emit(_ node: Node, next: Int) throws(Failure) -> Int {
            switch node {
            case .empty:
                return next
            case .scalar(let set):
                sets.append(set)
                return try append(.scalar(set: sets.count - 1, next: next))
            case .start:
                return try append(.assertStart(next: next))
            case .end:
                return try append(.assertEnd(next: next))
            case .sequence(let nodes):
                var entry = next
                for node in nodes.reversed() { entry = try emit(node, next: entry) }
                return entry
            case .alternation(let branches):
                var entries: [Int] = []
                for branch in branches { entries.append(try emit(branch, next: next)) }
                var entry = entries[entries.count - 1]
                for other in entries.dropLast().reversed() { entry = try append(.split(other, entry)) }
                return entry
            case .repetition(let inner, let minimum, let maximum):
                // A count past the limit could never fit, and an empty body would not add an
                // instruction per copy to stop the loops below.
                guard minimum <= IRegexp.maximumInstructions, (maximum ?? 0) <= IRegexp.maximumInstructions else {
                    throw Failure(
                        offset: 0,
                        message: "pattern too large: a repeat count is over \(IRegexp.maximumInstructions)")
                }
                var entry = next
                if let maximum {
                    // (maximum - minimum) optional copies, nested: (x(x(x)?)?)?, each skippable to the end.
                    for _ in 0..<(maximum - minimum) {
                        let body = try emit(inner, next: entry)
                        entry = try append(.split(body, next))
                    }
                } else {
                    // x*: `L: split(body, next)`, the body jumping back to L.
                    let loop = try append(.jump(0))
                    let body = try emit(inner, next: loop)
                    let split = try append(.split(body, entry))
                    instructions[loop] = .jump(split)
                    entry = split
                }
                for _ in 0..<minimum { entry = try emit(inner, next: entry) }
                return entry
            }
        }
    }
}
