import AsyncHTTPClient
package import Foundation
package import NIOCore
import NIOHTTP1
import Synchronization

/// A document fetched over http(s) by a caller that cannot wait asynchronously (an importer following a
/// remote `$ref` while it reads a description): at most ``maximumBytes``, within ``timeout``, without
/// following a redirect to another host.
///
/// ```swift
/// let bytes = try RemoteDocument.fetch(URL(string: "https://example.com/params.yaml")!)
/// ```
package enum RemoteDocument {
    /// The largest document accepted: 16 MiB.
    package static let maximumBytes = 16 << 20
    /// The longest a fetch may take: 30 seconds.
    package static let timeout: TimeAmount = .seconds(30)

    /// A fetch that failed: what and why, with the URL (never its query, which may hold a key).
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The document at `url`.
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL.
    ///   - maximumBytes: The most bytes accepted.
    ///   - timeout: The longest the whole fetch may take.
    /// - Throws: ``Failure`` for another scheme, a transport error, a non-2xx status, a body over the
    ///   limit or a fetch over the time limit.
    package static func fetch(_ url: URL, maximumBytes: Int = maximumBytes, timeout: TimeAmount = timeout)
        throws(Failure)
        -> [UInt8]
    {
        let shown = (url.scheme ?? "") + "://" + (url.host ?? "") + (url.port.map { ":\($0)" } ?? "") + url.path
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw Failure(description: "\(shown): only http and https references are fetched")
        }
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10), read: timeout)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { shutDown(client) }
        let collector = BoundedCollector(limit: maximumBytes)
        let result: (status: HTTPResponseStatus, body: [UInt8])
        do {
            let request = try HTTPClient.Request(url: url.absoluteString, method: .GET)
            result = try client.execute(request: request, delegate: collector, deadline: .now() + timeout)
                .futureResult.wait()
        } catch {
            if collector.isTooBig { throw Failure(description: "\(shown) is larger than \(maximumBytes) bytes") }
            if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout {
                throw Failure(description: "\(shown) did not arrive within \(timeout.nanoseconds / 1_000_000) ms")
            }
            throw Failure(description: "cannot fetch \(shown): \(error)")
        }
        guard (200..<300).contains(Int(result.status.code)) else {
            throw Failure(
                description: "cannot fetch \(shown): HTTP \(result.status.code) \(result.status.reasonPhrase)")
        }
        return result.body
    }

    private static func shutDown(_ client: HTTPClient) {
        do {
            try client.syncShutdown()
        } catch {
            // Nothing is left to release once the fetch is over; the client's threads are shared.
            return
        }
    }
}

/// Collects a response body up to a limit, cancelling the request the moment it would pass it
/// (announced by `Content-Length` or counted as it arrives).
private final class BoundedCollector: HTTPClientResponseDelegate {
    typealias Response = (status: HTTPResponseStatus, body: [UInt8])

    private struct State {
        var status: HTTPResponseStatus = .ok
        var body: [UInt8] = []
        var tooBig = false
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the body passed the limit.
    var isTooBig: Bool { state.withLock { $0.tooBig } }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let announced = head.headers.first(name: "Content-Length").flatMap { Int($0) } ?? 0
        let tooBig = state.withLock { state in
            state.status = head.status
            state.tooBig = announced > limit
            return state.tooBig
        }
        if tooBig { task.cancel() }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let tooBig = state.withLock { state in
            guard !state.tooBig else { return true }
            guard state.body.count + buffer.readableBytes <= limit else {
                state.tooBig = true
                state.body = []
                return true
            }
            state.body += buffer.readableBytesView
            return false
        }
        if tooBig { task.cancel() }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try state.withLock { state in
            guard !state.tooBig else { throw RemoteDocument.Failure(description: "larger than \(limit) bytes") }
            return (state.status, state.body)
        }
    }
}
