package import APIClient
package import APIHTTP
package import APIHistory
package import APIMapping

/// What a session sent: the exchange, or why there is none, and where history put it.
///
/// ```swift
/// let call = try await session.send(.endpoint("user", parameters: ["id": "7"]), profile: demo)
/// call.historyID               // 42
/// try call.result.get().evaluation.outcome
/// ```
package struct RecordedCall: Sendable {
    /// The exchange, or the client's error (a profile error building the request, or no response).
    package let result: Result<APIExchange, ClientError>
    /// The history row; `nil` when history is off or the write failed.
    package let historyID: Int64?
    /// What the endpoint's `store:` did with the model, when it declares one.
    package let stored: ModelStoreReport?
    /// Why recording failed; the call itself still counts.
    package let historyError: HistoryError?
    /// The history row of the first attempt, when this call is its replay after signing in again
    /// (a catalogued `reauth` code, or a 401 with OAuth 2.0 or a login).
    package var reauthOf: Int64? = nil
    /// The first attempt's exchange, when this call replays it after signing in again.
    package var firstAttempt: APIExchange? = nil
}

extension ExplorerSession {
    /// A request a session can send: a profile endpoint, or a raw path under the base URL.
    package enum Request: Sendable {
        /// An endpoint id with its parameters.
        case endpoint(String, parameters: [String: String])
        /// A method and path (with query) under the base URL, and an optional JSON body.
        case raw(method: String, path: String, body: JSONValue?)
        /// An endpoint with what this call changes: a later page, its own body, its envelope.
        case customized(String, parameters: [String: String], options: CallOptions)
        /// A request typed in whole, with no endpoint (the terminal UI's ad-hoc form): the edit's
        /// method, full URL, query, headers and body.
        case adHoc(RequestEdit)

        /// The endpoint id for an endpoint's request; `nil` for a raw or ad-hoc one.
        var endpointName: String? {
            switch self {
            case .endpoint(let id, _), .customized(let id, _, _): id
            case .raw, .adHoc: nil
            }
        }

        /// The endpoint id, or `METHOD /path` for a raw or ad-hoc request: the id history records.
        package var endpointID: String {
            switch self {
            case .endpoint(let id, _), .customized(let id, _, _): id
            case .raw(let method, let path, _): "\(method.uppercased()) \(path)"
            case .adHoc(let edit): "\((edit.method ?? "GET").uppercased()) \(edit.url ?? "")"
            }
        }
    }

