public import APIHTTP
import APIMapping
import Foundation
public import Logging

/// Sends a profile's endpoints and evaluates the answers: the one call everything above the core
/// goes through.
///
/// ```swift
/// let client = ProfileClient(transport: HTTPTransport(), environment: ProcessInfo.processInfo.environment)
/// let exchange = try await client.call(profile: github, endpoint: "user", parameters: ["username": "octocat"])
/// exchange.evaluation.model?.node["login"]?.stringValue   // "octocat"
/// ```
///
/// Non-2xx responses are exchanges like any other (their bodies are evaluated); only failures to
/// get a response at all throw.
///
/// Every transport setting a profile has applies to its requests, over the transport's
/// configuration: `timeouts.connect`, `timeouts.read` and `timeouts.total`, `max_body_size`, and
/// `tls_verify: false` (a profile can turn verification off for itself, never back on for a
/// transport configured without it). A profile's settings affect only its own requests: the
/// transport sends them through a client of their own, created on first use (see `HTTPTransport`).
///
/// ```yaml
/// # profiles/staging.yaml
/// timeouts: {connect: 2s, read: 5s, total: 30s}
/// tls_verify: false    # a self-signed certificate on the staging host
/// ```
public struct ProfileClient: Sendable {
    /// The transport requests go through.
    public let transport: any Transport
    /// Where `${env:NAME}` values come from.
    public let environment: [String: String]
    /// The base URL `${demo:base_url}` stands for, when the demo backend runs.
    public let demoBaseURL: String?
    /// Middleware every request passes through, outermost first (retry, cache, auth…).
    public let middlewares: [any Middleware]
    /// Where requests are logged, redacted with each profile's rules; `nil` logs nothing.
    public let logger: Logger?
    /// The values of the secret sources (`${file:…}`, `${cmd:…}`, `${prompt:…}`) requests may read.
    public let secrets: [SecretSource: String]
    /// Time limits on every request (`--max-time`, `--connect-timeout`), over the profile's: the
    /// tighter of each applies.
    public let limits: RequestLimits
    /// Learns each request's secrets before it is sent, so a body that streams back as it arrives
    /// (a download, an event stream) is masked from its first byte; `nil` learns nothing.
    public let secretGate: SecretGate?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - transport: The HTTP transport.
    ///   - environment: Environment variables for templates; pass `ProcessInfo.processInfo.environment`.
    ///   - demoBaseURL: The running demo backend's base URL, for the demo profiles.
    ///   - middlewares: Middleware in front of the transport, outermost first.
    ///   - logger: Logs each attempt, innermost, redacted with the profile's rules.
    ///   - secrets: The values of the secret sources requests read, fetched by the caller.
    ///   - limits: Time limits on every request, over the profile's.
    ///   - secretGate: Learns each request's secrets before it is sent.
    public init(
        transport: any Transport, environment: [String: String], demoBaseURL: String? = nil,
        middlewares: [any Middleware] = [], logger: Logger? = nil, secrets: [SecretSource: String] = [:],
        limits: RequestLimits = RequestLimits(), secretGate: SecretGate? = nil
    ) {
        self.secretGate = secretGate
        self.secrets = secrets
        self.limits = limits
        self.transport = transport
        self.environment = environment
        self.demoBaseURL = demoBaseURL
        self.middlewares = middlewares
        self.logger = logger
    }

