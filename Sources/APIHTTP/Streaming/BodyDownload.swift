import Crypto

/// Where a downloaded body goes as it arrives: a file written beside its target and renamed into
/// place on ``commit()``, or standard output.
///
/// One destination serves one response; a dropped destination that was not committed must leave
/// nothing behind (``discard()``).
public protocol DownloadDestination: AnyObject {
    /// Appends bytes.
    ///
    /// - Throws: ``ResponseStreamError`` when they cannot be written (a full disk, a closed pipe).
    func write(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError)
    /// The body is complete: puts it in place.
    ///
    /// - Throws: ``ResponseStreamError`` when it cannot.
    func commit() throws(ResponseStreamError)
    /// The body failed: removes what was written.
    func discard()
    /// Where the body goes, for history and messages (`reply.json`, `-` for standard output).
    var name: String { get }
}

/// Saves successful response bodies as they arrive (`request -o FILE`, `--output raw` into a pipe):
/// memory stays flat whatever the size, and the saving cap is its own (``maximumSize``,
/// `--max-filesize`), apart from the cap on what is parsed.
///
/// Only a `2xx` body is streamed: an error answer is collected as usual (it is small, and a retry
/// may replace it). The record keeps the body's first ``keptBytes`` bytes: all of a small body, which
/// is then parsed and evaluated as usual, or the head of a large one, with its size and SHA-256.
///
/// ```swift
/// var request = HTTPRequestSpec(url: url)
/// request.bodyHandler = BodyDownload(maximumSize: nil, keptBytes: 8 << 20) { try FileDestination(path: "big.iso") }
/// let record = try await transport.send(request)
/// record.stream?.sha256   // the saved bytes' digest
/// ```
public struct BodyDownload: ResponseBodyHandler {
    /// The largest body saved, in bytes; `nil` for no limit.
    public let maximumSize: Int?
    /// How many of the first bytes the record keeps.
    public let keptBytes: Int
    private let makeDestination: @Sendable () throws(ResponseStreamError) -> any DownloadDestination

    /// Creates a download.
    ///
    /// - Parameters:
    ///   - maximumSize: The largest body saved; `nil` for no limit.
    ///   - keptBytes: How many of the first bytes the record keeps (and parses, when that is all of them).
    ///   - destination: Makes the destination for one response's body.
    public init(
        maximumSize: Int?, keptBytes: Int,
        destination: @escaping @Sendable () throws(ResponseStreamError) -> any DownloadDestination
    ) {
        self.maximumSize = maximumSize
        self.keptBytes = max(0, keptBytes)
        makeDestination = destination
    }

    public func reader(for head: ResponseHead) throws(ResponseStreamError) -> (any ResponseBodyReader)? {
        guard (200..<300).contains(head.status) else { return nil }
        if let maximumSize, let announced = head.announcedLength, announced > maximumSize {
            throw ResponseStreamError(
                kind: .tooLarge(limit: maximumSize),
                message: "Content-Length announces \(announced) bytes; the limit for saving is --max-filesize, "
                    + "\(maximumSize) bytes")
        }
        return DownloadReader(destination: try makeDestination(), maximumSize: maximumSize, keptBytes: keptBytes)
    }
}

/// Writes one body to its destination, hashing it and keeping its head.
final class DownloadReader: ResponseBodyReader {
    private let destination: any DownloadDestination
    private let maximumSize: Int?
    private let keptBytes: Int
    private var hasher = SHA256()
    private var kept: [UInt8] = []
    private var count = 0
    private var finished = false

    init(destination: any DownloadDestination, maximumSize: Int?, keptBytes: Int) {
        self.destination = destination
        self.maximumSize = maximumSize
        self.keptBytes = keptBytes
    }

    deinit {
        if !finished { destination.discard() }
    }

    func read(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) -> StreamDecision {
        if let maximumSize, count + bytes.count > maximumSize {
            finished = true
            destination.discard()
            throw ResponseStreamError(
                kind: .tooLarge(limit: maximumSize),
                message: "stopped after \(count) bytes; the next chunk has \(bytes.count); the limit for saving is "
                    + "--max-filesize, \(maximumSize) bytes")
        }
        count += bytes.count
        if kept.count < keptBytes {
            kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes.prefix(keptBytes - kept.count)))
        }
        hasher.update(bufferPointer: bytes)
        do {
            try destination.write(bytes)
        } catch {
            finished = true
            destination.discard()
            throw error
        }
        return .more
    }

    func finish(_ end: StreamEnd) throws(ResponseStreamError) -> (body: [UInt8], summary: StreamedBody) {
        finished = true
        switch end {
        case .complete:
            do {
                try destination.commit()
            } catch {
                destination.discard()
                throw error
            }
        case .stopped:
            destination.discard()
            throw ResponseStreamError(kind: .cancelled, message: "the download was stopped; nothing was saved")
        case .timeLimit:
            destination.discard()
            throw ResponseStreamError(
                kind: .timeout(.total),
                message: "the body was not complete in time after \(count) bytes; nothing was saved")
        case .broken(let message):
            destination.discard()
            throw ResponseStreamError(
                kind: .truncatedBody, message: "\(message) after \(count) bytes; nothing was saved")
        }
        let digest = hasher.finalize().map { byte in
            let hex = Array("0123456789abcdef".utf8)
            return String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
        return (
            kept,
            StreamedBody(
                byteCount: count, end: end, isWhole: count <= keptBytes, savedTo: destination.name, sha256: digest)
        )
    }
}
