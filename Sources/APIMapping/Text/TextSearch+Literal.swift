import Foundation

extension TextSearch {
    /// Finds a literal in bytes by `memchr` on its rarest byte (the *anchor*), then compares the
    /// whole literal there: most of the input is skipped at `memchr` speed, as `grep` does for a
    /// fixed string. When the search ignores case and the anchor is a letter, both of its cases are
    /// followed, each with its own `memchr` stream, so neither is rescanned.
    struct LiteralScan {
        let needle: [UInt8]
        let ignoresCase: Bool
        /// The anchor's offset in the needle.
        let anchor: Int
        private var first: Stream
        private var second: Stream?

        /// One anchor byte's next occurrence, kept between calls.
        private struct Stream {
            let byte: UInt8
            /// The occurrence found (`found`), or how far the input was searched without one.
            var position = -1
            var found = false
        }

        init(needle: [UInt8], ignoresCase: Bool) {
            self.needle = needle
            self.ignoresCase = ignoresCase
            var best = 0
            var bestScore = Int.min
            for (offset, byte) in needle.enumerated() {
                let score = Self.rarity(byte, ignoresCase: ignoresCase)
                if score >= bestScore {
                    best = offset
                    bestScore = score
                }
            }
            anchor = best
            let byte = needle.isEmpty ? 0 : needle[best]
            first = Stream(byte: byte)
            let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            second = ignoresCase && isLetter ? Stream(byte: byte &- 0x20) : nil
        }

        /// Whether the decoded text of a string literal's `content` (escapes included) could hold
        /// the needle: it must hold the anchor byte, which comes from the same byte in the source, from
        /// a `\uXXXX` escape, or (when the anchor is one of them) from a one-letter escape. A cheap test
        /// that saves decoding nearly every escaped string; it may say yes wrongly, never no wrongly.
        func mayMatchDecoded(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = content.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            for byte in [first.byte] + (second.map { [$0.byte] } ?? []) {
                if Self.escapeProducts.contains(byte) { return true }
                if memchr(raw, Int32(byte), content.count) != nil { return true }
            }
            var i = 0
            while i + 1 < content.count {
                guard let found = memchr(raw + i, 0x5C, content.count - i) else { return false }
                let slash = UnsafeRawPointer(found) - raw
                if slash + 1 < content.count, content[slash + 1] == UInt8(ascii: "u") { return true }
                i = slash + 1
            }
            return false
        }

        /// What the one-letter escapes decode to: `"`, `\`, `/`, backspace, form feed, LF, CR, tab.
        private static let escapeProducts: Set<UInt8> = [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09]

        /// Bytes in rough order of frequency in JSON text; a byte not listed counts as rare.
        private static let common = Array(#" "e:,taoinsrlcdu0123456789mhpgbfy_.-wvk{}[]x\/jqz"#.utf8)

        /// How rare a byte is expected to be (higher is rarer).
        private static func rarity(_ byte: UInt8, ignoresCase: Bool) -> Int {
            guard let rank = common.firstIndex(of: byte) else { return byte >= 0x80 ? 200 : 1_000 }
            let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            // Two streams cost more than one: a letter is worth a little less when both cases count.
            return ignoresCase && isLetter ? rank - 4 : rank
        }

        /// The first match starting in `from..<before`, or `nil`.
        ///
        /// - Parameters:
        ///   - bytes: The input; a match may run past `before`, never past the end.
        ///   - from: The first start to consider.
        ///   - before: The end of the starts to consider.
        mutating func next(in bytes: UnsafeBufferPointer<UInt8>, from: Int, before: Int) -> Int? {
            guard let base = bytes.baseAddress, !needle.isEmpty else { return nil }
            let limit = min(before, bytes.count - needle.count + 1)
            var start = max(from, 0)
            while start < limit {
                let lower = start + anchor
                let end = limit + anchor
                var hit = Self.advance(&first, base: base, from: lower, to: end)
                if var stream = second {
                    if let other = Self.advance(&stream, base: base, from: lower, to: end) {
                        hit = min(hit ?? other, other)
                    }
                    second = stream
                }
                guard let position = hit else { return nil }
                let candidate = position - anchor
                if matches(base, at: candidate) { return candidate }
                start = candidate + 1
            }
            return nil
        }

        /// The next occurrence of the stream's byte in `from..<to`, searching only what the stream has
        /// not searched yet.
        private static func advance(
            _ stream: inout Stream, base: UnsafePointer<UInt8>, from: Int, to: Int
        ) -> Int? {
            var start = from
            if stream.position >= from {
                if stream.found { return stream.position < to ? stream.position : nil }
                if stream.position >= to { return nil }
                start = stream.position
            }
            guard start < to else { return nil }
            let raw = UnsafeRawPointer(base + start)
            guard let pointer = memchr(raw, Int32(stream.byte), to - start) else {
                stream.position = to
                stream.found = false
                return nil
            }
            let position = start + (UnsafeRawPointer(pointer) - raw)
            stream.position = position
            stream.found = true
            return position
        }

        /// Whether the needle is at `offset` (which leaves room for all of it).
        @inline(__always)
        private func matches(_ base: UnsafePointer<UInt8>, at offset: Int) -> Bool {
            let subject = base + offset
            if !ignoresCase {
                return needle.withUnsafeBufferPointer { buffer in
                    guard let start = buffer.baseAddress else { return true }
                    return memcmp(subject, start, buffer.count) == 0
                }
            }
            for k in 0..<needle.count where TextSearch.fold(subject[k]) != needle[k] { return false }
            return true
        }
    }

    /// The start of the literal's first occurrence at or after `from`, or `nil`.
    func firstLiteral(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var scan = LiteralScan(needle: needle, ignoresCase: !isCaseSensitive)
        return scan.next(in: bytes, from: from, before: bytes.count)
    }

}
