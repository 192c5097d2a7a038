extension IRegexp {
    /// Runs a ``Program`` over subjects as a lazily built DFA: each DFA state is the set of NFA
    /// instructions alive after some input, made the first time it is reached, and each
    /// transition is cached once taken. Every scalar of the subject costs one cached transition, or
    /// one step of every alive NFA instruction the first time: time linear in the subject, whatever
    /// the pattern. The cache is bounded (``maximumStates``); when full it is emptied and rebuilt
    /// as matching goes on, so memory stays bounded too.
    ///
    /// One matcher serves one evaluation (it is not thread-safe); its cache carries over between
    /// the subjects it is given.
    final class Matcher {
        /// The most DFA states kept before the cache is emptied.
        static let maximumStates = 4_096
        /// The most cached transitions on non-ASCII scalars before the cache is emptied.
        static let maximumOtherTransitions = 65_536

        private let program: Program
        /// Sorted NFA instruction sets, by DFA state.
        private var states: [[Int32]] = []
        private var stateIDs: [[Int32]: Int32] = [:]
        /// Transitions on ASCII scalars: `ascii[state * 128 + scalar]`, -1 when not yet known.
        private var ascii: [Int32] = []
        /// Transitions on other scalars.
        private var other: [Int64: Int32] = [:]
        /// Whether a state contains `accept`.
        private var accepting: [Bool] = []
        /// Whether a state is the empty set: nothing can match from it.
        private var dead: [Bool] = []
        /// The closures of the two start points, as their instruction sets (kept across flushes).
        private let matchStart: [Int32]
        private let searchStart: [Int32]
        private let matchStartAtEnd: [Int32]
        private let searchStartAtEnd: [Int32]

        /// How many NFA closures were computed: the work that was not a cached transition.
        private(set) var closures = 0

        init(_ regexp: IRegexp) {
            program = regexp.program
            matchStart = Self.closure(of: [Int32(program.start)], atStart: true, atEnd: false, in: program)
            searchStart = Self.closure(of: [Int32(program.searchStart)], atStart: true, atEnd: false, in: program)
            matchStartAtEnd = Self.closure(of: [Int32(program.start)], atStart: true, atEnd: true, in: program)
            searchStartAtEnd = Self.closure(of: [Int32(program.searchStart)], atStart: true, atEnd: true, in: program)
        }

        /// Whether the whole of `subject` matches (`match()`), or some part of it (`search()`).
        ///
        /// ```swift
        /// let matcher = IRegexp.Matcher(try IRegexp.compile("(a+)+$").get())
        /// matcher.matches(String(repeating: "a", count: 10_000) + "b", whole: false)  // false, at once
        /// ```
        func matches(_ subject: String, whole: Bool) -> Bool {
            var subject = subject
            return subject.withUTF8 { matches(utf8: $0, whole: whole) }
        }

        /// The loop over a subject's UTF-8 bytes: an ASCII byte is one table lookup; other scalars
        /// are decoded and go through the non-ASCII cache. The bytes must be valid UTF-8.
        func matches(utf8 bytes: UnsafeBufferPointer<UInt8>, whole: Bool) -> Bool {
            if bytes.isEmpty {
                let set = whole ? matchStartAtEnd : searchStartAtEnd
                return set.contains { Self.isAccept(program.instructions[Int($0)]) }
            }
            var state = intern(whole ? matchStart : searchStart)
            var index = 0
            while index < bytes.count {
                if !whole && accepting[Int(state)] { return true }
                let byte = bytes[index]
                if byte < 0x80 {
                    index += 1
                    let cached = ascii[Int(state) &* 128 &+ Int(byte)]
                    state = cached >= 0 ? cached : step(state, Unicode.Scalar(byte))
                } else {
                    let (scalar, length) = Self.decode(bytes, at: index)
                    index += length
                    state = step(state, scalar)
                }
                // An empty set can never match again (for search, the any-scalar loop keeps it alive).
                if dead[Int(state)] { return false }
            }
            // At the end of the subject: follow the `$` assertions still pending.
            let final = Self.closure(of: states[Int(state)], atStart: false, atEnd: true, in: program)
            return final.contains { Self.isAccept(program.instructions[Int($0)]) }
        }

        /// The scalar starting at `index` of valid UTF-8 (a `String`'s), and its length in bytes.
        private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
            let lead = UInt32(bytes[index])
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = lead & (0xFF >> UInt32(length + 1))
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        /// The state after `scalar` from `state`: cached, or computed and cached.
        private func step(_ state: Int32, _ scalar: Unicode.Scalar) -> Int32 {
            let value = scalar.value
            if value < 128 {
                let cached = ascii[Int(state) * 128 + Int(value)]
                if cached >= 0 { return cached }
            } else if let cached = other[Int64(state) << 32 | Int64(value)] {
                return cached
            }
            var moved: [Int32] = []
            for pc in states[Int(state)] {
                if case .scalar(let set, let next) = program.instructions[Int(pc)], program.sets[set].contains(scalar) {
                    moved.append(Int32(next))
                }
            }
            let closure = Self.closure(of: moved, atStart: false, atEnd: false, in: program)
            closures += 1
            // A full cache is emptied; the state ids before it are gone, so this transition is not kept.
            let flushed = states.count >= Self.maximumStates || other.count >= Self.maximumOtherTransitions
            if flushed { flush() }
            let target = intern(closure)
            if !flushed {
                if value < 128 {
                    ascii[Int(state) * 128 + Int(value)] = target
                } else {
                    other[Int64(state) << 32 | Int64(value)] = target
                }
            }
            return target
        }

        /// The id of the DFA state for an instruction set, made if new.
        private func intern(_ set: [Int32]) -> Int32 {
            if let id = stateIDs[set] { return id }
            let id = Int32(states.count)
            states.append(set)
            stateIDs[set] = id
            ascii.append(contentsOf: repeatElement(-1, count: 128))
            accepting.append(set.contains { Self.isAccept(program.instructions[Int($0)]) })
            dead.append(set.isEmpty)
            return id
        }

        /// Empties the cache; matching goes on from states made anew.
        private func flush() {
            states.removeAll(keepingCapacity: true)
            stateIDs.removeAll(keepingCapacity: true)
            ascii.removeAll(keepingCapacity: true)
            other.removeAll(keepingCapacity: true)
            accepting.removeAll(keepingCapacity: true)
            dead.removeAll(keepingCapacity: true)
        }

        private static func isAccept(_ instruction: Program.Instruction) -> Bool {
            if case .accept = instruction { return true }
            return false
        }

        /// The instructions reachable from `roots` without consuming a scalar, kept when they
        /// consume one, accept, or (not at the end) wait for the end: sorted, without repeats.
        static func closure(of roots: [Int32], atStart: Bool, atEnd: Bool, in program: Program) -> [Int32] {
            var seen = Set<Int32>()
            var result: [Int32] = []
            var stack = roots.reversed() as [Int32]
            while let pc = stack.popLast() {
                guard seen.insert(pc).inserted else { continue }
                switch program.instructions[Int(pc)] {
                case .scalar, .accept:
                    result.append(pc)
                case .split(let first, let second):
                    stack.append(Int32(second))
                    stack.append(Int32(first))
                case .jump(let target):
                    stack.append(Int32(target))
                case .assertStart(let next):
                    if atStart { stack.append(Int32(next)) }
                case .assertEnd(let next):
                    if atEnd { stack.append(Int32(next)) } else { result.append(pc) }
                }
            }
            return result.sorted()
        }
    }
}
