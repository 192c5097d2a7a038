import APIDemoBackend
import APITesting
import RawHTTPTesting
import Testing

@testable import APIHTTP

/// `DirectHTTP1Transport` (the load command's) keeps `HTTPTransport`'s contract: every hazard of the
/// demo backend and every answer no client should trust ends the same way through both, and its
/// connections are kept alive, reused, and replaced when the server drops them.
@Suite("Direct HTTP/1.1 transport")
struct DirectTransportTests {
    /// A transport under test.
    enum Kind: String, CaseIterable, Sendable {
        case asyncHTTPClient
        case direct

        func make(_ configuration: TransportConfiguration) -> any Transport & Sendable {
            switch self {
            case .asyncHTTPClient: HTTPTransport(configuration: configuration)
            case .direct: DirectHTTP1Transport(configuration: configuration)
            }
        }
    }

    /// A request to the demo backend and how it must end.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Ending: Sendable {
            case status(Int)
            case failure(TransportError.Kind)
        }

        let name: String
        let path: String
        var configure: @Sendable (inout TransportConfiguration) -> Void = { _ in }
        var maximumBodySize: Int?
        let ending: Ending

        var testDescription: String { name }
    }

    static let demoCases: [Case] = [
        Case(name: "a JSON answer", path: "/cmd/users/1001", ending: .status(200)),
        Case(name: "an error status is a response", path: "/hazards/html503", ending: .status(503)),
        Case(name: "a gzip body arrives decompressed", path: "/hazards/gzip", ending: .status(200)),
        Case(name: "redirects are followed", path: "/hazards/redirect?n=2", ending: .status(200)),
        Case(
            name: "past the redirect limit", path: "/hazards/redirect?n=3", configure: { $0.redirectLimit = 2 },
            ending: .failure(.redirectLimit)),
        Case(
            name: "an announced length over the limit", path: "/hazards/large?size=50000000",
            configure: { $0.maximumBodySize = 10_000 }, ending: .failure(.tooLarge(limit: 10_000))),
        Case(
            name: "a chunked body over the request's limit", path: "/hazards/drip?chunks=5000&interval_ms=0",
            maximumBodySize: 1_000, ending: .failure(.tooLarge(limit: 1_000))),
        Case(
            name: "a decompression bomb", path: "/hazards/gzip-bomb?size=8388608",
            ending: .failure(.decompressionRatio(limit: 100))),
        Case(name: "a truncated body", path: "/hazards/truncated", ending: .failure(.truncatedBody)),
        Case(name: "closed without an answer", path: "/hazards/reset", ending: .failure(.connectionClosed)),
        Case(
            name: "the total timeout", path: "/hazards/slow?delay_ms=5000",
            configure: { $0.totalTimeout = .milliseconds(200) }, ending: .failure(.timeout(.total))),
        Case(
            name: "the read timeout", path: "/hazards/slow?delay_ms=5000",
            configure: { $0.readTimeout = .milliseconds(200) }, ending: .failure(.timeout(.read))),
        Case(
            name: "the read timeout while the body trickles", path: "/hazards/drip?chunks=5&interval_ms=5000",
            configure: { $0.readTimeout = .milliseconds(200) }, ending: .failure(.timeout(.read))),
    ]

    @Test(arguments: demoCases, Kind.allCases)
    func endsAsTheContractSays(_ testCase: Case, kind: Kind) async throws {
        let backend = try await DemoBackend.start()
        var configuration = loopbackConfiguration()
        testCase.configure(&configuration)
        var request = HTTPRequestSpec(url: backend.baseURL + testCase.path)
        request.maximumBodySize = testCase.maximumBodySize
        let result = await Self.send(request, through: kind, configuration)
        switch (testCase.ending, result) {
        case (.status(let status), .success(let record)):
            #expect(record.status == status)
            // Byte for byte what AsyncHTTPClient got, decompressed and after the redirects.
            let expected = try await Self.send(request, through: .asyncHTTPClient, configuration).get()
            #expect(record.body == expected.body)
            #expect(record.redirects.map(\.location) == expected.redirects.map(\.location))
        case (.failure(let kind), .failure(let error)):
            #expect(error.kind == kind, "\(error)")
            #expect(error.request.hasPrefix("GET http://127.0.0.1:"))
        case (_, .success(let record)):
            Issue.record("expected a failure, got HTTP \(record.status)")
        case (_, .failure(let error)):
            Issue.record("expected HTTP, got \(error)")
        }
        await backend.stop()
    }

    /// Answers a raw peer sends that no client should trust, through both transports.
    @Test(
        arguments: [
            ("HTTP/1.1 000 OK\r\nContent-Length: 5\r\n\r\nhello", TransportError.Kind.invalidContent),
            ("HTTP/1.1 042 Odd\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", .invalidContent),
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf", .truncatedBody),
            ("not HTTP at all\r\n\r\n", .invalidContent),
        ], Kind.allCases)
    func refusesWhatNoClientShouldTrust(answer: (raw: String, ending: TransportError.Kind), kind: Kind) async throws {
        let (raw, ending) = answer
        let server = try await RawHTTPServer(routes: ["*": .raw(raw)])
        defer { server.stop() }
        let result = await Self.send(HTTPRequestSpec(url: server.origin + "/x"), through: kind, loopbackConfiguration())
        guard case .failure(let error) = result else {
            Issue.record("expected \(ending), got an answer")
            return
        }
        #expect(error.kind == ending, "\(error)")
    }

    @Test func informationalAnswersLeadToTheFinalOne() async throws {
        let server = try await RawHTTPServer(routes: [
            "*": .raw(
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        ])
        defer { server.stop() }
        let record = try await Self.withDirect {
            try await $0.send(HTTPRequestSpec(url: server.origin + "/x"), progress: nil)
        }
        #expect(record.status == 200)
        #expect(record.body == Array("ok".utf8))
    }

    /// A `HEAD` answer announces the length a `GET` would have: no body follows, so no limit applies.
    @Test func aHeadAnswerAnnouncingALargeBodyIsNotTooLarge() async throws {
        let server = try await RawHTTPServer(routes: [
            "*": .raw("HTTP/1.1 200 OK\r\nContent-Length: 50000000\r\nConnection: close\r\n\r\n")
        ])
        defer { server.stop() }
        let record = try await Self.withDirect(loopbackConfiguration { $0.maximumBodySize = 1_000 }) {
            try await $0.send(HTTPRequestSpec(method: "HEAD", url: server.origin + "/big"), progress: nil)
        }
        #expect(record.status == 200)
        #expect(record.body.isEmpty)
        #expect(record.header("Content-Length") == "50000000")
    }

    @Test func keepsOneConnectionForRequestsInTurn() async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "kept", keep: 100)])
        defer { server.stop() }
        try await Self.withDirect { transport in
            for _ in 0..<5 {
                let record = try await transport.send(HTTPRequestSpec(url: server.origin + "/kept"), progress: nil)
                #expect(record.body == Array("kept".utf8))
            }
        }
        let received = try server.received()
        #expect(received.count == 5)
        #expect(Set(received.map(\.connection)) == [1])
    }

    /// A transport let go without `shutdown()` (its owner threw first) closes its idle connection:
    /// the server sees the client hang up, where it would otherwise wait for the next request.
    @Test func aTransportLetGoWithoutShutdownClosesItsIdleConnection() async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "kept", keep: 100)])
        defer { server.stop() }
        var transport: DirectHTTP1Transport? = DirectHTTP1Transport(configuration: loopbackConfiguration())
        let record = try await transport?.send(HTTPRequestSpec(url: server.origin + "/kept"), progress: nil)
        #expect(record?.body == Array("kept".utf8))
        #expect(try server.closedConnections().isEmpty)
        transport = nil
        StreamedBodyTransportTests.waitForHangUp(log: server.closedLog)
        #expect(try server.closedConnections() == [1])
    }

    /// The server answers once, then reads the next request on that connection and closes it
    /// unanswered: with a FIN, or with a reset (a server whose idle timer fired as the request came).
    @Test(arguments: [false, true])
    func sendsARequestAgainWhenTheServerDroppedItsConnection(reset: Bool) async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "fresh", keep: 1, reset: reset)])
        defer { server.stop() }
        try await Self.withDirect { transport in
            for _ in 0..<2 {
                let record = try await transport.send(HTTPRequestSpec(url: server.origin + "/x"), progress: nil)
                #expect(record.body == Array("fresh".utf8))
            }
        }
        let received = try server.received()
        #expect(received.map(\.connection) == [1, 1, 2])
        #expect(received.map(\.answered) == [true, false, true])
    }

    @Test func opensANewConnectionAfterConnectionClose() async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "once")])
        defer { server.stop() }
        try await Self.withDirect { transport in
            for _ in 0..<3 {
                _ = try await transport.send(HTTPRequestSpec(url: server.origin + "/x"), progress: nil)
            }
        }
        let received = try server.received()
        #expect(received.map(\.connection) == [1, 2, 3])
        #expect(received.allSatisfy { $0.answered })
    }

    @Test func writesTheBodyHostAndLengthAsRFC9112Says() async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("201 Created", body: "{}", keep: 10)])
        defer { server.stop() }
        var post = HTTPRequestSpec(
            method: "POST", url: server.origin + "/things?tag=a%20b",
            headers: [(name: "Content-Type", value: "application/json"), (name: "Content-Length", value: "999")])
        post.body = Array(#"{"name":"名前"}"#.utf8)
        let (record, empty) = try await Self.withDirect { transport in
            (
                try await transport.send(post, progress: nil),
                try await transport.send(HTTPRequestSpec(method: "PUT", url: server.origin + "/empty"), progress: nil)
            )
        }
        #expect(record.status == 201)
        #expect(empty.status == 201)
        let received = try server.received()
        try #require(received.count == 2)
        #expect(received[0].method == "POST")
        #expect(received[0].target == "/things?tag=a%20b")
        #expect(received[0].body == #"{"name":"名前"}"#)
        #expect(received[0].header("Content-Length") == String(post.body?.count ?? -1))
        #expect(received[0].header("Host") == "127.0.0.1:\(server.port)")
        #expect(received[0].header("Content-Type") == "application/json")
        #expect(received[1].header("Content-Length") == "0")
    }

    /// A header HTTP cannot carry (a value read from a file with its line break) is refused before
    /// anything is written, naming the header and never its value, through both transports.
    @Test(arguments: Kind.allCases)
    func refusesAHeaderHTTPCannotCarry(kind: Kind) async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "sent")])
        defer { server.stop() }
        let request = HTTPRequestSpec(
            url: server.origin + "/x", headers: [(name: "X-Token", value: "secret-value\rtail")])
        let result = await Self.send(request, through: kind, loopbackConfiguration())
        guard case .failure(let error) = result else {
            Issue.record("a header with a carriage return was sent")
            return
        }
        #expect(error.kind == .invalidRequest, "\(error)")
        #expect(error.message.contains("X-Token"), "\(error)")
        #expect(!error.description.contains("secret-value"), "\(error)")
        #expect(try server.received().isEmpty)
    }

    @Test func speaksTLSAndVerifiesUnlessTold() async throws {
        let server = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "secure", keep: 10)], tls: true)
        defer { server.stop() }
        let refused = await Self.send(
            HTTPRequestSpec(url: server.origin + "/x"), through: .direct, loopbackConfiguration())
        guard case .failure(let error) = refused else {
            Issue.record("a self-signed certificate was accepted")
            return
        }
        #expect(error.kind == .tls)
        try await Self.withDirect(loopbackConfiguration { $0.verifiesTLS = false }) { trusting in
            for _ in 0..<2 {
                let record = try await trusting.send(HTTPRequestSpec(url: server.origin + "/x"), progress: nil)
                #expect(record.body == Array("secure".utf8))
            }
        }
        #expect(try server.received().filter(\.answered).map(\.connection) == [2, 2])
    }

    @Test func aRefusedPortAndABadURLFailAsTheOtherTransportSays() async throws {
        let closed = try ClosedPort()
        let refused = await Self.send(
            HTTPRequestSpec(url: closed.baseURL + "/x?access_token=abc"), through: .direct, loopbackConfiguration())
        let invalid = await Self.send(
            HTTPRequestSpec(url: "ftp://127.0.0.1/file"), through: .direct, loopbackConfiguration())
        guard case .failure(let refusal) = refused, case .failure(let invalidity) = invalid else {
            Issue.record("expected two failures")
            return
        }
        #expect(refusal.kind == .refused)
        #expect(refusal.request == "GET http://127.0.0.1:\(closed.port)/x?access_token=••••")
        #expect(invalidity.kind == .invalidRequest)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let backend = try await DemoBackend.start()
        let request = HTTPRequestSpec(url: backend.baseURL + "/hazards/slow?delay_ms=5000")
        let task = Task { await Self.send(request, through: .direct, loopbackConfiguration()) }
        // Whether the cancellation lands before or after the request is written, the outcome is the same.
        task.cancel()
        let result = await task.value
        await backend.stop()
        guard case .failure(let error) = result else {
            Issue.record("the request finished despite cancellation")
            return
        }
        #expect(error.kind == .cancelled)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/users/1?page=2", "127.0.0.1", 8080, "/users/1?page=2", "127.0.0.1:8080"),
        ("https://api.example.com", "api.example.com", 443, "/", "api.example.com"),
        ("HTTP://Example.com:80/a%20b", "Example.com", 80, "/a%20b", "Example.com"),
        ("http://[::1]:9/x", "::1", 9, "/x", "[::1]:9"),
    ])
    func parsesWhereARequestGoesAndWhatItAsksFor(
        url: String, host: String, port: Int, requestTarget: String, hostField: String
    ) throws {
        let target = try #require(DirectTarget(url: url))
        #expect(target.origin.host == host)
        #expect(target.origin.port == port)
        #expect(target.requestTarget == requestTarget)
        #expect(target.origin.hostField == hostField)
    }

    @Test(arguments: ["ftp://127.0.0.1/file", "http:///path", "not a url", "http://127.0.0.1:0/"])
    func refusesWhatItCannotSend(url: String) {
        #expect(DirectTarget(url: url) == nil)
    }

    /// Sends `request` through a new transport of `kind`, shut down whatever happens.
    static func send(
        _ request: HTTPRequestSpec, through kind: Kind, _ configuration: TransportConfiguration
    ) async -> Result<HTTPResponseRecord, TransportError> {
        let transport = kind.make(configuration)
        let result: Result<HTTPResponseRecord, TransportError>
        do throws(TransportError) {
            result = .success(try await transport.send(request, progress: nil))
        } catch {
            result = .failure(error)
        }
        await shutdown(transport)
        return result
    }

    /// Runs `body` with a direct transport and shuts it down whatever happens: a transport left
    /// running stops the test process (AsyncHTTPClient's client, its fallback, traps in debug).
    static func withDirect<T>(
        _ configuration: TransportConfiguration = loopbackConfiguration(),
        _ body: (DirectHTTP1Transport) async throws -> T
    ) async throws -> T {
        let transport = DirectHTTP1Transport(configuration: configuration)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(transport))
        } catch {
            result = .failure(error)
        }
        await shutdown(transport)
        return try result.get()
    }

    static func shutdown(_ transport: any Transport) async {
        do {
            switch transport {
            case let transport as HTTPTransport: try await transport.shutdown()
            case let transport as DirectHTTP1Transport: try await transport.shutdown()
            default: Issue.record("no way to shut down \(type(of: transport))")
            }
        } catch {
            Issue.record("shutting down: \(error)")
        }
    }
}
