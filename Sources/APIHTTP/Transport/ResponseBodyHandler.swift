import Synchronization

/// The head of a response, as a ``ResponseBodyHandler`` sees it before any of the body.
///
/// ```swift
/// head.status                  // 200
/// head.header("content-type")  // "text/event-stream"
/// head.announcedLength         // 314572800, or nil for a chunked or compressed body
/// ```
public struct ResponseHead: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields in the order received.
    public var headers: [(name: String, value: String)]
    /// The `Content-Length`, when the body has no content coding (the length is then of the bytes the
    /// handler will read); `nil` for a chunked or compressed body.
    public var announcedLength: Int?

    /// Creates a head.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields in order.
    ///   - announcedLength: The decoded body's announced length, if known.
    public init(status: Int, headers: [(name: String, value: String)], announcedLength: Int?) {
        self.status = status
        self.headers = headers
        self.announcedLength = announcedLength
    }

    /// The first value of a header field, matched without regard to case.
    ///
    /// - Parameter name: The field name.
    /// - Returns: The value, or `nil` when the field is absent.
    public func header(_ name: String) -> String? {
        // Asked of every response: compared byte by byte, without lower-cased copies.
        headers.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two header names are equal ignoring ASCII case.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// The media type without parameters, lower-cased: `text/event-stream`.
    public var mediaType: String? {
        guard let type = header("content-type") else { return nil }
        var bare = type[..<(type.firstIndex(of: ";") ?? type.endIndex)]
        while let first = bare.first, first == " " || first == "\t" { bare = bare.dropFirst() }
        while let last = bare.last, last == " " || last == "\t" { bare = bare.dropLast() }
        return bare.lowercased()
    }
}

/// Takes response bodies as they arrive, instead of the transport collecting them whole.
///
/// ``HTTPTransport`` asks the handler once the head of a response is in. A handler that answers
/// with a reader gets every chunk of the body as it arrives, and the transport keeps none of it:
/// the record's body is what the reader's ``ResponseBodyReader/finish(_:)`` hands back (a head of
/// a saved file, the events of a stream). A handler that answers `nil` leaves the body to be
/// collected as usual, under the body-size cap. `apiexplore request -o` saves a body this way;
/// event streams are read event by event.
///
/// ```swift
/// struct Counting: ResponseBodyHandler {
///     func reader(for head: ResponseHead) -> (any ResponseBodyReader)? {
///         head.status == 200 ? ByteCounter() : nil
///     }
/// }
/// var request = HTTPRequestSpec(url: url)
/// request.bodyHandler = Counting()
/// ```
public protocol ResponseBodyHandler: Sendable {
    /// The reader for this response's body, or `nil` to have the transport collect it.
    ///
    /// Called once per response (a retried request asks again), on the task that then reads the body.
    ///
    /// - Parameter head: The response's status and headers.
    /// - Throws: ``ResponseStreamError`` to refuse the response (an announced length over a limit).
    func reader(for head: ResponseHead) throws(ResponseStreamError) -> (any ResponseBodyReader)?

    /// How long the body may take once the reader has it; `nil` keeps the request's total timeout.
    ///
    /// A stream that reaches it is not a failure: the reader's ``ResponseBodyReader/finish(_:)`` is told
    /// ``StreamEnd/timeLimit``.
    var timeLimit: Duration? { get }

    /// Stops the body from outside (a key press); `nil` when only the reader decides.
    var control: StreamControl? { get }
}

extension ResponseBodyHandler {
    /// No limit of its own: the request's total timeout applies.
    public var timeLimit: Duration? { nil }

    /// No outside control.
    public var control: StreamControl? { nil }
}

/// What a reader tells the transport after each chunk.
public enum StreamDecision: Sendable, Equatable {
    /// Read on.
    case more
    /// Stop here (enough events): the connection is closed and the reader finished with ``StreamEnd/stopped``.
    case stop
}

/// How a streamed body ended.
public enum StreamEnd: Sendable, Equatable, CustomStringConvertible {
    /// The server ended the body where HTTP says a body ends.
    case complete
    /// The reader asked to stop (``StreamDecision/stop``), or the caller's ``StreamControl`` did.
    case stopped
    /// The handler's ``ResponseBodyHandler/timeLimit`` or the request's total timeout passed.
    case timeLimit
    /// The connection failed before the body was complete; the message says how.
    case broken(String)

    /// `complete`, `stopped`, `time limit`, `broken: …`.
    public var description: String {
        switch self {
        case .complete: "complete"
        case .stopped: "stopped"
        case .timeLimit: "time limit"
        case .broken(let message): "broken: \(message)"
        }
    }
}

/// Reads one response body chunk by chunk; made by a ``ResponseBodyHandler`` for one response and
/// used by one task only.
public protocol ResponseBodyReader: AnyObject {
    /// Takes the next chunk of the body (decoded when the server used a content coding).
    ///
    /// - Parameter bytes: The chunk; valid only during the call.
    /// - Returns: Whether to read on.
    /// - Throws: ``ResponseStreamError`` to fail the exchange (a size limit, a disk that is full).
    func read(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) -> StreamDecision

    /// The body ended; returns what the response record keeps of it.
    ///
    /// - Parameter end: How it ended.
    /// - Returns: The bytes the record holds as its body, and the stream's summary.
    /// - Throws: ``ResponseStreamError`` when this end is a failure for this reader (a download that broke).
    func finish(_ end: StreamEnd) throws(ResponseStreamError) -> (body: [UInt8], summary: StreamedBody)
}

/// Why a reader refused a body: becomes a ``TransportError`` of its kind, naming the request.
public struct ResponseStreamError: Error, Sendable, CustomStringConvertible {
    /// The transport error kind it becomes (``TransportError/Kind/tooLarge(limit:)``, ``TransportError/Kind/other``…).
    public var kind: TransportError.Kind
    /// What happened, in words.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The transport error kind.
    ///   - message: What happened.
    public init(kind: TransportError.Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Stops a streamed body from outside the task reading it: the terminal UI's Esc.
///
/// A stopped stream is not a failure: its reader is finished with ``StreamEnd/stopped`` and the
/// exchange keeps what arrived. Stopping before the body starts stops it at its first chunk.
///
/// ```swift
/// let control = StreamControl()
/// handler.control = control
/// // later, from a key press:
/// control.stop()
/// ```
public final class StreamControl: Sendable {
    private struct State {
        var stopped = false
        var cancel: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// Creates a control for one request (and its reconnections).
    public init() {}

    /// Stops the stream: the read in progress ends at once.
    public func stop() {
        let cancel = state.withLock { state in
            state.stopped = true
            return state.cancel
        }
        cancel?()
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Registers how to end the read in progress; `nil` when the stream is already stopped.
    func attach(_ cancel: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.stopped else { return false }
            state.cancel = cancel
            return true
        }
    }

    /// Forgets the read that ended.
    func detach() {
        state.withLock { $0.cancel = nil }
    }
}
