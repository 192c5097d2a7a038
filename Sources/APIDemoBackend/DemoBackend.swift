import APIServing
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird server that speaks every envelope family apiexplore knows, in success and failure,
/// plus a set of hostile transports (slow, truncated, reset, huge, gzip).
///
/// Each family lives under its own prefix: `/cmd`, `/gank`, `/indodax`, `/jsend`, `/slack`, `/github`,
/// `/feeds` and `/hazards`.
///
/// ```swift
/// let backend = try await DemoBackend.start()
/// // GET \(backend.baseURL)/cmd/users/1001 → {"code":0,"msg":"成功","data":{…}}
/// await backend.stop()
/// ```
package enum DemoBackend {
    /// How long ``RunningDemoBackend/stop()`` lets handlers finish before it cancels them.
    static let longestGracefulStop = Duration.seconds(2)

    /// Starts the backend in the background and returns once it accepts connections.
    ///
    /// Readiness is signalled by the server itself (no polling): the returned handle knows the bound port,
    /// which matters when `port` is 0 and the system picks one.
    ///
    /// ```swift
    /// let backend = try await DemoBackend.start(port: 0)
    /// print(backend.baseURL)  // http://127.0.0.1:41237
    /// ```
    ///
    /// - Parameters:
    ///   - host: The address to bind; loopback by default.
    ///   - port: The port to bind; 0 lets the system choose.
    /// - Returns: A handle to read the port from and to stop the server with.
    /// - Throws: ``DemoBackendError`` when the server stops before it is ready, or the bind error itself.
    package static func start(host: String = "127.0.0.1", port: Int = 0) async throws -> RunningDemoBackend {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = makeApplication(host: host, port: port) { channel in
            continuation.yield(channel.localAddress?.port ?? port)
            continuation.finish()
        }
        // Stopped by a graceful shutdown, which serves the connections already accepted: cancelling
        // the server can leave one that NIO never hands over, which traps (swift-nio #3481). A handler
        // still busy past the grace (a slow hazard whose client gave up) is then cancelled.
        var configuration = ServiceGroupConfiguration(services: [app], logger: app.logger)
        configuration.maximumGracefulShutdownDuration = longestGracefulStop
        let group = ServiceGroup(configuration: configuration)
        // On an event loop's executor, not the cooperative pool: a host that holds every thread of
        // the pool (a test helper waiting for a child process) must not silence its backend.
        let task = Task(executorPreference: EventLoopTaskExecutor.nextSharedLoop()) {
            defer { continuation.finish() }
            try await group.run()
        }
        for await boundPort in ports {
            return RunningDemoBackend(host: host, port: boundPort, group: group, task: task)
        }
        // The server ended before it was ready: report why.
        try await task.value
        throw DemoBackendError(message: "the demo backend stopped before accepting connections on \(host):\(port)")
    }

    /// Runs the backend in the foreground until the task is cancelled or the process gets SIGINT/SIGTERM.
    ///
    /// ```swift
    /// try await DemoBackend.run(port: 8080)  // apiexplore serve-demo
    /// ```
    ///
    /// - Parameters:
    ///   - host: The address to bind; loopback by default.
    ///   - port: The port to bind.
    ///   - onReady: Called with the bound port once the server accepts connections.
    /// - Throws: The bind error, or what stopped the server.
    package static func run(
        host: String = "127.0.0.1",
        port: Int,
        onReady: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let app = makeApplication(host: host, port: port) { channel in
            await onReady(channel.localAddress?.port ?? port)
        }
        try await app.runService()
    }

    /// The server: HTTP/1.0 and keep-alive as RFC 9112 says, ``ServerLimits/demo`` (connections,
    /// time per request, idle time, header sizes), and a `Host` check that refuses names other than
    /// loopback's and its own address (DNS rebinding).
    static func makeApplication(
        host: String,
        port: Int,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "apiexplore.demo-backend")
        logger.logLevel = .critical  // Stopping cancels open connections, which Hummingbird logs as errors.
        let listening = ListeningPort(port)
        let limits = ServerLimits.demo
        return Application(
            router: makeRouter(host: host, port: listening),
            server: .limitedHTTP1(limits),
            configuration: limits.configuration(address: .hostname(host, port: port), serverName: "apiexplore-demo"),
            onServerRunning: { channel in
                listening.value = channel.localAddress?.port ?? port
                await onServerRunning(channel)
            },
            logger: logger
        )
    }

    static func makeRouter(host: String, port: ListeningPort) -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self)
        // First: middleware applies only to the routes added after it.
        router.add(middleware: HostCheckMiddleware(listeningOn: host, port: port))
        addCodeMessageRoutes(to: router)
        addBusinessCodeRoutes(to: router)
        addJobRoutes(to: router)
        addSignInRoutes(to: router)
        addBehaviourRoutes(to: router)
        addGankRoutes(to: router)
        addIndodaxRoutes(to: router)
        addJSendRoutes(to: router)
        addSlackRoutes(to: router)
        addGitHubRoutes(to: router)
        addFeedRoutes(to: router)
        addHazardRoutes(to: router)
        addStreamRoutes(to: router)
        addPageRoutes(to: router)
        addUploadRoutes(to: router)
        addMediaRoutes(to: router)
        addDriftRoutes(to: router)
        addInventoryRoutes(to: router)
        addSignedLinkRoutes(to: router)
        return router
    }
}

/// A demo backend running in the background; stop it with ``stop()``.
package final class RunningDemoBackend: Sendable {
    /// The address the server is bound to.
    package let host: String
    /// The port the server is bound to (the chosen one when started with port 0).
    package let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(host: String, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.group = group
        self.task = task
    }

    /// The URL to prefix routes with, without a trailing slash: `http://127.0.0.1:41237`.
    package var baseURL: String { "http://\(host):\(port)" }

    /// Stops the server and waits until it is down: connections already accepted are served, idle
    /// ones closed, and a handler still running after ``DemoBackend/longestGracefulStop`` cancelled.
    ///
    /// ```swift
    /// await backend.stop()
    /// ```
    package func stop() async {
        await group.triggerGracefulShutdown()
        // Whatever the server reports while stopping (a handler cancelled past the grace) is moot.
        _ = await task.result
    }
}

/// Why the demo backend could not start.
package struct DemoBackendError: Error, CustomStringConvertible {
    /// What went wrong.
    package let message: String
    /// The message.
    package var description: String { message }
}
