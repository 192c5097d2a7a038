/// Finds many byte patterns in one pass over a text (Aho–Corasick), in time linear in the text
/// whatever the number of patterns: what masks a session's secrets inside a 50 MB body.
///
/// The patterns are compiled into a deterministic automaton over byte classes (the bytes the
/// patterns use, and one class for every other byte), so each byte of the text costs one table
/// lookup. ``coveredRanges(in:)`` returns the stretches of text that some pattern covers, overlapping
/// matches merged: masking them hides every pattern, including one that overlaps another.
///
/// ```swift
/// let matcher = MultiPatternMatcher(patterns: [Array("tok-123".utf8), Array("secret".utf8)])
/// matcher.coveredRanges(in: Array("a tok-123 and a secret".utf8))  // [2..<9, 16..<22]
/// ```
///
/// Memory: one 32-bit entry per (state, byte class); the states are at most the patterns' total
/// length plus one, so 100 secrets of 40 bytes in 5 forms over 70 byte classes take about 5.6 MB.
public struct MultiPatternMatcher: Sendable {
    /// The class of each byte value; 0 for bytes no pattern uses.
    private let classes: [UInt16]
    /// How many byte classes there are (at least one).
    private let classCount: Int
    /// The automaton's moves: a full table when it is small, else each state's children and its
    /// failure link.
    private let moves: Moves
    /// The length of the longest pattern that ends on reaching each state; 0 for none.
    private let matchLength: [Int32]
    /// The length of the longest pattern.
    public let longestPattern: Int

    /// The largest dense table, in entries (16 MB); a larger automaton keeps sparse children.
    static let denseLimit = 1 << 22

    private enum Moves: Sendable {
        /// The next state for each (state, class), row-major by state.
        case dense([Int32])
        /// Each state's children, sorted by class (`offsets[state]..<offsets[state + 1]` in
        /// `symbols` and `targets`), and its failure link.
        case sparse(offsets: [Int32], symbols: [UInt16], targets: [Int32], failure: [Int32])
    }

    /// Whether there is no pattern to find.
    public var isEmpty: Bool { longestPattern == 0 }

    /// Whether the automaton keeps sparse children (it is too large for a full table).
    package var isSparse: Bool {
        if case .sparse = moves { true } else { false }
    }

    /// Compiles the patterns; empty patterns are ignored.
    ///
    /// - Parameter patterns: The byte strings to find.
    public init(patterns: some Sequence<[UInt8]>) {
        self.init(patterns: patterns, denseLimit: Self.denseLimit)
    }

    /// Compiles the patterns, with a full table only up to `denseLimit` entries (tests choose the
    /// sparse form with 0).
    package init(patterns: some Sequence<[UInt8]>, denseLimit: Int) {
        let patterns = patterns.filter { !$0.isEmpty }
        var classes = [UInt16](repeating: 0, count: 256)
        var classCount = 1
        for pattern in patterns {
            for byte in pattern where classes[Int(byte)] == 0 {
                classes[Int(byte)] = UInt16(classCount)
                classCount += 1
            }
        }
        // The trie, as sparse children while it is built.
        var children: [[UInt16: Int32]] = [[:]]
        var ends: [Int32] = [0]
        for pattern in patterns {
            var state = 0
            for byte in pattern {
                let symbol = classes[Int(byte)]
                if let next = children[state][symbol] {
                    state = Int(next)
                } else {
                    children.append([:])
                    ends.append(0)
                    children[state][symbol] = Int32(children.count - 1)
                    state = children.count - 1
                }
            }
            ends[state] = max(ends[state], Int32(pattern.count))
        }
        // Breadth first, so a state's failure link is final before its children need it.
        var failure = [Int32](repeating: 0, count: children.count)
        var order: [Int32] = children[0].values.sorted()
        var head = 0
        func step(_ from: Int, _ symbol: UInt16) -> Int32 {
            var state = from
            while true {
                if let next = children[state][symbol] { return next }
                if state == 0 { return 0 }
                state = Int(failure[state])
            }
        }
        while head < order.count {
            let state = Int(order[head])
            head += 1
            ends[state] = max(ends[state], ends[Int(failure[state])])
            for (symbol, child) in children[state].sorted(by: { $0.key < $1.key }) {
                failure[Int(child)] = state == 0 ? 0 : step(Int(failure[state]), symbol)
                order.append(child)
            }
        }
        if children.count * classCount <= denseLimit {
            var table = [Int32](repeating: 0, count: children.count * classCount)
            for (symbol, child) in children[0] { table[Int(symbol)] = child }
            for state in order.map(Int.init) {
                let fallback = Int(failure[state]) * classCount
                for symbol in 0..<classCount {
                    table[state * classCount + symbol] =
                        children[state][UInt16(symbol)] ?? table[fallback + symbol]
                }
            }
            moves = .dense(table)
        } else {
            var offsets: [Int32] = [0]
            var symbols: [UInt16] = []
            var targets: [Int32] = []
            for state in children.indices {
                for (symbol, child) in children[state].sorted(by: { $0.key < $1.key }) {
                    symbols.append(symbol)
                    targets.append(child)
                }
                offsets.append(Int32(symbols.count))
            }
            moves = .sparse(offsets: offsets, symbols: symbols, targets: targets, failure: failure)
        }
        self.classes = classes
        self.classCount = classCount
        matchLength = ends
        longestPattern = patterns.map(\.count).max() ?? 0
    }

