import AsyncHTTPClient
import NIOCore

extension HTTPTransport {
    /// Reads a response body chunk by chunk, refusing it as soon as it passes `limit` and giving up at
    /// `deadline`.
    ///
    /// AsyncHTTPClient's deadline covers only the time until the response head, so the total timeout is
    /// enforced here for the body: a timer races the reader and the loser is cancelled (which cancels the
    /// request). The request's description is built only when an error needs it.
    static func collect(
        _ responseBody: HTTPClientResponse.Body,
        limit: Int,
        expectedLength: Int?,
        deadline: ContinuousClock.Instant,
        request: @escaping @Sendable () -> String,
        progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws -> [UInt8] {
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var body: [UInt8] = []
                body.reserveCapacity(min(expectedLength ?? 0, limit))
                for try await chunk in responseBody {
                    guard body.count + chunk.readableBytes <= limit else {
                        throw TransportError(
                            kind: .tooLarge(limit: limit),
                            request: request(),
                            message: "stopped after \(body.count) bytes; the next chunk has \(chunk.readableBytes)"
                        )
                    }
                    body.append(contentsOf: chunk.readableBytesView)
                    progress?(ProgressReport(bytesReceived: body.count, expectedLength: expectedLength))
                }
                return body
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: ContinuousClock())
                return nil
            }
            let first = try await group.next()
            group.cancelAll()
            guard let body = first ?? nil else {
                throw TransportError(
                    kind: .timeout(.total),
                    request: request(),
                    message: "the body was not complete when the total timeout expired"
                )
            }
            return body
        }
    }
}
