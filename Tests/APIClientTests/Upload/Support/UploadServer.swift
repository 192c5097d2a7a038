import APIClientTesting
import APIDemoBackend
import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Runs the demo backend on 127.0.0.1 with a port the system picks, for the duration of `body`.
func withUploadServer(_ body: (String) async throws -> Void) async throws {
    try await withDemoBackend { backend, _ in try await body(backend.baseURL) }
}

/// A reply's status and body text.
struct Reply {
    var status: HTTPResponseStatus
    var text: String
}

/// POSTs `body` to `/upload` with `contentType`, on a client of its own: the shared client's pool can
/// hold a connection to an earlier test's backend whose port this one now has, closed by a server
/// that is gone ("I/O on closed channel").
func postUpload(to baseURL: String, contentType: String?, body: HTTPClientRequest.Body) async throws -> Reply {
    var request = HTTPClientRequest(url: "\(baseURL)/upload")
    request.method = .POST
    if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
    request.body = body
    let client = HTTPClient(eventLoopGroupProvider: .singleton)
    do {
        let response = try await client.execute(request, timeout: .seconds(300))
        let text = try await response.body.collect(upTo: 1 << 20)
        try await client.shutdown()
        return Reply(status: response.status, text: String(buffer: text))
    } catch {
        try await client.shutdown()
        throw error
    }
}
