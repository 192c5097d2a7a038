package import APIClient
import APIHTTP
package import APIHistory
package import APIImport
import APIMapping
import APIServing
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// A server answering for one profile from its recorded exchanges (`apiexplore serve-mock`):
/// each request gets the newest recorded exchange that ``MockMatcher`` says answers it, replayed
/// as stored (``MockResponse/replay(_:queryNames:)``), so front-end work goes on offline against real shapes.
///
/// Exchanges that cannot be replayed are passed over for older ones: those with no response (a
/// transport failure) and those whose body history cut at its size limit. When only such
/// exchanges match, the answer is 502; when none matches, 404; both with a JSON body naming the
/// endpoints and what was tried. Each endpoint's history is read newest first, in pages of 200,
/// at most ``maximumExamined`` exchanges per request and endpoint; past that, the newest 1,000
/// exchanges whose URL holds the request's path (``HistoryStore/search(_:limit:)``) are tried too, so
/// an old recording of a rarely asked path parameter is still found.
///
/// ```swift
/// let server = MockServer(profile: demo, store: store)
/// try await server.run(port: 8765) { port in print("http://127.0.0.1:\(port)") }
/// // GET /cmd/users/1002                      → the newest recorded answer for id 1002
/// // GET /cmd/users/1002?_outcome=business-failure → the newest recorded business failure
/// ```
package struct MockServer: Sendable {
    /// The rules requests are matched by.
    package let matcher: MockMatcher
    /// The history recordings are read from; `nil` when only a description answers
    /// (`serve-mock --openapi FILE` without a profile).
    package let store: HistoryStore?
    /// The description that checks every request and answers those no recording answers
    /// (`--openapi`); `nil` for recordings only.
    package var contract: OpenAPIContract?
    /// Hears each request the description refused, in words (`serve-mock` prints them on standard error).
    package var onRefusal: (@Sendable (String) -> Void)?
    /// The most recorded exchanges examined per request and endpoint; default 5,000.
    package var maximumExamined: Int
    /// The browser origin allowed to read the answers (`http://localhost:3000`, or `*`), which
    /// turns on CORS (``respond(method:target:headers:)``); `nil`, the default, sends no CORS
    /// header, so a page of another origin cannot read the recordings (and one whose name was
    /// re-pointed at loopback is refused by its `Host`, ``acceptsHost(_:listeningOn:port:)``).
    package var allowedOrigin: String? = nil

    /// Creates a server for a profile's recordings.
    ///
    /// - Parameters:
    ///   - profile: The profile served.
    ///   - store: The history to replay from.
    ///   - maximumExamined: The most exchanges examined per request and endpoint.
    package init(profile: Profile, store: HistoryStore, maximumExamined: Int = 5000) {
        matcher = MockMatcher(profile: profile)
        self.store = store
        self.maximumExamined = maximumExamined
    }

    /// Creates a server answering from a description alone: every request is checked against it
    /// and answered with its examples.
    ///
    /// - Parameters:
    ///   - contract: The description.
    ///   - profile: A profile that names the mock in explanations (it has no recordings).
    package init(contract: OpenAPIContract, profile: Profile) {
        matcher = MockMatcher(profile: profile)
        store = nil
        maximumExamined = 0
        self.contract = contract
    }

    /// The answer to one request, without a network: what the server sends.
    ///
    /// ```swift
    /// let response = await server.respond(method: "GET", target: "/cmd/users/1002")
    /// response.status  // 200
    /// ```
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - target: The path and query.
    /// - Returns: A replay, or a JSON explanation (400, 404, 500, 502).
    package func respond(method: String, target: String) async -> MockResponse {
        let profile = matcher.profile.name
        let request: MockRequest
        do {
            request = try MockRequest(method: method, target: target)
        } catch {
            return MockResponse.explanation(status: 400, error.description, [:])
        }
        let routes = matcher.routes(for: request)
        guard !routes.isEmpty, let store else {
            let endpoints = matcher.profile.endpoints.prefix(100).map {
                JSONValue.string("\($0.method) \($0.path.text)")
            }
            return MockResponse.explanation(
                status: 404, "no endpoint of profile '\(profile)' answers \(request.method) \(request.path)",
                ["profile": .string(profile), "endpoints": .array(Array(endpoints))])
        }
        var tried: [JSONValue] = []
        var unreplayable: [JSONValue] = []
        do {
            for route in routes {
                var examined = 0
                var before: Int64?
                while examined < maximumExamined {
                    let limit = min(200, maximumExamined - examined)
                    let page = try await store.entries(
                        HistoryQuery(
                            profile: profile, endpoint: route.endpoint.id, outcomes: request.outcome.map { [$0] } ?? [],
                            limit: limit, before: before))
                    examined += page.count
                    if let response = try await answer(page, route: route, request: request, &unreplayable) {
                        return response
                    }
                    guard let last = page.last, page.count == limit else { break }
                    before = last.id
                }
                if examined >= maximumExamined {
                    // Past the cap, an older exchange with these path parameters is found by its URL.
                    let found = try await store.search(request.path, limit: Self.searched).filter {
                        $0.profile == profile && $0.endpoint == route.endpoint.id
                            && (request.outcome == nil || $0.outcome == request.outcome)
                    }
                    examined += found.count
                    if let response = try await answer(found, route: route, request: request, &unreplayable) {
                        return response
                    }
                }
                tried.append(Self.attempt(route, request: request, examined: examined))
            }
        } catch {
            return MockResponse.explanation(status: 500, "reading the history failed: \(error.description)", [:])
        }
        let fields: KeyValuePairs<String, JSONValue> = [
            "profile": .string(profile), "tried": .array(tried), "passed_over": .array(Array(unreplayable.prefix(20))),
        ]
        if !unreplayable.isEmpty {
            return MockResponse.explanation(
                status: 502, "the recorded exchanges matching \(request.method) \(request.path) cannot be replayed",
                fields)
        }
        return MockResponse.explanation(
            status: 404, "no recorded exchange of profile '\(profile)' matches \(request.method) \(request.path)",
            fields)
    }

    /// How many of the newest exchanges whose URL holds the request's path are read past the cap.
    static let searched = 1000

    /// The replay of the first of `entries` that answers the request, noting those passed over.
    private func answer(
        _ entries: [HistoryEntry], route: MockMatcher.Route, request: MockRequest, _ unreplayable: inout [JSONValue]
    ) async throws(HistoryError) -> MockResponse? {
        guard let store else { return nil }
        for entry in entries {
            guard matcher.matches(MockCandidate(entry), route: route, request: request) else { continue }
            guard entry.httpStatus != nil else {
                let reason = "no response was recorded (\(entry.errorKind ?? entry.outcome.rawValue))"
                unreplayable.append(Self.passedOver(entry.id, reason))
                continue
            }
            guard let stored = try await store.exchange(id: entry.id) else { continue }
            guard !stored.isTruncated else {
                let reason = "history kept \(stored.responseBody.count) of its \(entry.responseSize) bytes"
                unreplayable.append(Self.passedOver(entry.id, reason))
                continue
            }
            return MockResponse.replay(stored, queryNames: matcher.profile.redaction.query)
        }
        return nil
    }

    private static func passedOver(_ id: Int64, _ reason: String) -> JSONValue {
        var object = JSONObject()
        object.append(key: "exchange", value: .number(JSONNumber(id)))
        object.append(key: "reason", value: .string(reason))
        return .object(object)
    }

    /// What one endpoint's search looked for.
    private static func attempt(_ route: MockMatcher.Route, request: MockRequest, examined: Int) -> JSONValue {
        var object = JSONObject()
        object.append(key: "endpoint", value: .string(route.endpoint.id))
        object.append(key: "path", value: .string("\(route.endpoint.method) \(route.endpoint.path.text)"))
        var parameters = JSONObject()
        for (name, value) in route.pathParameters.sorted(by: { $0.key < $1.key }) {
            parameters.append(key: name, value: .string(value))
        }
        object.append(key: "path_parameters", value: .object(parameters))
        object.append(
            key: "query", value: .array(request.query.map { .array([.string($0.name), .string($0.value)]) }))
        object.append(key: "outcome", value: request.outcome.map { .string($0.rawValue) } ?? .null)
        object.append(key: "examined", value: .number(JSONNumber(examined)))
        return .object(object)
    }

    /// Serves in the foreground until the task is cancelled or the process gets SIGINT or SIGTERM,
    /// which stop it gracefully.
    ///
    /// A request whose `Host` is not this server's (``acceptsHost(_:listeningOn:port:)``) is
    /// answered 421 (``misdirected(_:)``), so a page re-pointed at loopback cannot read the recordings.
    ///
    /// - Parameters:
    ///   - host: The address to bind; loopback by default.
    ///   - port: The port; 0 lets the system choose.
    ///   - onReady: Called with the bound port once the server accepts connections.
    /// - Throws: The bind error, or what stopped the server.
    package func run(
        host: String = "127.0.0.1", port: Int, onReady: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        var logger = Logger(label: "apiexplore.mock")
        logger.logLevel = .critical  // Stopping cancels open connections, which Hummingbird logs as errors.
        let server = self
        let bound = ListeningPort(port)
        let limits = ServerLimits.mock
        // Each answer reads the history, which takes its turn on one connection: a few at a time,
        // the rest waiting in order, so a thousand clients at once get answers and memory stays bounded.
        let gate = RequestGate(limit: limits.maximumConcurrentRequests ?? limits.maximumConnections)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let authority = request.head.authority
            let answer: MockResponse
            if Self.acceptsHost(authority, listeningOn: host, port: bound.value) {
                // Only a description checks bodies; without one the body is not read.
                let body = server.contract == nil ? [] : try await Self.body(of: request)
                answer = await gate.withTurn {
                    await server.respond(
                        method: request.method.rawValue, target: request.uri.string,
                        headers: request.headers.map { HTTPHeader(name: $0.name.rawName, value: $0.value) }, body: body)
                }
            } else {
                answer = Self.misdirected(authority)
            }
            var fields = HTTPFields()
            for header in answer.headers {
                if let name = HTTPFields.Element.Name(header.name) {
                    fields.append(HTTPFields.Element(name: name, value: header.value))
                }
            }
            return Response(
                status: HTTPResponse.Status(code: answer.status), headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        let app = Application(
            responder: responder, server: .limitedHTTP1(limits),
            configuration: limits.configuration(address: .hostname(host, port: port), serverName: "apiexplore-mock"),
            onServerRunning: { channel in
                let boundPort = channel.localAddress?.port ?? port
                bound.value = boundPort
                await onReady(boundPort)
            }, logger: logger)
        // Cancelling the task that runs the server shuts it down gracefully, as SIGINT and SIGTERM
        // do: cancelling the service group instead can leave an accepted connection that NIO
        // never hands over, which traps (swift-nio #3481).
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await withTaskCancellationHandler {
            try await group.run()
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }
}
