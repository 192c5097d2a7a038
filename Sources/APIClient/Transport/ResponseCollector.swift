import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

/// Collects one response for ``HTTPTransport`` on the connection's event loop: the head, then the body into one
/// growing array, refusing it as soon as it passes `limit`.
///
/// AsyncHTTPClient calls a delegate on the event loop for every part, and its deadline for a delegate request
/// covers the whole exchange, body included. So the total timeout needs no timer task racing the reader, and the
/// caller wakes up once per request, when the whole body is there (the async/await API wakes it for the head and
/// again for each body chunk). Returning a failed future from a callback fails the request and closes the
/// connection.
final class ResponseCollector: HTTPClientResponseDelegate {
    /// The response head, its arrival time, and the whole body.
    struct Collected: Sendable {
        var head: HTTPResponseHead
        var headersReceived: ContinuousClock.Instant
        var body: [UInt8]
    }

    /// Why the collector stopped a request; ``HTTPTransport`` turns it into a ``TransportError`` naming the request.
    struct Failure: Error {
        enum Kind {
            /// The body passed the limit, announced or while streaming.
            case tooLarge(limit: Int)
            /// AsyncHTTPClient finished without a response head (not expected to happen).
            case missingHead
        }

        var kind: Kind
        /// What was seen: the announced length, or how far the body had got.
        var message: String
    }

    private struct State {
        var head: HTTPResponseHead?
        var headersReceived: ContinuousClock.Instant?
        var expectedLength: Int?
        var body: [UInt8] = []
    }

    /// The most capacity reserved from Content-Length before any of the body arrived.
    static let largestReservation = 16 * 1_048_576

    private let limit: Int
    private let progress: (@Sendable (ProgressReport) -> Void)?
    // Only the event loop touches the state while the request runs; the lock makes that visible to the compiler
    // and costs an uncontended acquire per callback.
    private let state = Mutex(State())

    /// Creates a collector for one request.
    ///
    /// - Parameters:
    ///   - limit: The largest body accepted, in bytes.
    ///   - progress: Called on the event loop after each chunk, with the running total.
    init(limit: Int, progress: (@Sendable (ProgressReport) -> Void)?) {
        self.limit = limit
        self.progress = progress
    }

    /// Whether the final response head arrived, so a later failure happened while the body streamed.
    var receivedHead: Bool {
        state.withLock { $0.head != nil }
    }

    func didReceiveHead(task: HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let now = ContinuousClock.now
        // A content coding makes Content-Length the compressed size: no promise about the decoded body.
        let expected =
            head.headers.contains(name: "content-encoding")
            ? nil : head.headers.first(name: "content-length").flatMap { Int($0) }
        if let expected, expected > limit {
            return task.eventLoop.makeFailedFuture(
                Failure(kind: .tooLarge(limit: limit), message: "Content-Length announces \(expected) bytes"))
        }
        state.withLock { state in
            state.head = head
            state.headersReceived = now
            state.expectedLength = expected
            // A hint, not a promise: a lying Content-Length must not reserve the whole limit up front.
            state.body.reserveCapacity(min(expected ?? 0, Self.largestReservation))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Collected>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let limit = self.limit
        let reportsProgress = progress != nil
        let outcome = state.withLock { state -> Result<ProgressReport?, Failure> in
            guard state.body.count + buffer.readableBytes <= limit else {
                return .failure(
                    Failure(
                        kind: .tooLarge(limit: limit),
                        message: "stopped after \(state.body.count) bytes; the next chunk has \(buffer.readableBytes)"
                    ))
            }
            state.body.append(contentsOf: buffer.readableBytesView)
            return .success(
                reportsProgress
                    ? ProgressReport(bytesReceived: state.body.count, expectedLength: state.expectedLength) : nil)
        }
        switch outcome {
        case .success(let report):
            if let report, let progress {
                progress(report)
            }
            return task.eventLoop.makeSucceededVoidFuture()
        case .failure(let error):
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didReceiveError(task: HTTPClient.Task<Collected>, _ error: any Error) {
        // The task's future fails with the same error; ``HTTPTransport`` classifies it there.
    }

    func didFinishRequest(task: HTTPClient.Task<Collected>) throws -> Collected {
        try state.withLock { state in
            guard let head = state.head, let headersReceived = state.headersReceived else {
                throw Failure(kind: .missingHead, message: "the request finished without a response head")
            }
            var body: [UInt8] = []
            swap(&body, &state.body)
            return Collected(head: head, headersReceived: headersReceived, body: body)
        }
    }
}

extension TransportError {
    /// The error for a request the collector stopped.
    init(collecting failure: ResponseCollector.Failure, request: String) {
        switch failure.kind {
        case .tooLarge(let limit):
            self.init(kind: .tooLarge(limit: limit), request: request, message: failure.message)
        case .missingHead:
            self.init(kind: .invalidContent, request: request, message: failure.message)
        }
    }
}
