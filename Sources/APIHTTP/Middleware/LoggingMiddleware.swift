import Foundation
public import Logging

/// Logs every request and response through swift-log, redacted.
///
/// A request logs at `debug` with its method, redacted URL and redacted headers; a response at
/// `info` with status, time and size; a failure at `warning` with its kind. Bodies are never
/// logged. Put it last in a chain to log every retry attempt.
///
/// ```swift
/// LoggingMiddleware(logger: Logger(label: "apiexplore.http"), redaction: profile.redaction)
/// // info: GET https://api.example.com/users?access_token=•••• -> 200 OK in 35 ms, 1204 bytes
/// ```
public struct LoggingMiddleware: Middleware {
    /// Where lines go.
    public let logger: Logger
    /// What is masked in URLs and headers.
    public let redaction: Redaction

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - logger: The logger.
    ///   - redaction: What to mask; the defaults (`Authorization`, `Cookie`, `access_token`, …) always apply.
    public init(logger: Logger, redaction: Redaction = Redaction()) {
        self.logger = logger
        self.redaction = redaction
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        let redaction = self.redaction.merging(Redaction(headers: Array(request.redactedHeaderNames)))
        let line = "\(request.method) \(redaction.redact(url: request.url))"
        logger.debug(
            "\(line)",
            metadata: [
                "headers": .array(
                    redaction.redact(headers: request.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
                        .map { .string("\($0.name): \($0.value)") })
            ])
        do {
            let response = try await next(request)
            let milliseconds = Int((response.timing.total / .milliseconds(1)).rounded())
            logger.info(
                "\(line) -> \(response.status) \(response.reason) in \(milliseconds) ms, \(response.body.count) bytes")
            return response
        } catch {
            // The message is the cause (TLS reason, errno), never the request; the line above is redacted.
            logger.warning("\(line) failed: \(error.kind)\(error.message.isEmpty ? "" : " (\(error.message))")")
            throw error
        }
    }
}
