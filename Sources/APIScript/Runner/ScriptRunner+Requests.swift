import APIClient
import APIHTTP
import APIHistory
import APIMapping
import APISession

extension ScriptRunner {
    /// A request command with its variables filled in, ready to send.
    struct PreparedRequest: Sendable {
        let request: ExplorerSession.Request
        /// The column of the endpoint or path, for errors about it.
        let column: Int
        /// A `call --pages`: what to walk; `nil` for one request.
        var walk: PagedCall? = nil
    }

    /// A `call --pages`, read: the endpoint, its parameters and options, and the most pages.
    struct PagedCall: Sendable {
        let endpoint: String
        let parameters: [String: String]
        let options: CallOptions
        /// `nil` for every page.
        let limit: Int?
    }

    /// Sends a `call` or raw request; `nil` when no response came (the report holds the transport error).
    func send(
        _ command: ScriptCommand, state: ScriptState, context: Context, report: inout CommandReport
    ) async throws(ScriptError) -> APIExchange? {
        let profile = try requireProfile(state, context: context)
        let prepared = try prepare(command, state: state, context: context)
        if let walk = prepared.walk {
            return try await self.walk(walk, prepared: prepared, profile: profile, report: &report, context: context)
        }
        let call: RecordedCall
        do {
            call = try await session.send(prepared.request, profile: profile, progress: progress)
        } catch {
            throw context.error(.request, at: 1, "cannot start the demo backend: \(error)")
        }
        return try absorb(call, prepared: prepared, report: &report, context: context)
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
        // Each operation returns its recorded result, so one failed call neither cancels nor hides the others.
        let (session, progress) = (self.session, self.progress)
        let operations = prepared.map { prepared in
            { @Sendable () async throws -> RecordedCall in
                try await session.send(prepared.request, profile: profile, progress: progress)
            }
        }
        let results: [RecordedCall]
        do {
            results = try await Sequencer.zip(operations)
        } catch {
            throw context.error(.request, at: 1, "the block did not run: \(error)")
        }
        var exchanges: [APIExchange] = []
        for (index, result) in results.enumerated() {
            let callContext = Context(line: calls[index].line, scriptName: context.scriptName)
            var callReport = CommandReport(calls[index])
            if let exchange = try absorb(result, prepared: prepared[index], report: &callReport, context: callContext) {
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

    /// The profile in use, its redaction extended with the script's secrets (the environment values
    /// read so far, this command's included), so history and output mask them.
    private func requireProfile(_ state: ScriptState, context: Context) throws(ScriptError) -> Profile {
        guard var profile = state.profile else {
            throw context.error(.request, at: 1, "no profile in use; start with 'use PROFILE' or pass --profile")
        }
        profile.redaction = profile.redaction.adding(secrets: state.secrets)
        return profile
    }

    private func prepare(_ command: ScriptCommand, state: ScriptState, context: Context) throws(ScriptError)
        -> PreparedRequest
    {
        switch command.action {
        case .call(let endpoint, let arguments, let options):
            var parameters: [String: String] = [:]
            var rawJSON: Set<String> = []
            for argument in arguments {
                parameters[argument.name] = try context.resolve(argument.value, state)
                if argument.isJSON { rawJSON.insert(argument.name) } else { rawJSON.remove(argument.name) }
            }
            let id = try context.resolve(endpoint, state)
            var read = try readOptions(options, state: state, context: context)
            if !rawJSON.isEmpty {
                read.call.fields.rawJSON = rawJSON
                read.changesCall = true
            }
            return PreparedRequest(
                request: read.changesCall
                    ? .customized(id, parameters: parameters, options: read.call)
                    : .endpoint(id, parameters: parameters),
                column: endpoint.column,
                walk: read.pages.map { PagedCall(endpoint: id, parameters: parameters, options: read.call, limit: $0) })
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
                request: .raw(method: method, path: try context.resolve(path, state), body: body), column: path.column)
        default:
            preconditionFailure("only request commands are prepared")
        }
    }

    /// Walks a `call --pages`: every page recorded; the last page's exchange is the last response,
    /// and every item the model `probe` and `expect` see.
    private func walk(
        _ call: PagedCall, prepared: PreparedRequest, profile: Profile, report: inout CommandReport, context: Context
    ) async throws(ScriptError) -> APIExchange? {
        let (endpoint, parameters, options, pages) = (call.endpoint, call.parameters, call.options, call.limit)
        var items: [JSONValue] = []
        var keptBytes = 0
        var tooMany = false
        var last: RecordedCall?
        let summary: ExplorerSession.PageWalkSummary
        do {
            summary = try await session.walkPages(
                endpoint: endpoint, parameters: parameters, profile: profile, limit: pages, options: options,
                progress: progress
            ) { page in
                last = page.call
                // A script keeps the items for probe and expect: bounded in count and in the bytes of the
                // pages they came from (a kept item costs many times its text), unlike request --all's stream.
                var pageBytes = 0
                if case .success(let exchange) = page.call.result { pageBytes = exchange.response.body.count }
                guard items.count + page.items.count <= Self.largestPagedItems,
                    keptBytes + pageBytes <= pagedBytesBudget
                else {
                    tooMany = true
                    return false
                }
                keptBytes += pageBytes
                items += page.items.map(\.value)
                return true
            }
        } catch let error as PagingError {
            throw context.error(.request, at: prepared.column, error.description)
        } catch {
            // walkPages throws only a PagingError or what starting the demo backend threw.
            throw context.error(.request, at: 1, "cannot start the demo backend: \(error)")
        }
        var pageDetails = JSONObject()
        pageDetails.append(key: "pages", value: .number(JSONNumber(summary.pages)))
        pageDetails.append(key: "items", value: .number(JSONNumber(summary.items)))
        pageDetails.append(key: "stop", value: summary.stop.map { .string($0.description) } ?? .null)
        report.details.append(("paged", .object(pageDetails)))
        report.pagedItems = items
        guard let last, let exchange = try absorb(last, prepared: prepared, report: &report, context: context) else {
            return nil
        }
        if tooMany {
            let budget = "\(Self.largestPagedItems) items or \(ByteCountDisplay.text(pagedBytesBudget)) of pages"
            report.fail(
                expected: "every page", actual: "over \(budget)",
                message: "the walk has more than \(budget), more than a script keeps; "
                    + "use request --all, which streams them", status: .expectationFailed)
        } else if let stop = summary.stop, !stop.isComplete, stop != .limit(summary.pages),
            !(stop == .failure(.businessFailure) || stop == .failure(.httpFailure))
        {
            report.fail(
                expected: "every page", actual: stop.description, message: "the walk \(stop)",
                status: .expectationFailed)
        }
        return exchange
    }

    /// Puts a recorded call into the report: an exchange, a transport failure, or a script error
    /// for a request the profile cannot build.
    private func absorb(
        _ call: RecordedCall, prepared: PreparedRequest, report: inout CommandReport, context: Context
    ) throws(ScriptError) -> APIExchange? {
        report.historyID = call.historyID
        if let stored = call.stored { report.details.append(("stored", Self.json(stored))) }
        if let error = call.historyError { report.details.append(("history_error", .string(error.description))) }
        if let first = call.firstAttempt {
            // The answer that asked to sign in again, and the history row it is in.
            var reauth = JSONObject()
            reauth.append(key: "history_id", value: call.reauthOf.map { .number(JSONNumber($0)) } ?? .null)
            reauth.append(key: "http_status", value: .number(JSONNumber(first.response.status)))
            reauth.append(key: "business_error", value: first.businessError?.jsonValue ?? .null)
            report.details.append(("reauthenticated", .object(reauth)))
        }
        switch call.result {
        case .success(let exchange):
            report.exchange = exchange
            return exchange
        case .failure(let error):
            if let profileError = error.profileError {
                throw context.error(.request, at: prepared.column, profileError.message)
            }
            report.transportError = error.transportError
            report.status = .transportFailure
            return nil
        }
    }
}
