import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// A response body refused for its size: announced, or found while it streamed.
struct BodyLimitExceeded: Error {
    /// The largest body accepted, in bytes.
    var limit: Int
    /// What was seen: the announced length, or how far the body had got.
    var message: String
}

extension HTTPTransport {
    /// The most capacity reserved from Content-Length before any of the body arrived.
    static let largestReservation = 16 * 1_048_576

    /// Reads a response's body: handed to `handler`'s reader as it arrives when the handler takes it,
    /// else collected whole, refused as soon as it passes `limit`; by `deadline` either way.
    ///
    /// AsyncHTTPClient's deadline stops at the response head, so a body that trickles in would
    /// outlive the total timeout. The body is read by a task of its own, which `deadlines` cancels
    /// at the deadline unless the body was complete by then; a body complete only after the deadline
    /// is refused too. (The read timeout still bounds each silence within the body.) The task starts on the caller's thread (`Task.immediate`): a small
    /// body usually arrived with the head, and is then read without a hop to another thread.
    ///
    /// A streamed body is never held here: its reader decides what the record keeps, and how it
    /// ended (complete, stopped, at its time limit, broken) is the reader's to judge.
    ///
    /// - Throws: ``BodyLimitExceeded``; ``ResponseStreamError`` from a reader; `HTTPClientError.deadlineExceeded`
    ///   when the deadline passed; what the body stream throws (the connection closed, cancellation of the caller).
    static func readBody(
        _ response: HTTPClientResponse, headers: [(name: String, value: String)], limit: Int,
        handler: (any ResponseBodyHandler)?, deadline: NIODeadline,
        deadlines: DeadlineWatch, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws -> (body: [UInt8], stream: StreamedBody?) {
        // A content coding makes Content-Length the compressed size: no promise about the decoded body.
        let decoded = response.headers.contains(name: "content-encoding")
        let expected =
            decoded
            ? nil : response.headers.first(name: "content-length").flatMap { Int($0) }
        if let handler {
            let head = ResponseHead(status: Int(response.status.code), headers: headers, announcedLength: expected)
            if let reader = try handler.reader(for: head) {
                let deadline = handler.timeLimit.map { NIODeadline.now() + TimeAmount($0) } ?? deadline
                return try await stream(
                    response, into: reader, control: handler.control, deadline: deadline, deadlines: deadlines,
                    progress: progress, expected: expected)
            }
        }
        if let expected, expected > limit {
            throw BodyLimitExceeded(limit: limit, message: "Content-Length announces \(expected) bytes")
        }
        let read: @Sendable () async throws -> (body: [UInt8], stream: StreamedBody?) = {
            var bytes: [UInt8] = []
            // A hint, not a promise: a lying Content-Length must not reserve the whole limit up front.
            bytes.reserveCapacity(min(expected ?? 0, largestReservation))
            for try await buffer in response.body {
                guard bytes.count + buffer.readableBytes <= limit else {
                    throw BodyLimitExceeded(
                        limit: limit,
                        message: "stopped after \(bytes.count) \(decoded ? "decompressed " : "")bytes; "
                            + "the next chunk has \(buffer.readableBytes)")
                }
                bytes.append(contentsOf: buffer.readableBytesView)
                progress?(ProgressReport(bytesReceived: bytes.count, expectedLength: expected))
            }
            return (bytes, nil)
        }
        let reader = startReader(read)
        let watch = deadlines.start(until: deadline) { reader.cancel() }
        defer { deadlines.end(watch) }
        do {
            let result = try await withTaskCancellationHandler {
                try await reader.value
            } onCancel: {
                reader.cancel()
            }
            // Both timers hand their cancellation to a task: AsyncHTTPClient's through the concurrency pool,
            // ours through the reader's. With that pool busy, a head or a whole body can arrive first.
            // Whatever came after the deadline is late all the same.
            if NIODeadline.now() >= deadline { throw HTTPClientError.deadlineExceeded }
            return result
        } catch let error as BodyLimitExceeded {
            throw error
        } catch {
            if !Task.isCancelled, NIODeadline.now() >= deadline { throw HTTPClientError.deadlineExceeded }
            throw error
        }
    }

    /// Hands a body to `reader` chunk by chunk, until it ends, the reader stops, `control` stops it or
    /// `deadline` passes; the reader's `finish` makes the record's body and summary.
    private static func stream(
        _ response: HTTPClientResponse, into reader: sending any ResponseBodyReader, control: StreamControl?,
        deadline: NIODeadline, deadlines: DeadlineWatch, progress: (@Sendable (ProgressReport) -> Void)?,
        expected: Int?
    ) async throws -> (body: [UInt8], stream: StreamedBody?) {
        let read = { () async throws -> (body: [UInt8], stream: StreamedBody?) in
            var count = 0
            var end = StreamEnd.complete
            do {
                for try await buffer in response.body {
                    count += buffer.readableBytes
                    let decision = try buffer.withUnsafeReadableBytes { bytes throws(ResponseStreamError) in
                        try reader.read(bytes)
                    }
                    progress?(ProgressReport(bytesReceived: count, expectedLength: expected))
                    if decision == .stop || control?.isStopped == true {
                        end = .stopped
                        break
                    }
                }
            } catch let error as ResponseStreamError {
                throw error
            } catch {
                if control?.isStopped == true {
                    end = .stopped
                } else if NIODeadline.now() >= deadline {
                    end = .timeLimit
                } else if Task.isCancelled || error is CancellationError {
                    throw error
                } else {
                    end = .broken(Self.brokenMessage(error))
                }
            }
            let (body, summary) = try reader.finish(end)
            return (body, summary)
        }
        let task = startReader(read)
        if let control, !control.attach({ task.cancel() }) { task.cancel() }
        let watch = deadlines.start(until: deadline) { task.cancel() }
        defer {
            deadlines.end(watch)
            control?.detach()
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Why a stream broke, in words: the connection closed, a read timed out.
    private static func brokenMessage(_ error: any Error) -> String {
        switch error as? HTTPClientError {
        case .remoteConnectionClosed?: "the connection closed before the body ended"
        case .readTimeout?: "no bytes within the read timeout"
        default: String(describing: error)
        }
    }

    /// Starts the task that reads a body: on the caller's thread until its first suspension where the
    /// standard library has `Task.immediate` (Swift 6.2; macOS 26), else as a task of its own.
    private static func startReader<Result: Sendable>(
        _ read: sending @escaping () async throws -> Result
    ) -> Task<Result, any Error> {
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                return Task.immediate(operation: read)
            }
        #endif
        return Task(operation: read)
    }
}
