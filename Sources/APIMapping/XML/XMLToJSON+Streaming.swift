/// Why XML read from a source could not be converted: the source failed, or the document was refused.
package enum XMLStreamError<ReadFailure: Error>: Error {
    /// The source's read failed; nothing more was read.
    case read(ReadFailure)
    /// The document was refused, as ``XMLToJSON/convert(_:options:)`` would refuse it whole.
    case conversion(XMLConversionError)
}

extension XMLToJSON {
    /// The size of the chunks libxml2 is fed, from memory or from a source.
    static let chunkSize = 1 << 20

    /// The document of XML read from `read` a chunk at a time, so the input is never whole in memory.
    ///
    /// The outcome is the one ``JSONDocument/init(xml:options:)`` gives for the same bytes, error and
    /// position included, in the same order of checks: size, then encoding, then entity declarations,
    /// then the parse. UTF-8 goes to libxml2 as it is read, in the same 1 MiB chunks as from memory,
    /// each scanned for `<!ENTITY` before the parser sees the one before it; when the parse fails
    /// first, the rest is still read and scanned, so that a later entity declaration, or the size,
    /// is the error reported as it would be for the whole input. Any other encoding (UTF-16 or a
    /// declared one) is read whole and converted as from memory.
    ///
    /// ```swift
    /// let document = try XMLToJSON.document(reading: { try file.read(into: $0) }, expectedSize: size)
    /// ```
    ///
    /// - Parameters:
    ///   - read: Fills the start of its buffer and returns the number of bytes written, 0 at the end.
    ///   - expectedSize: About how large the input is; the text store reserves twice this (no
    ///     memory is used until written) and grows by copying past it.
    ///   - options: Array paths, text trimming and limits.
    ///   - chunkSize: The bytes fed at a time; tests make it small to cut documents everywhere.
    /// - Returns: The document, as from memory.
    /// - Throws: ``XMLStreamError/read(_:)`` as soon as `read` throws; otherwise
    ///   ``XMLStreamError/conversion(_:)`` with the error converting the whole input gives.
    package static func document<ReadFailure: Error>(
        reading read: (UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int, expectedSize: Int,
        options: XMLConversionOptions = XMLConversionOptions(), chunkSize: Int = XMLToJSON.chunkSize
    ) throws(XMLStreamError<ReadFailure>) -> JSONDocument {
        precondition(chunkSize > 0, "a chunk holds at least a byte")
        var input = ChunkedInput(chunkSize: chunkSize)
        defer { input.deallocate() }
        func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(XMLStreamError<ReadFailure>) -> Int {
            var filled = 0
            while filled < buffer.count {
                let count: Int
                do {
                    count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                } catch {
                    throw .read(error)
                }
                precondition((0...buffer.count - filled).contains(count), "a read returns what it wrote")
                if count == 0 { break }
                filled += count
            }
            return filled
        }
        func next() throws(XMLStreamError<ReadFailure>) {
            try input.receive(fill(input.nextData(count: chunkSize)), expected: chunkSize)
        }

        try input.receive(fill(input.nextData(count: input.headSize)), expected: input.headSize)
        guard let encoding = XMLInputEncoding.unchangedUTF8(head: Array(input.chunk.prefix(1024))) else {
            // Other encodings are detected and transcoded whole, as from memory.
            var bytes = Array(input.chunk)
            while !input.ended {
                try next()
                bytes += input.chunk
            }
            do {
                return try JSONDocument(xml: bytes, options: options)
            } catch {
                throw .conversion(error)
            }
        }
        var refusal = input.isOverLimit(options.maximumSize) ? nil : input.scan()
        var builder = XMLTreeBuilder(options: options, declaredEncoding: encoding.declaredName)
        if refusal == nil && !input.isOverLimit(options.maximumSize) {
            try builder.parse(textCapacity: 2 * max(expectedSize, input.total) + 4096) {
                (feeder) throws(XMLStreamError<ReadFailure>) in
                while true {
                    let current = input.chunk
                    if input.ended {
                        _ = feeder.feed(current, isLast: true)
                        return
                    }
                    // The next chunk is read and scanned before this one is fed: libxml2 never sees a
                    // byte the scan has not passed.
                    try next()
                    if input.isOverLimit(options.maximumSize) { return }
                    refusal = input.scan()
                    if refusal != nil { return }
                    let isLast = input.ended && input.chunk.isEmpty
                    guard feeder.feed(current, isLast: isLast), !isLast else { return }
                }
            }
        }
        // Whatever stopped the parse, the rest is read: the size and a later entity declaration
        // come before a parse error, as over the whole input.
        while !input.ended {
            try next()
            if refusal == nil && !input.isOverLimit(options.maximumSize) { refusal = input.scan() }
        }
        if let limit = options.maximumSize, input.total > limit {
            throw .conversion(
                XMLConversionError(
                    .tooLarge.detail("input too large: \(input.total) bytes, the limit is \(limit)"), line: 1,
                    column: 1))
        }
        if let refusal {
            let byteOrderMark = refusal.line == 1 && encoding.hasUTF8ByteOrderMark ? 1 : 0
            throw .conversion(
                XMLConversionError(.entityDeclaration, line: refusal.line, column: refusal.column - byteOrderMark))
        }
        if let error = builder.error { throw .conversion(error) }
        // Not held while the document is written: that is when memory peaks.
        input.deallocate()
        do {
            return try builder.document()
        } catch {
            throw .conversion(error)
        }
    }
}

/// Two chunk buffers that take turns, for ``XMLToJSON/document(reading:expectedSize:options:chunkSize:)``:
/// one holds the chunk being fed while the next is read into the other and scanned.
///
/// Each buffer has room in front of its data for the bytes the entity scan of the chunk before left
/// unresolved, so the scan reads them and the new chunk as one run of bytes.
private struct ChunkedInput {
    /// Room before each buffer's data: more than a scan ever carries.
    private static let front = 16

