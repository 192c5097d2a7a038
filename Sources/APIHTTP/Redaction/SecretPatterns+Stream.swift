import APIMapping

extension SecretPatterns {
    /// Masks a body that arrives in chunks, so that a value the network cut in two is masked all
    /// the same: the end of each chunk that could still begin a value (up to the longest form's
    /// length less one byte) is held back and masked with the next chunk, or at ``finish(with:)``.
    ///
    /// ```swift
    /// var stream = SecretPatterns.StreamMasker()
    /// let patterns = SecretPatterns(values: ["hunter22"])
    /// stream.mask(Array("pw=hun".utf8), with: patterns)     // "pw="
    /// stream.mask(Array("ter22 ok".utf8), with: patterns)   // "••••"
    /// stream.finish(with: patterns)                         // " ok"
    /// ```
    package struct StreamMasker: Sendable {
        /// The end of the bytes so far that could begin a value, not written yet.
        private var carried: [UInt8] = []

        /// A masker with nothing held back.
        package init() {}

        /// Masks the next chunk.
        ///
        /// - Parameters:
        ///   - chunk: The bytes as they arrived.
        ///   - patterns: The values to mask; they may grow between chunks (a token minted meanwhile).
        /// - Returns: What can be written now: the bytes held back before, then this chunk, masked, less
        ///   the end that could begin a value.
        package mutating func mask(_ chunk: some Collection<UInt8>, with patterns: SecretPatterns) -> [UInt8] {
            guard !patterns.isEmpty else {
                defer { carried = [] }
                return carried + chunk
            }
            var bytes = carried
            bytes.append(contentsOf: chunk)
            let ranges = patterns.matcher.coveredRanges(in: bytes)
            // A value that starts before `cut` ends within `bytes`, so it was found whole; one covered
            // range may run across the cut, and then the cut moves to its end.
            var cut = max(0, bytes.count - (patterns.matcher.longestPattern - 1))
            if let across = ranges.first(where: { $0.lowerBound < cut && $0.upperBound > cut }) {
                cut = across.upperBound
            }
            carried = Array(bytes[cut...])
            bytes.removeSubrange(cut...)
            return SecretPatterns.replacing(ranges.filter { $0.upperBound <= cut }.map { ($0, false) }, in: bytes)
        }

        /// The bytes held back, masked: the end of the stream.
        ///
        /// - Parameter patterns: The values to mask.
        package mutating func finish(with patterns: SecretPatterns) -> [UInt8] {
            defer { carried = [] }
            return patterns.mask(bytes: carried)
        }
    }
}