    /// Resolves, sends and evaluates one endpoint call.
    ///
    /// - Parameters:
    ///   - profile: The backend.
    ///   - endpoint: The endpoint id.
    ///   - parameters: Values for the endpoint's parameters.
    ///   - options: What this call changes: the page, the body, the envelope.
    ///   - progress: Receives download progress.
    /// - Returns: The exchange with its evaluation.
    /// - Throws: ``ClientError`` wrapping a ``ProfileError`` (unknown endpoint, missing parameter or
    ///   environment variable) or a `TransportError` (no response).
    public func call(
        profile: Profile, endpoint: String, parameters: [String: String] = [:], options: CallOptions = CallOptions(),
        progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws(ClientError) -> APIExchange {
        let request = try resolve(profile: profile, endpoint: endpoint, parameters: parameters, options: options)
        return try await exchange(
            request, profile: profile, endpoint: endpoint, uploadProgress: options.uploadProgress, progress: progress,
            streaming: options.streaming)
    }

    /// Resolves one endpoint call as ``call(profile:endpoint:parameters:options:progress:)`` sends
    /// it: templates filled, the page, body, envelope and time limits of `options` applied.
    ///
    /// - Throws: ``ClientError`` wrapping the ``ProfileError`` that stops the request from being built.
    package func resolve(
        profile: Profile, endpoint: String, parameters: [String: String], options: CallOptions
    ) throws(ClientError) -> ResolvedRequest {
        var request: ResolvedRequest
        do {
            request = try profile.resolveRequest(
                endpoint: endpoint, parameters: parameters.merging(options.page?.parameters ?? [:]) { $1 },
                environment: environment, demoBaseURL: demoBaseURL, secrets: secrets, fields: options.fields)
        } catch {
            throw .profile(error)
        }
        if let page = options.page {
            var authQuery: String?
            if case .query(let name, _)? = profile.auth { authQuery = name }
            request = request.applying(page, authQuery: authQuery)
        }
        request = request.applying(options.body).adding(headers: options.headers).applying(options.edit)
        request.envelope = options.envelope.applied(to: request.envelope)
        request.timeouts = options.limits.applied(to: request.timeouts)
        return request
    }

    /// The request as the transport sends it, with the client's time limits applied.
    package func transportSpec(
        _ request: ResolvedRequest, uploadProgress: (@Sendable (UploadProgress) -> Void)? = nil
    ) -> HTTPRequestSpec {
        let timeouts = limits.applied(to: request.timeouts)
        var spec = HTTPRequestSpec(
            method: request.method, url: request.url, headers: request.headers.map { ($0.name, $0.value) },
            body: request.body, redactedQueryNames: request.redaction.query, totalTimeout: timeouts.total,
            maximumBodySize: request.maxBodySize, connectTimeout: timeouts.connect, readTimeout: timeouts.read,
            verifiesTLS: request.tlsVerify ? nil : false, upload: request.upload, uploadProgress: uploadProgress)
        // The redirect policy drops these (and every credential-named header) on the way to another origin.
        spec.redactedHeaderNames = request.redaction.headers
        spec.redirects = request.redirects
        return spec
    }

    /// Sends a resolved request through the middleware and evaluates the answer.
    func exchange(
        _ request: ResolvedRequest, profile: Profile, endpoint: String,
        uploadProgress: (@Sendable (UploadProgress) -> Void)?, progress: (@Sendable (ProgressReport) -> Void)?,
        streaming: ResponseStreaming = ResponseStreaming()
    ) async throws(ClientError) -> APIExchange {
        secretGate?.learn(fromRequest: request, redaction: profile.redaction)
        let spec = transportSpec(request, uploadProgress: uploadProgress)
        let response: HTTPResponseRecord
        do {
            response = try await sendStreaming(spec, request: request, streaming: streaming, progress: progress)
        } catch {
            throw .transport(error, request: request)
        }
        let body = Self.responseBody(of: response, request: request)
        let evaluation = Self.evaluation(of: response, body: body, request: request)
        return APIExchange(
            profileName: profile.name, endpointID: endpoint, request: request, response: response, body: body,
            evaluation: evaluation, businessError: profile.errors.businessError(for: evaluation),
            rateLimit: RateLimitStatus(headers: response.headers, names: profile.rateLimit, now: Date()))
    }

    /// Sends one request through the middleware (the logging middleware innermost) and the transport.
    func sendThroughChain(
        _ spec: HTTPRequestSpec, request: ResolvedRequest, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord {
        if let logger {
            let logging = LoggingMiddleware(logger: logger, redaction: request.redaction)
            return try await MiddlewareChain(middlewares + [logging], transport: transport)
                .send(spec, progress: progress)
        } else if middlewares.isEmpty {
            return try await transport.send(spec, progress: progress)
        } else {
            return try await MiddlewareChain(middlewares, transport: transport).send(spec, progress: progress)
        }
    }
}

/// Why a call produced no exchange: the profile could not build the request, or no response came.
///
/// Exactly one of ``profileError`` and ``transportError`` is set; each carries its own location
/// (the profile file's line and column, or the redacted request and the failure kind). A transport
/// failure also keeps the request that was sent, so history can record what was attempted:
///
/// ```swift
/// do {
///     _ = try await client.call(profile: demo, endpoint: "slow")
/// } catch {
///     error.transportError?.kind   // .timeout(.total)
///     error.request?.method        // "GET": resolved, not yet redacted
/// }
/// ```
public struct ClientError: Error, CustomStringConvertible, Sendable {
    /// The request could not be built.
    public let profileError: ProfileError?
    /// The request was sent but no response came.
    public let transportError: TransportError?
    /// The request that was sent, for a transport failure; `nil` when the profile could not build it.
    ///
    /// It holds the resolved secrets: redact it (`Redaction`) before showing or storing it.
    public let request: ResolvedRequest?

    /// A profile error: the request could not be built.
    ///
    /// - Parameter error: What is wrong, located in the profile.
    package static func profile(_ error: ProfileError) -> ClientError {
        ClientError(profileError: error, transportError: nil, request: nil)
    }

    /// A transport error: the request was sent and no response came.
    ///
    /// - Parameters:
    ///   - error: Why no response came.
    ///   - request: The request that was sent.
    package static func transport(_ error: TransportError, request: ResolvedRequest) -> ClientError {
        ClientError(profileError: nil, transportError: error, request: request)
    }

    /// A call that never went out because signing in failed (a `TransportError.Kind.signIn` error,
    /// or the token endpoint's own transport failure).
    ///
    /// - Parameter error: Why no token was obtained.
    public static func signIn(_ error: TransportError) -> ClientError {
        ClientError(profileError: nil, transportError: error, request: nil)
    }

    /// A call that never went out because the profile could not build the sign-in request.
    ///
    /// - Parameter error: The profile error.
    public static func signIn(_ error: ProfileError) -> ClientError {
        ClientError(profileError: error, transportError: nil, request: nil)
    }

    public var description: String {
        profileError?.description ?? transportError?.description ?? "no error"
    }
}