    /// Sends a request of `profile` and records it (and its models) in the session's history.
    ///
    /// A failure to record is reported in the result, never thrown: the exchange happened.
    ///
    /// - Parameters:
    ///   - request: What to send.
    ///   - profile: The backend.
    ///   - progress: Receives download progress.
    /// - Returns: The exchange or the client's error, with its history id.
    /// - Throws: Only when the demo backend the profile needs cannot start.
    package func send(
        _ request: Request, profile: Profile, progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws -> RecordedCall {
        // A request sent to another origin (a full URL, an ad-hoc or edited one) carries no
        // credential and never signs in: the profile's tokens are for its own host.
        let foreign = try await isForeign(request, profile: profile)
        let (first, token) = try await sendSigned(
            request, profile: profile, progress: progress, rejecting: nil, signsIn: !foreign, reauthOf: nil)
        guard !foreign, case .success(let exchange) = first.result, Self.needsSignIn(after: exchange, profile: profile)
        else {
            return first
        }
        // Once per request: the replay's answer stands, whatever it is. Only the refused token is
        // replaced: a call that renewed it meanwhile has already done the sign-in.
        var (replay, _) = try await sendSigned(
            request, profile: profile, progress: progress, rejecting: token, signsIn: true,
            reauthOf: first.historyID)
        replay.reauthOf = first.historyID
        replay.firstAttempt = exchange
        return replay
    }

    /// Whether an answer asks to sign in again: a catalogued `reauth` code, or a 401 to a profile
    /// that signs in by itself.
    static func needsSignIn(after exchange: APIExchange, profile: Profile) -> Bool {
        switch profile.auth {
        case .oauth2?, .login?:
            return exchange.businessError?.action == .reauth || exchange.response.status == 401
        default:
            return false
        }
    }

    /// Whether a request goes to another origin than the profile's base URL.
    package func isForeign(_ request: Request, profile: Profile) async throws -> Bool {
        let target: String? =
            switch request {
            case .endpoint: nil
            case .customized(_, _, let options): options.edit?.url
            case .raw(_, let path, _): path
            case .adHoc(let edit): edit.url
            }
        guard let target else { return false }
        let client = ProfileClient(
            transport: transport, environment: environment, demoBaseURL: try await demoBaseURL(for: profile))
        return try client.isForeign(target, for: profile)
    }

    /// Sends one attempt through the profile's middleware, with its credential when `signsIn`
    /// (renewed first when it is `rejecting`); returns the call and the access token it carried.
    func sendSigned(
        _ request: Request, profile: Profile, progress: (@Sendable (ProgressReport) -> Void)?, rejecting: String?,
        signsIn: Bool, reauthOf: Int64?
    ) async throws -> (call: RecordedCall, token: String?) {
        var profile = profile
        let demoBaseURL = try await demoBaseURL(for: profile)
        var credential: (name: String, value: String, token: String)?
        let result: Result<APIExchange, ClientError>
        do throws(ClientError) {
            if signsIn { credential = try await self.credential(for: profile, rejecting: rejecting) }
            // Tokens, and the cookies the jar will send, are masked wherever a server echoes them.
            secretGate.add(tokenSecrets(of: profile))
            if profile.cookies?.redact == false {
                profile.redaction = profile.redaction.revealingCookies()
            } else if let jar = try behaviour(of: profile).cookies {
                secretGate.add(jar.cookies().filter(\.isCredential).map(\.value))
            }
            // The login endpoint's token is masked whether the sign-in or the user called it.
            if case .login(let login)? = profile.auth, request.endpointName == login.endpoint {
                profile.redaction = profile.redaction.merging(Redaction(body: [login.token]))
            }
            profile.redaction = profile.redaction.adding(secrets: secretGate.values)
            let endpoint: Endpoint? =
                switch request {
                case .endpoint(let id, _), .customized(let id, _, _): profile.endpoint(id)
                case .raw, .adHoc: nil
                }
            let chain = try middlewares(
                for: profile, endpoint: endpoint, credential: credential.map { ($0.name, $0.value) })
            let sources = try await self.secrets(for: profile, endpoint: endpoint?.id)
            let client = ProfileClient(
                transport: transport, environment: environment, demoBaseURL: demoBaseURL,
                middlewares: chain.middlewares, logger: chain.logger, secrets: sources, limits: requestLimits,
                secretGate: secretGate)
            switch request {
            case .endpoint(let endpoint, let parameters):
                result = .success(
                    try await client.call(
                        profile: profile, endpoint: endpoint, parameters: parameters, progress: progress))
            case .customized(let endpoint, let parameters, let options):
                result = .success(
                    try await client.call(
                        profile: profile, endpoint: endpoint, parameters: parameters, options: options,
                        progress: progress))
            case .raw(let method, let path, let body):
                result = .success(
                    try await client.send(profile: profile, method: method, path: path, body: body, progress: progress))
            case .adHoc(let edit):
                result = .success(try await client.send(profile: profile, edit: edit, progress: progress))
            }
        } catch {
            result = .failure(error)
        }
        // What the exchange showed (a token in the answer, a cookie set, a value masked by name) is
        // masked from now on, in this exchange's record too.
        switch result {
        case .success(let exchange): secretGate.learn(from: exchange, redaction: profile.redaction)
        case .failure(let error):
            if let sent = error.request { secretGate.learn(fromRequest: sent, redaction: profile.redaction) }
        }
        if profile.cookies?.redact != false, let jar = behaviours[profile.name]?.cookies {
            secretGate.add(jar.cookies().filter(\.isCredential).map(\.value))
        }
        profile.redaction = profile.redaction.adding(secrets: secretGate.values)
        return (await record(result, request: request, profile: profile, reauthOf: reauthOf), credential?.token)
    }

    private func record(
        _ result: Result<APIExchange, ClientError>, request: Request, profile: Profile, reauthOf: Int64?
    ) async -> RecordedCall {
        // A mistyped endpoint or parameter name is the caller's error, reported to them: nothing was
        // sent, and a failure row for it would only clutter history.
        let typo: Bool =
            if case .failure(let error) = result, let kind = error.profileError?.kind {
                kind == .unknownEndpoint || kind == .unknownParameter
            } else {
                false
            }
        guard let history, !typo else {
            return RecordedCall(result: result, historyID: nil, stored: nil, historyError: nil)
        }
        var id: Int64?
        do throws(HistoryError) {
            switch result {
            case .success(let exchange):
                let recorded = try await history.record(exchange, profile: profile, reauthOf: reauthOf)
                id = recorded
                let stored = try await history.storeModels(from: exchange, profile: profile, exchangeID: recorded)
                return RecordedCall(result: result, historyID: recorded, stored: stored, historyError: nil)
            case .failure(let error):
                // A typed URL's secrets (`?api_key=…`) are masked in the id, as on the success path.
                let endpointID: String =
                    switch request {
                    case .raw(let method, let path, _): "\(method.uppercased()) \(profile.redaction.redact(url: path))"
                    case .adHoc(let edit):
                        "\((edit.method ?? "GET").uppercased()) \(profile.redaction.redact(url: edit.url ?? ""))"
                    case .endpoint, .customized: request.endpointID
                    }
                id = try await history.recordFailure(
                    profile: profile, endpointID: endpointID, request: error.request, error: error,
                    reauthOf: reauthOf)
                return RecordedCall(result: result, historyID: id, stored: nil, historyError: nil)
            }
        } catch {
            // An exchange history did not take is said once, as it happens; every call still carries its error.
            if id == nil, historyTally.note(error) { notify("warning: \(error)") }
            return RecordedCall(result: result, historyID: id, stored: nil, historyError: error)
        }
    }
}