    /// The stretches of `bytes` that patterns cover, in order; overlapping matches are merged into one.
    ///
    /// ```swift
    /// MultiPatternMatcher(patterns: [Array("abcd".utf8), Array("cdef".utf8)])
    ///     .coveredRanges(in: Array("xabcdefx".utf8))  // [1..<7]
    /// ```
    ///
    /// - Parameter bytes: The text.
    /// - Returns: Non-overlapping ranges, sorted; empty when nothing matches.
    public func coveredRanges(in bytes: some Collection<UInt8>) -> [Range<Int>] {
        guard !isEmpty else { return [] }
        if let ranges = bytes.withContiguousStorageIfAvailable({ scan($0) }) { return ranges }
        return Array(bytes).withUnsafeBufferPointer { scan($0) }
    }

    /// Whether any pattern occurs in `bytes`.
    ///
    /// - Parameter bytes: The text.
    public func occurs(in bytes: some Collection<UInt8>) -> Bool {
        !coveredRanges(in: bytes).isEmpty
    }

    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func found(_ length: Int, endingAt index: Int) {
            var lower = index + 1 - length
            var upper = index + 1
            // A later match can reach back over earlier ones: merge every range it overlaps.
            while let last = ranges.last, last.upperBound > lower {
                lower = min(lower, last.lowerBound)
                upper = max(upper, last.upperBound)
                ranges.removeLast()
            }
            ranges.append(lower..<upper)
        }
        matchLength.withUnsafeBufferPointer { lengths in
            classes.withUnsafeBufferPointer { classOf in
                switch moves {
                case .dense(let transitions):
                    transitions.withUnsafeBufferPointer { table in
                        var state = 0
                        for index in 0..<bytes.count {
                            state = Int(table[state &* classCount &+ Int(classOf[Int(bytes[index])])])
                            let length = Int(lengths[state])
                            if length > 0 { found(length, endingAt: index) }
                        }
                    }
                case .sparse(let offsets, let symbols, let targets, let failure):
                    var state = 0
                    for index in 0..<bytes.count {
                        let symbol = classOf[Int(bytes[index])]
                        while true {
                            let lower = Int(offsets[state])
                            let upper = Int(offsets[state + 1])
                            if let position = symbols[lower..<upper].firstIndex(of: symbol) {
                                state = Int(targets[position])
                                break
                            }
                            if state == 0 { break }
                            state = Int(failure[state])
                        }
                        let length = Int(lengths[state])
                        if length > 0 { found(length, endingAt: index) }
                    }
                }
            }
        }
        return ranges
    }
}
