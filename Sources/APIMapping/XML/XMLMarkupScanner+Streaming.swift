extension XMLMarkupScanner {
    /// ``XMLMarkupScanner/firstEntityDeclaration(in:)`` over input that arrives a chunk at a time,
    /// with the same answer as over the whole input, and the line and column of what it finds.
    ///
    /// A scan resolves what it can of its bytes and leaves at most the last eight unresolved (a `<`
    /// whose markup could still become `<!ENTITY`, or a `-` or `]` that could end a comment or CDATA
    /// section): the caller passes them again, in front of the next chunk.
    ///
    /// ```swift
    /// var scan = XMLMarkupScanner.Stream()
    /// scan.scan(chunk, isFinal: false)  // .clean(carry: 3) when the chunk ends with "<!E"
    /// ```
    struct Stream {
        /// What one scan found.
        enum Outcome: Equatable {
            /// No entity declaration; the last `carry` bytes are unresolved and must start the next scan.
            case clean(carry: Int)
            /// An entity declaration at byte `offset` of the whole input, at `line` and `column` (in
            /// characters, as ``TextPosition`` counts them).
            case entity(offset: Int, line: Int, column: Int)
        }

        private enum Mode {
            case markup, comment, cdata
        }

        private var mode = Mode.markup
        /// The offset in the whole input of the first byte the next scan reads.
        private(set) var offset = 0
        /// The line and column of that byte.
        private var line = 1
        private var column = 1

        /// Scans the next bytes: the carry of the last scan, then the new chunk.
        ///
        /// - Parameters:
        ///   - bytes: The carried bytes followed by the chunk.
        ///   - isFinal: Whether the input ends with these bytes: nothing is carried then.
        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Outcome {
            let end = bytes.count
            var i = 0
            scanning: while true {
                switch mode {
                case .markup:
                    guard let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) else {
                        i = end
                        break scanning
                    }
                    // `<![CDATA[`, the longest markup told apart here, is nine bytes.
                    if !isFinal && open + 9 > end {
                        i = open
                        break scanning
                    }
                    if matches("<!--", at: open, in: bytes) {
                        mode = .comment
                        i = open + 4
                    } else if matches("<![CDATA[", at: open, in: bytes) {
                        mode = .cdata
                        i = open + 9
                    } else if matches("<!ENTITY", at: open, in: bytes) {
                        advance(over: UnsafeBufferPointer(rebasing: bytes[..<open]))
                        return .entity(offset: offset, line: line, column: column)
                    } else {
                        i = open + 1
                    }
                case .comment, .cdata:
                    let terminator: StaticString = mode == .comment ? "-->" : "]]>"
                    guard let candidate = bytes[i...].firstIndex(of: terminator.utf8Start[0]) else {
                        i = end
                        break scanning
                    }
                    if !isFinal && candidate + 3 > end {
                        i = candidate
                        break scanning
                    }
                    if matches(terminator, at: candidate, in: bytes) {
                        mode = .markup
                        i = candidate + 3
                    } else {
                        i = candidate + 1
                    }
                }
            }
            advance(over: UnsafeBufferPointer(rebasing: bytes[..<i]))
            return .clean(carry: end - i)
        }

        /// Moves the position past `bytes`: a line per line feed, a column per byte that starts a
        /// character. Counted in simple loops the compiler vectorises, as this passes every byte.
        private mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
            offset += bytes.count
            var newlines = 0
            for byte in bytes { newlines &+= byte == 0x0A ? 1 : 0 }
            var tail = bytes[...]
            if newlines > 0, let last = bytes.lastIndex(of: 0x0A) {
                line += newlines
                column = 1
                tail = bytes[(last + 1)...]
            }
            var starts = 0
            for byte in tail { starts &+= byte & 0xC0 != 0x80 ? 1 : 0 }
            column += starts
        }
    }
}
