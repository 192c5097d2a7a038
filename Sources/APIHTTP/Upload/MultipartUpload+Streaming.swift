public import NIOCore

extension MultipartUpload {
    /// The encoded body as a sequence of buffers of at most `chunkSize` bytes, files read from disk as it goes.
    ///
    /// Each iteration opens the files anew, so the sequence can be replayed (for a retry or a redirect). Memory
    /// stays at about one chunk. A file that is gone, or whose size differs from the one counted in
    /// ``contentLength``, ends the sequence with a ``MultipartUploadError`` naming it, before the chunk that
    /// would finish the file: the body sent is then always shorter than `Content-Length`, never different in
    /// content at the same length.
    ///
    /// ```swift
    /// let body = upload.chunks(chunkSize: 64 * 1024) { progress in
    ///     print(progress.bytesSent, "of", progress.totalBytes)
    /// }
    /// request.body = .stream(body, length: .known(Int64(upload.contentLength)))
    /// ```
    ///
    /// - Parameters:
    ///   - chunkSize: The largest buffer to produce; positive.
    ///   - progress: Called after each chunk is produced, with the running total; the last call reports
    ///     ``contentLength``.
    /// - Returns: An `AsyncSequence` of `ByteBuffer` whose sizes add up to ``contentLength``.
    public func chunks(
        chunkSize: Int = 64 * 1024,
        progress: @escaping @Sendable (UploadProgress) -> Void = { _ in }
    ) -> some AsyncSequence<ByteBuffer, any Error> & Sendable {
        precondition(chunkSize > 0, "chunkSize must be positive")
        return MultipartUploadChunks(
            segments: segments, totalBytes: contentLength, chunkSize: chunkSize, progress: progress)
    }
}

/// The body of a ``MultipartUpload``, filled chunk by chunk from its segments.
struct MultipartUploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let segments: [MultipartUpload.Segment]
    let totalBytes: Int
    let chunkSize: Int
    let progress: @Sendable (UploadProgress) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        private let sequence: MultipartUploadChunks
        private var segmentIndex = 0
        /// Bytes of the current segment already copied into earlier chunks.
        private var offset = 0
        private var reader: FileReader?
        private var sent = 0
        private var finished = false

        init(sequence: MultipartUploadChunks) {
            self.sequence = sequence
        }

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            do {
                try Task.checkCancellation()
                var chunk = ByteBuffer()
                chunk.reserveCapacity(Swift.min(sequence.chunkSize, sequence.totalBytes - sent))
                try fill(&chunk)
                guard chunk.readableBytes > 0 else {
                    finished = true
                    return nil
                }
                sent += chunk.readableBytes
                sequence.progress(UploadProgress(bytesSent: sent, totalBytes: sequence.totalBytes))
                return chunk
            } catch {
                finished = true
                reader = nil
                throw error
            }
        }

        /// Copies segments into `chunk` until it holds `chunkSize` bytes or the body ends.
        private mutating func fill(_ chunk: inout ByteBuffer) throws(MultipartUploadError) {
            while chunk.readableBytes < sequence.chunkSize, segmentIndex < sequence.segments.count {
                let room = sequence.chunkSize - chunk.readableBytes
                switch sequence.segments[segmentIndex] {
                case .bytes(let bytes):
                    let count = Swift.min(room, bytes.readableBytes - offset)
                    if var slice = bytes.getSlice(at: bytes.readerIndex + offset, length: count) {
                        chunk.writeBuffer(&slice)
                    }
                    offset += count
                    if offset == bytes.readableBytes { advance() }
                case .file(let path, let size, let fieldName):
                    try copyFile(path: path, size: size, fieldName: fieldName, room: room, into: &chunk)
                }
            }
        }

        private mutating func copyFile(
            path: String, size: Int, fieldName: String, room: Int, into chunk: inout ByteBuffer
        ) throws(MultipartUploadError) {
            let file: FileReader
            if let reader {
                file = reader
            } else {
                file = try FileReader(path: path, fieldName: fieldName)
                let current = try file.size()
                guard current == size else {
                    throw changed(path, fieldName, size, observed: "it is now \(current) bytes")
                }
                reader = file
            }
            let count = Swift.min(room, size - offset)
            if count > 0 {
                let read = try file.read(into: &chunk, count: count)
                guard read > 0 else { throw changed(path, fieldName, size, observed: "it ended after \(offset) bytes") }
                offset += read
            }
            if offset == size {
                // Probe past the counted end: a file that grew must not be sent cut short as if complete.
                var probe = ByteBuffer()
                guard try file.read(into: &probe, count: 1) == 0 else {
                    throw changed(path, fieldName, size, observed: "it has grown past that")
                }
                advance()
            }
        }

        private mutating func advance() {
            segmentIndex += 1
            offset = 0
            reader = nil
        }

        private func changed(_ path: String, _ fieldName: String, _ size: Int, observed: String) -> MultipartUploadError
        {
            MultipartUploadError(.changedSize(expected: size, observed: observed), fieldName: fieldName, path: path)
        }
    }
}
