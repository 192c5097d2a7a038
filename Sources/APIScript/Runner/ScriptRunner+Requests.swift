import APIClient
import APIMapping

extension ScriptRunner {
    /// A request command with its variables filled in, ready to send.
    struct PreparedRequest: Sendable {
        enum Target: Sendable {
            case endpoint(String, parameters: [String: String])
            case raw(method: String, path: String, body: JSONValue?)
        }
        let target: Target
        /// The column of the endpoint or path, for errors about it.
        let column: Int

        /// The endpoint id, or `METHOD /path` for a raw request.
        var endpointID: String {
            switch target {
            case .endpoint(let id, _): id
            case .raw(let method, let path, _): "\(method) \(path)"
            }
        }
    }

    /// Sends a `call` or raw request; `nil` when no response came (the report holds the transport error).
    func send(
        _ command: ScriptCommand, state: ScriptState, context: Context, report: inout CommandReport
    ) async throws(ScriptError) -> APIExchange? {
        let profile = try requireProfile(state, context: context)
        let prepared = try prepare(command, state: state, context: context)
        let client = try await client(for: profile, context: context)
        let result = await Self.perform(prepared, profile: profile, client: client, progress: progress)
        return try await absorb(result, prepared: prepared, profile: profile, report: &report, context: context)
    }

    /// Sends a `zip` block's requests concurrently; each call gets its own report inside the block's.
    func runZip(
        _ calls: [ScriptCommand], state: inout ScriptState, report: inout CommandReport, context: Context,
        applyDefaults: Bool
    ) async throws(ScriptError) {
        let profile = try requireProfile(state, context: context)
        var prepared: [PreparedRequest] = []
        for call in calls {
            prepared.append(
                try prepare(call, state: state, context: Context(line: call.line, scriptName: context.scriptName)))
        }
        let client = try await client(for: profile, context: context)
        // Each operation returns its Result, so one failed call neither cancels nor hides the others.
        let progress = self.progress
        let operations = prepared.map { request in
            { @Sendable () async throws -> Result<APIExchange, ClientError> in
                await Self.perform(request, profile: profile, client: client, progress: progress)
            }
        }
        let results: [Result<APIExchange, ClientError>]
        do {
            results = try await Sequencer.zip(operations)
        } catch {
            throw context.error(.request, at: 1, "the block was cancelled: \(error)")
        }
        var exchanges: [APIExchange] = []
        for (index, result) in results.enumerated() {
            let callContext = Context(line: calls[index].line, scriptName: context.scriptName)
            var callReport = CommandReport(calls[index])
            if let exchange = try await absorb(
                result, prepared: prepared[index], profile: profile, report: &callReport, context: callContext)
            {
                exchanges.append(exchange)
                if applyDefaults {
                    var single = state
                    single.lastExchanges = [exchange]
                    try checkDefaults(state: single, report: &callReport, context: callContext)
                }
            }
            report.status = max(report.status, callReport.status)
            report.calls.append(callReport)
        }
        state.lastExchanges = exchanges
    }

    private func requireProfile(_ state: ScriptState, context: Context) throws(ScriptError) -> Profile {
        guard let profile = state.profile else {
            throw context.error(.request, at: 1, "no profile in use; start with 'use PROFILE' or pass --profile")
        }
        return profile
    }

    private func client(for profile: Profile, context: Context) async throws(ScriptError) -> ProfileClient {
        do {
            return try await session.client(for: profile)
        } catch {
            throw context.error(.request, at: 1, "cannot start the demo backend: \(error)")
        }
    }

    private func prepare(_ command: ScriptCommand, state: ScriptState, context: Context) throws(ScriptError)
        -> PreparedRequest
    {
        switch command.action {
        case .call(let endpoint, let arguments):
            var parameters: [String: String] = [:]
            for argument in arguments {
                parameters[argument.name] = try context.resolve(argument.value, state)
            }
            return PreparedRequest(
                target: .endpoint(try context.resolve(endpoint, state), parameters: parameters), column: endpoint.column
            )
        case .request(let method, let path, let bodyText):
            var body: JSONValue?
            if let bodyText {
                let text = try context.resolve(bodyText, state)
                do {
                    body = try JSONDocument(parsing: text).root.value
                } catch {
                    throw context.error(
                        .syntax, at: bodyText.column + error.column - 1, "the body is not valid JSON: \(error.message)")
                }
            }
            return PreparedRequest(
                target: .raw(method: method, path: try context.resolve(path, state), body: body), column: path.column)
        default:
            preconditionFailure("only request commands are prepared")
        }
    }

    static func perform(
        _ request: PreparedRequest, profile: Profile, client: ProfileClient,
        progress: (@Sendable (ProgressReport) -> Void)?
    ) async -> Result<
        APIExchange, ClientError
    > {
        do throws(ClientError) {
            switch request.target {
            case .endpoint(let endpoint, let parameters):
                return .success(
                    try await client.call(
                        profile: profile, endpoint: endpoint, parameters: parameters, progress: progress))
            case .raw(let method, let path, let body):
                return .success(
                    try await client.send(profile: profile, method: method, path: path, body: body, progress: progress))
            }
        } catch {
            return .failure(error)
        }
    }

    /// Puts a result into the report: an exchange, a transport failure, or a script error for a
    /// request the profile cannot build.
    private func absorb(
        _ result: Result<APIExchange, ClientError>, prepared: PreparedRequest, profile: Profile,
        report: inout CommandReport, context: Context
    ) async throws(ScriptError) -> APIExchange? {
        switch result {
        case .success(let exchange):
            report.exchange = exchange
            await record(exchange, profile: profile, report: &report)
            return exchange
        case .failure(let error):
            if let profileError = error.profileError {
                throw context.error(.request, at: prepared.column, profileError.message)
            }
            report.transportError = error.transportError
            report.status = .transportFailure
            await recordFailure(error, profile: profile, endpointID: prepared.endpointID, report: &report)
            return nil
        }
    }
}
