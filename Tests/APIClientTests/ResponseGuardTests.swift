import APIClient
import APIHTTP
import APITesting
import RawHTTPTesting
import Testing

/// Answers AsyncHTTPClient 1.37 would stop the process on become transport errors
/// (docs/decisions/0007-response-guard.md), and the answers it handles still pass.
@Suite("Response guard")
struct ResponseGuardTests {
    /// A status below 100 in every framing the client reads a body by.
    @Test(arguments: [
        ("000", "Content-Length: 5\r\n\r\nhello"),
        ("001", "Content-Length: 0\r\n\r\n"),
        ("042", "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
        ("099", "Connection: close\r\n\r\nto the close"),
    ])
    func aStatusBelow100IsAnInvalidResponse(status: String, rest: String) async throws {
        let server = try await RawHTTPServer(routes: ["*": .raw("HTTP/1.1 \(status) Odd\r\n" + rest)])
        defer { server.stop() }
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let error = await transportError(transport, HTTPRequestSpec(url: server.origin + "/x"))
        try await transport.shutdown()
        #expect(error?.kind == .invalidContent)
        #expect(error?.message == "the server answered with status \(status), and HTTP statuses start at 100")
    }

    @Test func theSameStatusOverTLSIsRefusedToo() async throws {
        let server = try await RawHTTPServer(
            routes: ["*": .raw("HTTP/1.1 000 OK\r\nContent-Length: 2\r\n\r\nno")], tls: true)
        defer { server.stop() }
        let transport = HTTPTransport(configuration: loopbackConfiguration { $0.verifiesTLS = false })
        let error = await transportError(transport, HTTPRequestSpec(url: server.origin + "/x"))
        try await transport.shutdown()
        #expect(error?.kind == .invalidContent)
    }

    @Test func informationalAnswersStillLeadToTheFinalOne() async throws {
        let server = try await RawHTTPServer(routes: [
            "*": .raw(
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        ])
        defer { server.stop() }
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let record = try await transport.send(HTTPRequestSpec(url: server.origin + "/x"))
        try await transport.shutdown()
        #expect(record.status == 200)
        #expect(record.body == Array("ok".utf8))
    }

    @Test func aSecondResponseOnTheConnectionNeverReachesTheClient() async throws {
        let server = try await RawHTTPServer(routes: [
            "*": .raw("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 000 OK\r\nContent-Length: 2\r\n\r\nno")
        ])
        defer { server.stop() }
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        // The first answer is complete before the second arrives, so it is the answer; the guard then
        // closes the connection under the second. A request the pool had already put on that closing
        // connection fails with a typed error; none may stop the process or see the second answer.
        let first = try await transport.send(HTTPRequestSpec(url: server.origin + "/x"))
        #expect(first.body == Array("ok".utf8))
        for _ in 0..<4 {
            do {
                let record = try await transport.send(HTTPRequestSpec(url: server.origin + "/x"))
                #expect(record.body == Array("ok".utf8))
            } catch {
                #expect([.invalidContent, .connectionClosed].contains(error.kind), "\(error)")
            }
        }
        try await transport.shutdown()
        #expect(try server.received().count >= 1)
    }
}