    /// The first chunk, large enough for any encoding declaration.
    let headSize: Int
    private var buffers: (UnsafeMutableRawBufferPointer, UnsafeMutableRawBufferPointer)
    /// The bytes of the latest chunk, in `buffers.0`.
    private var count = 0
    /// How many bytes at the end of the latest chunk the scan left unresolved.
    private var carry = 0
    private var scanner = XMLMarkupScanner.Stream()
    /// Whether the latest chunk is the last: it came short of what was asked.
    private(set) var ended = false
    /// The bytes read so far.
    private(set) var total = 0

    init(chunkSize: Int) {
        headSize = max(chunkSize, 1024)
        let size = Self.front + headSize
        buffers = (
            .allocate(byteCount: size, alignment: 16), .allocate(byteCount: size, alignment: 16)
        )
    }

    /// The latest chunk.
    var chunk: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: buffers.0.baseAddress!.advanced(by: Self.front).assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Where the next chunk is to be read: the data part of the other buffer.
    func nextData(count: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(rebasing: buffers.1[Self.front..<Self.front + count])
    }

    /// Makes the chunk just read (`received` bytes of `expected`) the latest, with the carry of the
    /// scan before in front of it; the chunk before stays valid until the next call.
    mutating func receive(_ received: Int, expected: Int) {
        if carry > 0 {
            UnsafeMutableRawBufferPointer(rebasing: buffers.1[(Self.front - carry)..<Self.front])
                .copyMemory(
                    from: UnsafeRawBufferPointer(
                        rebasing: buffers.0[(Self.front + count - carry)..<(Self.front + count)]))
        }
        swap(&buffers.0, &buffers.1)
        count = received
        total += received
        ended = received < expected
    }

    /// Scans the latest chunk and the carry before it: the line and column of an entity declaration, if any.
    mutating func scan() -> (line: Int, column: Int)? {
        let bytes = UnsafeBufferPointer(
            start: buffers.0.baseAddress!.advanced(by: Self.front - carry).assumingMemoryBound(to: UInt8.self),
            count: carry + count)
        switch scanner.scan(bytes, isFinal: ended) {
        case .clean(let left):
            carry = left
            return nil
        case .entity(_, let line, let column):
            carry = 0
            return (line, column)
        }
    }

    /// Whether more than `limit` bytes were read.
    func isOverLimit(_ limit: Int?) -> Bool { limit.map { total > $0 } ?? false }

    /// Gives the buffers back; the input is not read again. Once is enough: later calls do nothing.
    mutating func deallocate() {
        guard buffers.0.count > 0 else { return }
        buffers.0.deallocate()
        buffers.1.deallocate()
        buffers = (
            UnsafeMutableRawBufferPointer(start: nil, count: 0), UnsafeMutableRawBufferPointer(start: nil, count: 0)
        )
    }
}
