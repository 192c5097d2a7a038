import APIDemoBackend
import APITesting
import Foundation
import RawHTTPTesting
import Synchronization
import Testing

@testable import APIHTTP

/// A body handed to a ``ResponseBodyReader`` as it arrives (a download, an event stream) goes over a
/// direct connection, through either transport: every byte that came before a broken connection
/// reaches the reader, however far behind it is; the time limit, a stop from outside, the caller's
/// cancellation and the reader's own errors end it as ``HTTPTransport``'s contract says.
@Suite("Streamed bodies through the transports")
struct StreamedBodyTransportTests {
    typealias Kind = DirectTransportTests.Kind

    /// Three events and half a fourth in chunks, each its own write, then the server hangs up
    /// (RFC 9112 §7.1: no last chunk).
    static let brokenStream = [
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
            + chunk("id: 1\ndata: one\n\n"),
        chunk("id: 2\ndata: two\n\n"), chunk("id: 3\ndata: three\n\n"), chunk("id: 4\ndata: fo"),
    ]

    static let brokenStreamBody = "id: 1\ndata: one\n\nid: 2\ndata: two\n\nid: 3\ndata: three\n\nid: 4\ndata: fo"

    static func chunk(_ text: String) -> String {
        String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n"
    }

    /// The reader is held on its first bytes until the server has closed the connection: whatever
    /// arrived meanwhile must still reach it, then the stream ends broken.
    @Test(arguments: Kind.allCases)
    func aReaderBehindAHangUpGetsEveryByteBeforeIt(kind: Kind) async throws {
        let server = try await RawHTTPServer(routes: ["*": .parts(Self.brokenStream)])
        defer { server.stop() }
        let collected = Collected()
        var request = HTTPRequestSpec(url: server.origin + "/events")
        request.bodyHandler = CollectingHandler(collected: collected) { [log = server.closedLog] in
            Self.waitForHangUp(log: log)
        }
        let record = try await DirectTransportTests.send(request, through: kind, loopbackConfiguration()).get()
        #expect(try server.closedConnections() == [1])
        #expect(String(decoding: record.body, as: UTF8.self) == Self.brokenStreamBody)
        #expect(record.stream?.end == .broken("the connection closed before the body ended"))
        #expect(record.stream?.byteCount == Self.brokenStreamBody.utf8.count)
    }

