import APITesting

/// Makes new inputs from a corpus: byte flips, random bytes, inserts and deletes, copies of a
/// slice, a target's dictionary tokens, and splices of two corpus entries.
struct Mutator {
    /// The longest input produced.
    static let maximumLength = 65_536

    var generator: SplitMix64
    let dictionary: [[UInt8]]

    mutating func mutate(_ input: [UInt8], corpus: [[UInt8]]) -> [UInt8] {
        var bytes = input
        let rounds = 1 + Int(generator.next() % 4)
        for _ in 0..<rounds { mutateOnce(&bytes, corpus: corpus) }
        if bytes.count > Self.maximumLength { bytes.removeLast(bytes.count - Self.maximumLength) }
        return bytes
    }

    private mutating func index(_ count: Int) -> Int {
        count == 0 ? 0 : Int(generator.next() % UInt64(count))
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8], corpus: [[UInt8]]) {
        switch generator.next() % 9 {
        case 0 where !bytes.isEmpty:
            bytes[index(bytes.count)] ^= UInt8(1 << (generator.next() % 8))
        case 1 where !bytes.isEmpty:
            bytes[index(bytes.count)] = UInt8(truncatingIfNeeded: generator.next())
        case 2:
            bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index(bytes.count + 1))
        case 3 where !bytes.isEmpty:
            let start = index(bytes.count)
            let length = min(1 + index(16), bytes.count - start)
            bytes.removeSubrange(start..<start + length)
        case 4 where !bytes.isEmpty:
            let start = index(bytes.count)
            let length = min(1 + index(64), bytes.count - start)
            bytes.insert(contentsOf: bytes[start..<start + length], at: index(bytes.count + 1))
        case 5,
            6 where !dictionary.isEmpty:
            bytes.insert(contentsOf: dictionary[index(dictionary.count)], at: index(bytes.count + 1))
        case 7 where !corpus.isEmpty:
            let other = corpus[index(corpus.count)]
            let cut = index(bytes.count + 1)
            let from = index(other.count + 1)
            bytes = Array(bytes[..<cut]) + Array(other[from...])
        case 8:
            // Repeat a slice many times: deep nesting and long runs.
            guard !bytes.isEmpty else { return }
            let start = index(bytes.count)
            let length = min(1 + index(4), bytes.count - start)
            let slice = Array(bytes[start..<start + length])
            let times = 1 + index(2_000)
            bytes.insert(contentsOf: Array(repeatElement(slice, count: times).joined()), at: start)
        default:
            bytes.append(UInt8(truncatingIfNeeded: generator.next()))
        }
    }
}
