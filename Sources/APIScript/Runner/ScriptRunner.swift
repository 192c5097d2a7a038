package import APIClient
package import APIHTTP
import APIMapping
package import APISession

/// Runs scripts of the headless command language against a session, one ``CommandReport`` per
/// command.
///
/// ```swift
/// let runner = ScriptRunner(session: session)
/// let status = await runner.run(try Script(parsing: text, name: "smoke.apx")) { report in
///     print(report.jsonValue.jsonText())
/// }
/// status   // .passed, or the most serious failure
/// ```
///
/// A run stops at the first command that fails (a script error, no response, or an expectation
/// that does not hold) unless ``keepGoing`` is set; script and profile errors always stop it.
package struct ScriptRunner: Sendable {
    /// Profiles, transport and the demo backend.
    package let session: ExplorerSession
    /// Whether to go on after a failed expectation or a transport failure.
    package var keepGoing: Bool
    /// Receives download progress of every request, for a progress bar.
    package var progress: (@Sendable (ProgressReport) -> Void)?
    /// Receives upload progress of every `--form` body, for a progress bar.
    package var uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// The most bytes of pages a `call --pages` keeps the items of (``largestPagedBytes`` by
    /// default); past it the walk stops and the command fails, pointing to `request --all`.
    package var pagedBytesBudget = ScriptRunner.largestPagedBytes
    /// How every call takes its answer as it arrives: a download, and who hears each event of a
    /// stream (`request` prints them); `nil` reads streams with the defaults and nobody listening.
    package var streaming: ResponseStreaming?

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - session: Profiles, transport and the demo backend.
    ///   - keepGoing: Whether to go on after a failed expectation or a transport failure.
    ///   - progress: Receives download progress of every request.
    package init(
        session: ExplorerSession, keepGoing: Bool = false, progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) {
        self.session = session
        self.keepGoing = keepGoing
        self.progress = progress
    }

    /// Runs every command of `script` in order.
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - state: The starting state (a profile chosen on the command line).
    ///   - report: Receives each command's report as soon as it is done.
    /// - Returns: The exit status: the most serious failure, or ``ScriptExitStatus/passed``.
    package func run(
        _ script: Script, state initial: ScriptState = ScriptState(), report: (CommandReport) async -> Void
    ) async -> ScriptExitStatus {
        await execute(script, state: initial, report: report).status
    }

    /// Runs every command of `script` in order and says how the run ended: its status, and the
    /// reason when a `skip` line stopped it.
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - state: The starting state (a profile chosen on the command line, variables given to the run).
    ///   - report: Receives each command's report as soon as it is done.
    /// - Returns: How the run ended.
    package func execute(
        _ script: Script, state initial: ScriptState = ScriptState(), report: (CommandReport) async -> Void
    ) async -> ScriptRunResult {
        var state = initial
        state.environment = session.environment
        var flow = Flow(scriptName: script.name)
        await runBlock(script.commands, state: &state, flow: &flow, report: report)
        if Task.isCancelled && flow.skipReason == nil { flow.skipReason = ScriptSuite.interrupted }
        return ScriptRunResult(status: flow.status, skipReason: flow.skipReason)
    }

    /// Runs one command, for the TUI's `:` line: a request gets the profile's default expectations.
    ///
    /// - Parameters:
    ///   - command: The command.
    ///   - state: The state it reads and changes.
    ///   - scriptName: How errors name the source.
    ///   - applyDefaults: Whether a request is checked against the profile's default expectations.
    /// - Returns: The command's report.
    package func execute(
        _ command: ScriptCommand, in state: inout ScriptState, scriptName: String = "<command>",
        applyDefaults: Bool = true
    ) async -> CommandReport {
        var report = CommandReport(command)
        state.environment = session.environment
        // What the environment gives is a secret from the moment a command reads it: masked in this
        // report and every later one, whichever way the value travels (a message, an echo, a reason).
        state.secrets.formUnion(command.environmentNames.compactMap { state.environment[$0] })
        do throws(ScriptError) {
            try await perform(
                command, in: &state, report: &report, scriptName: scriptName, applyDefaults: applyDefaults)
        } catch {
            report.scriptError = error
            report.status = .usageError
        }
        report.secrets = state.secrets
        return report
    }

    /// Indices of request commands followed (before the next request) by an outcome expectation,
    /// or an `if` on the outcome, which then replaces the profile's default expectations for that
    /// request. With `outcomeFollows`, the block's last request is followed by one (a `repeat
    /// until` about the outcome).
    static func commandsOverridingDefaults(_ commands: [ScriptCommand], outcomeFollows: Bool = false) -> Set<Int> {
        var overridden: Set<Int> = []
        var lastRequest: Int?
        for (index, command) in commands.enumerated() {
            switch command.action {
            case .use: lastRequest = nil
            case .expect(let expectation) where expectation.isOutcome:
                if let lastRequest { overridden.insert(lastRequest) }
            case .conditional(let condition, _, _) where condition.isOutcome:
                if let lastRequest { overridden.insert(lastRequest) }
            default:
                if command.sendsRequest { lastRequest = index }
            }
        }
        if outcomeFollows, let lastRequest { overridden.insert(lastRequest) }
        return overridden
    }

    private func perform(
        _ command: ScriptCommand, in state: inout ScriptState, report: inout CommandReport, scriptName: String,
        applyDefaults: Bool
    ) async throws(ScriptError) {
        let context = Context(line: command.line, scriptName: scriptName)
        switch command.action {
        case .use(let nameText):
            let name = try context.resolve(nameText, state)
            do {
                state.profile = try session.profile(named: name)
            } catch {
                throw context.error(
                    error.kind == .profileNotFound ? .unknownProfile : .invalidProfile, at: nameText.column,
                    // A file that is not text has no line, but its path is what the user needs.
                    error.line > 0 || error.kind == .unreadableFile ? error.description : error.message)
            }
            state.lastExchanges = []
            report.profile = state.profile
            report.details.append(("profile", .string(name)))
        case .set(let name, let value):
            state.variables[name] = try context.resolve(value, state)
            report.details.append(("name", .string(name)))
        case .call, .request:
            if let exchange = try await send(command, state: state, context: context, report: &report) {
                state.lastExchanges = [exchange]
                state.lastHistoryID = report.historyID
                if let items = report.pagedItems { state.pagedItems = JSONDocument(.array(items)).root }
                if applyDefaults { try checkDefaults(state: state, report: &report, context: context) }
            } else {
                state.lastExchanges = []
            }
        case .zip(let calls):
            try await runZip(calls, state: &state, report: &report, context: context, applyDefaults: applyDefaults)
        case .probe(let path):
            try probe(path, state: state, report: &report, context: context)
        case .expect(.unchanged(let exceptVolatile)):
            try await checkUnchanged(exceptVolatile: exceptVolatile, state: state, report: &report, context: context)
        case .expect(let expectation):
            try check(
                expectation, source: String(command.source.dropFirst("expect".count)).trimmed, state: state,
                report: &report, context: context)
        case .capture(let name, let path):
            try capture(name, path: path, state: &state, report: &report, context: context)
        case .history(let limit):
            try await listHistory(limit: limit, state: state, report: &report, context: context)
        case .replay(let id):
            try await replay(id, state: &state, report: &report, context: context)
        case .skip(let reason):
            let text = try reason.map { text throws(ScriptError) in try context.resolve(text, state) }
            report.details.append(("reason", text.map(JSONValue.string) ?? .null))
        case .only:
            break
        case .conditional, .repeatUntil:
            throw context.error(
                .syntax, at: command.column, "'if' and 'repeat' blocks run in scripts, not one command at a time")
        }
    }

    /// Where a command is, for its errors.
    struct Context {
        let line: Int
        let scriptName: String

        func error(_ kind: ScriptError.Kind, at column: Int, _ message: String) -> ScriptError {
            ScriptError(kind, script: scriptName, line: line, column: column, message)
        }

        func resolve(_ text: ScriptText, _ state: ScriptState) throws(ScriptError) -> String {
            try text.resolve(state.variables, environment: state.environment, line: line, scriptName: scriptName)
        }
    }
}

extension String {
    var trimmed: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