    /// Holds the calling thread until the server whose ``RawHTTPServer/closedLog`` is `log` has
    /// closed a connection: a condition, not a pause, bounded so that a server that never hangs up
    /// fails the test instead of holding it.
    static func waitForHangUp(log: URL) {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            do {
                if try !RawHTTPServer.closedConnections(in: log).isEmpty { return }
            } catch {
                Issue.record("reading the server's log: \(error)")
                return
            }
            usleep(2_000)
        }
        Issue.record("the server never hung up")
    }

    @Test(arguments: Kind.allCases)
    func aWholeStreamEndsCompleteAndReportsItsProgress(kind: Kind) async throws {
        let backend = try await DemoBackend.start()
        let collected = Collected()
        var request = HTTPRequestSpec(url: backend.baseURL + "/hazards/drip?chunks=20&interval_ms=0")
        request.bodyHandler = CollectingHandler(collected: collected)
        let reports = Mutex<[Int]>([])
        let transport = kind.make(loopbackConfiguration())
        let result = await Self.send(request, through: transport) { report in
            reports.withLock { $0.append(report.bytesReceived) }
        }
        await backend.stop()
        let record = try result.get()
        #expect(record.stream?.end == .complete)
        #expect(record.stream?.byteCount == record.body.count)
        #expect(!record.body.isEmpty)
        let seen = reports.withLock { $0 }
        #expect(seen.last == record.body.count)
        #expect(seen == seen.sorted(), "progress only grows")
    }

    /// A head at once, then a chunk every 100 ms for twenty seconds, from a process of its own.
    static func ticks() async throws -> RawHTTPServer {
        try await RawHTTPServer(routes: [
            "*": .parts(
                ["HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"]
                    + Array(repeating: chunk("tick\n"), count: 200), pause: 100)
        ])
    }

    /// A stream's time limit against the exchange's timeouts, and what shows it was the limit.
    struct TimeLimitCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let timeLimit: Duration
        let totalTimeout: Duration
        let readTimeout: Duration
        /// The stream may not end before this: the limit outlived the total timeout.
        var lastsAtLeast: Duration = .zero
        /// Fewer bytes than the twenty seconds of ticks: the limit ended it, not the server.
        var fewerBytesThan = Int.max
    }

    static let timeLimitCases = [
        // The time limit, not the total timeout, bounds a stream's body: it may run longer.
        TimeLimitCase(
            testDescription: "past the total timeout", timeLimit: .seconds(4), totalTimeout: .seconds(2),
            readTimeout: .seconds(30), lastsAtLeast: .seconds(4)),
        // A limit shorter than the read timeout ends a stream whose bytes keep coming.
        TimeLimitCase(
            testDescription: "sooner than the read timeout", timeLimit: .seconds(1), totalTimeout: .seconds(60),
            readTimeout: .seconds(30), fewerBytesThan: 200 * 5),
    ]

    @Test(arguments: timeLimitCases, Kind.allCases)
    func aStreamEndsAtItsTimeLimit(_ testCase: TimeLimitCase, kind: Kind) async throws {
        let server = try await Self.ticks()
        defer { server.stop() }
        var request = HTTPRequestSpec(url: server.origin + "/ticks")
        var handler = CollectingHandler(collected: Collected())
        handler.timeLimit = testCase.timeLimit
        request.bodyHandler = handler
        let configuration = loopbackConfiguration {
            $0.totalTimeout = testCase.totalTimeout
            $0.readTimeout = testCase.readTimeout
        }
        let started = ContinuousClock.now
        let record = try await DirectTransportTests.send(request, through: kind, configuration).get()
        let took = ContinuousClock.now - started
        #expect(record.stream?.end == .timeLimit)
        #expect(took >= testCase.lastsAtLeast, "ended at the time limit, not at the total timeout")
        #expect(!record.body.isEmpty)
        #expect(record.body.count < testCase.fewerBytesThan, "\(record.body.count) bytes")
    }

    @Test(arguments: Kind.allCases)
    func aStopFromOutsideEndsTheStreamStopped(kind: Kind) async throws {
        let backend = try await DemoBackend.start()
        let collected = Collected()
        let control = StreamControl()
        var request = HTTPRequestSpec(url: backend.baseURL + "/hazards/drip?chunks=200&interval_ms=50")
        var handler = CollectingHandler(collected: collected) {
            // From another thread, as the explorer's Esc key does.
            Thread.detachNewThread { control.stop() }
        }
        handler.control = control
        request.bodyHandler = handler
        let result = await DirectTransportTests.send(request, through: kind, loopbackConfiguration())
        await backend.stop()
        let record = try result.get()
        #expect(record.stream?.end == .stopped)
        #expect(control.isStopped)
    }

    @Test(arguments: Kind.allCases)
    func cancellingTheCallerCancelsTheStream(kind: Kind) async throws {
        let backend = try await DemoBackend.start()
        let (firstBytes, arrived) = AsyncStream.makeStream(of: Void.self)
        var request = HTTPRequestSpec(url: backend.baseURL + "/hazards/drip?chunks=200&interval_ms=50")
        request.bodyHandler = CollectingHandler(collected: Collected()) {
            arrived.yield()
            arrived.finish()
        }
        let sending = Task { await DirectTransportTests.send(request, through: kind, loopbackConfiguration()) }
        for await _ in firstBytes { break }
        sending.cancel()
        let result = await sending.value
        await backend.stop()
        guard case .failure(let error) = result else {
            Issue.record("the stream went on despite cancellation")
            return
        }
        #expect(error.kind == .cancelled, "\(error)")
    }

    @Test(arguments: Kind.allCases)
    func aReadersErrorFailsTheRequestWithItsKind(kind: Kind) async throws {
        let server = try await RawHTTPServer(routes: ["*": .parts(Self.brokenStream)])
        defer { server.stop() }
        var request = HTTPRequestSpec(url: server.origin + "/events")
        var handler = CollectingHandler(collected: Collected())
        handler.refusal = ResponseStreamError(kind: .invalidContent, message: "line 1: not an event")
        request.bodyHandler = handler
        let result = await DirectTransportTests.send(request, through: kind, loopbackConfiguration())
        guard case .failure(let error) = result else {
            Issue.record("the reader's refusal was lost")
            return
        }
        #expect(error.kind == .invalidContent)
        #expect(error.message == "line 1: not an event")
    }

    /// Sends `request` with progress reports through `transport`, then shuts it down.
    static func send(
        _ request: HTTPRequestSpec, through transport: any Transport & Sendable,
        progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> Result<HTTPResponseRecord, TransportError> {
        let result: Result<HTTPResponseRecord, TransportError>
        do throws(TransportError) {
            result = .success(try await transport.send(request, progress: progress))
        } catch {
            result = .failure(error)
        }
        await DirectTransportTests.shutdown(transport)
        return result
    }
}

/// What a ``CollectingReader`` read, shared with the test.
final class Collected: Sendable {
    let bytes = Mutex<[UInt8]>([])
    let reads = Mutex(0)
}

/// Takes every answer's body, collecting it; its first read runs `onFirstRead`, and with a
/// `refusal` every read throws it.
struct CollectingHandler: ResponseBodyHandler {
    let collected: Collected
    var onFirstRead: @Sendable () -> Void = {}
    var timeLimit: Duration?
    var control: StreamControl?
    var refusal: ResponseStreamError?

    init(collected: Collected, onFirstRead: @escaping @Sendable () -> Void = {}) {
        self.collected = collected
        self.onFirstRead = onFirstRead
    }

    func reader(for head: ResponseHead) throws(ResponseStreamError) -> (any ResponseBodyReader)? {
        CollectingReader(handler: self)
    }
}

/// Collects a body into its handler's ``Collected``.
final class CollectingReader: ResponseBodyReader {
    let handler: CollectingHandler

    init(handler: CollectingHandler) {
        self.handler = handler
    }

    func read(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) -> StreamDecision {
        if let refusal = handler.refusal { throw refusal }
        handler.collected.bytes.withLock { $0.append(contentsOf: bytes) }
        let reads = handler.collected.reads.withLock { reads in
            reads += 1
            return reads
        }
        if reads == 1 { handler.onFirstRead() }
        return .more
    }

    func finish(_ end: StreamEnd) throws(ResponseStreamError) -> (body: [UInt8], summary: StreamedBody) {
        let bytes = handler.collected.bytes.withLock { $0 }
        return (bytes, StreamedBody(byteCount: bytes.count, end: end, isWhole: true))
    }
}
