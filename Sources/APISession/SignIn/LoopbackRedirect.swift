import APIClient
import APIHTTP
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The loopback end of the authorization-code flow (RFC 8252 §7.3): a one-shot HTTP server on
/// `127.0.0.1` that waits for the browser to come back to `/callback` with the code.
enum LoopbackRedirect {
    /// What the browser brought back.
    struct Callback: Sendable {
        var code: String?
        var state: String?
        var error: String?
    }

    /// Starts the listener, hands its redirect URI to `ready` (which shows the authorization URL),
    /// and returns the first callback that carries `state`; gives up after `timeout`, or when the
    /// calling task is cancelled.
    ///
    /// A request with another state (a stray page, another local process) is answered 400 and
    /// does not end the wait; the page says what happened.
    static func receive(
        port: Int, state: String, timeout: Duration, ready: @escaping @Sendable (String) async -> Void
    ) async throws(TransportError) -> Callback {
        let (callbacks, callbackContinuation) = AsyncStream<Callback>.makeStream()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let router = Router()
        router.get("/callback") { request, _ -> Response in
            let query = request.uri.queryParameters
            let callback = Callback(
                code: query["code"].map(String.init), state: query["state"].map(String.init),
                error: query["error"].map(String.init))
            func page(_ status: HTTPResponse.Status, _ text: String) -> Response {
                Response(
                    status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "apiexplore: \(text)\n")))
            }
            guard callback.state == state else {
                return page(.badRequest, "this answer is not for the sign-in under way (its state differs).")
            }
            callbackContinuation.yield(callback)
            if callback.code == nil {
                return page(.ok, "the sign-in was refused; see the terminal. You can close this tab.")
            }
            return page(.ok, "signed in. You can close this tab.")
        }
        var logger = Logger(label: "apiexplore.oauth-redirect")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? port)
                portContinuation.finish()
            }, logger: logger)
        // A graceful shutdown lets the browser's request finish before the listener goes away.
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let server = Task {
            // A bind failure ends the run before it is ready: the wait for the port must end too.
            defer { portContinuation.finish() }
            try await group.run()
        }
        var bound: Int?
        for await value in ports {
            bound = value
            break
        }
        guard let bound else {
            server.cancel()
            let reason: String
            do {
                try await server.value
                reason = "it stopped"
            } catch {
                reason = "\(error)"
            }
            throw TransportError(kind: .signIn, request: "", message: "the loopback redirect did not start: \(reason)")
        }
        await ready("http://127.0.0.1:\(bound)/callback")
        let waiter = Task { () -> Callback? in
            for await callback in callbacks { return callback }
            return nil
        }
        let clock = Task {
            try await Task.sleep(for: timeout)
            callbackContinuation.finish()
        }
        // Cancelling the caller (Esc, Ctrl-C) ends the wait at once.
        let received = await withTaskCancellationHandler {
            await waiter.value
        } onCancel: {
            callbackContinuation.finish()
        }
        clock.cancel()
        await group.triggerGracefulShutdown()
        // A browser that sent half a request must not hold the sign-in: five seconds, then stop.
        let shutdownLimit = Task {
            try await Task.sleep(for: .seconds(5))
            server.cancel()
        }
        let stopped = await server.result
        shutdownLimit.cancel()
        if Task.isCancelled {
            throw TransportError(kind: .cancelled, request: "", message: "cancelled while waiting for the browser")
        }
        if case .failure(let error) = stopped, !(error is CancellationError) {
            throw TransportError(kind: .signIn, request: "", message: "the loopback redirect failed: \(error)")
        }
        guard let callback = received else {
            throw TransportError(
                kind: .signIn, request: "", message: "no browser came back to the loopback redirect within \(timeout)")
        }
        return callback
    }
}
