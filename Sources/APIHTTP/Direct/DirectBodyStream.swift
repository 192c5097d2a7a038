import NIOCore
import NIOHTTP1

/// A body a direct connection hands to a ``ResponseBodyReader`` as it arrives, on the connection's
/// event loop: a download written to its file, an event stream read event by event.
///
/// The reader sees every byte that arrived before the connection broke, in order: the parts are
/// handed over where they are read, with no buffer between the socket and the reader that a
/// closing connection could drop.
struct DirectBodyStream {
    /// Reads the body.
    let reader: any ResponseBodyReader
    /// Stops the stream from outside (Esc in the explorer); detached when the stream ends.
    let control: StreamControl?
    /// Hears how far the body has got.
    let progress: (@Sendable (ProgressReport) -> Void)?
    /// The announced length, when no content coding makes it the compressed one.
    let expected: Int?
    /// The body's bytes so far, decoded.
    private(set) var count = 0

    /// The reader for the body that `head` announces, if `handler` takes it.
    ///
    /// - Throws: ``ResponseStreamError`` when the handler refuses the response.
    static func start(
        _ head: HTTPResponseHead, handler: any ResponseBodyHandler, progress: (@Sendable (ProgressReport) -> Void)?
    ) throws(ResponseStreamError) -> DirectBodyStream? {
        let expected = announcedLength(of: head)
        let described = ResponseHead(
            status: Int(head.status.code), headers: head.headers.map { (name: $0.name, value: $0.value) },
            announcedLength: expected)
        guard let reader = try handler.reader(for: described) else { return nil }
        return DirectBodyStream(reader: reader, control: handler.control, progress: progress, expected: expected)
    }

    /// What `head` promises of the body's decoded length: nothing when a content coding makes
    /// `Content-Length` the compressed size.
    static func announcedLength(of head: HTTPResponseHead) -> Int? {
        guard !head.headers.contains(name: "content-encoding") else { return nil }
        return head.headers.first(name: "content-length").flatMap { Int($0) }
    }

    /// Hands one part of the body to the reader; whether to go on.
    ///
    /// - Throws: What the reader throws.
    mutating func read(_ buffer: ByteBuffer) throws(ResponseStreamError) -> StreamDecision {
        count += buffer.readableBytes
        let reader = reader
        let decision = try buffer.withUnsafeReadableBytes { bytes throws(ResponseStreamError) in
            try reader.read(bytes)
        }
        progress?(ProgressReport(bytesReceived: count, expectedLength: expected))
        return control?.isStopped == true ? .stop : decision
    }
}

extension DirectExchangeFailure {
    /// How a failure ends a body being streamed, as ``HTTPTransport`` ends it: the time limit,
    /// or a break with its reason; `nil` for what fails the exchange instead (the reader's own
    /// errors).
    static let closedMessage = "the connection closed before the body ended"

    var streamEnd: StreamEnd? {
        switch self {
        case .timeout: .timeLimit
        case .readTimeout: .broken("no bytes within the read timeout")
        case .closed: .broken(Self.closedMessage)
        // The parser's word for a connection that closed inside the body (RFC 9112 §8: incomplete).
        case .failed(let error as HTTPParserError, _) where error == .invalidEOFState: .broken(Self.closedMessage)
        case .failed(let error, _) where error is ResponseStreamError: nil
        case .failed(let error, _): .broken(String(describing: error))
        case .tooLarge: nil
        }
    }
}
