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

    /// Reads a response's whole body, refusing it as soon as it passes `limit`, by `deadline`.
    ///
    /// AsyncHTTPClient's deadline stops at the response head, so a body that trickles in would
    /// outlive the total timeout. The body is read by a task of its own, which `deadlines` cancels
    /// at the deadline unless the body was complete by then. (The read timeout still bounds each
    /// silence within the body.) The task starts on the caller's thread (`Task.immediate`): a small
    /// body usually arrived with the head, and is then read without a hop to another thread.
    ///
    /// - Throws: ``BodyLimitExceeded``; `HTTPClientError.deadlineExceeded` when the deadline passed;
    ///   what the body stream throws (the connection closed, cancellation of the caller).
    static func collect(
        _ response: HTTPClientResponse, limit: Int, deadline: NIODeadline, deadlines: DeadlineWatch,
        progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws -> [UInt8] {
        // A content coding makes Content-Length the compressed size: no promise about the decoded body.
        let decoded = response.headers.contains(name: "content-encoding")
        let expected =
            decoded
            ? nil : response.headers.first(name: "content-length").flatMap { Int($0) }
        if let expected, expected > limit {
            throw BodyLimitExceeded(limit: limit, message: "Content-Length announces \(expected) bytes")
        }
        let read: @Sendable () async throws -> [UInt8] = {
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
            return bytes
        }
        let reader = startReader(read)
        let watch = deadlines.start(until: deadline) { reader.cancel() }
        defer { deadlines.end(watch) }
        do {
            return try await withTaskCancellationHandler {
                try await reader.value
            } onCancel: {
                reader.cancel()
            }
        } catch let error as BodyLimitExceeded {
            throw error
        } catch {
            if !Task.isCancelled, NIODeadline.now() >= deadline { throw HTTPClientError.deadlineExceeded }
            throw error
        }
    }

    /// Starts the task that reads a body: on the caller's thread until its first suspension where the
    /// standard library has `Task.immediate` (Swift 6.2; macOS 26), else as a task of its own.
    private static func startReader(
        _ read: @escaping @Sendable () async throws -> [UInt8]
    ) -> Task<[UInt8], any Error> {
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                return Task.immediate(operation: read)
            }
        #endif
        return Task(operation: read)
    }
}
