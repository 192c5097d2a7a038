import APIClient
import APIHTTP
import APIMapping

/// How a script run ended.
///
/// ```swift
/// let result = await runner.execute(script) { print($0.summary) }
/// result.status       // .passed
/// result.skipReason   // "no staging data yet", when a `skip` line stopped the run
/// ```
package struct ScriptRunResult: Sendable, Equatable {
    /// The most serious failure, or ``ScriptExitStatus/passed``.
    package var status: ScriptExitStatus
    /// Why a `skip` line stopped the run (`"skipped"` when it gave no reason); `nil` when none did.
    package var skipReason: String?
    /// The script's own time limit (`run --script-timeout`), when reaching it stopped the run.
    package var timeLimit: Duration?

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - status: The most serious failure, or ``ScriptExitStatus/passed``.
    ///   - skipReason: Why a `skip` line (or an interruption) stopped the run.
    ///   - timeLimit: The script's time limit, when reaching it stopped the run.
    package init(status: ScriptExitStatus, skipReason: String? = nil, timeLimit: Duration? = nil) {
        self.status = status
        self.skipReason = skipReason
        self.timeLimit = timeLimit
    }
}

extension ScriptRunner {
    /// Where a run is: its status so far, and whether it has stopped.
    struct Flow {
        let scriptName: String
        var status = ScriptExitStatus.passed
        var stopped = false
        var skipReason: String?
        /// The attempt of each `repeat` the commands run inside, outermost first.
        var attempts: [Int] = []
    }

    /// Runs `commands` in order, delivering each report; blocks run their chosen commands in place.
    ///
    /// - Parameter outcomeFollows: Whether an outcome check follows the block (a `repeat until
    ///   success`), so its last request skips the profile's default expectations.
    func runBlock(
        _ commands: [ScriptCommand], state: inout ScriptState, flow: inout Flow, outcomeFollows: Bool = false,
        report: (CommandReport) async -> Void
    ) async {
        let overridden = Self.commandsOverridingDefaults(commands, outcomeFollows: outcomeFollows)
        for (index, command) in commands.enumerated() where !flow.stopped {
            // An interrupted run stops between commands; the command in flight finishes or is cancelled.
            if Task.isCancelled {
                flow.stopped = true
                break
            }
            switch command.action {
            case .conditional(let condition, let then, let otherwise):
                state.secrets.formUnion(command.environmentNames.compactMap { state.environment[$0] })
                var own = CommandReport(command)
                own.secrets = state.secrets
                let context = Context(line: command.line, scriptName: flow.scriptName)
                do throws(ScriptError) {
                    let holds = try self.holds(condition, state: state, context: context)
                    own.details.append(("holds", .bool(holds)))
                    await deliver(own, flow: &flow, report: report)
                    await runBlock(holds ? then : otherwise, state: &state, flow: &flow, report: report)
                } catch {
                    own.scriptError = error
                    own.status = .usageError
                    await deliver(own, flow: &flow, report: report)
                }
            case .repeatUntil(let condition, let every, let limit, let body):
                await runRepeat(
                    command, condition: condition, every: every, limit: limit, body: body, state: &state, flow: &flow,
                    report: report)
            case .skip:
                let result = await execute(command, in: &state, scriptName: flow.scriptName)
                if result.status == .passed {
                    // The reason reaches summaries and reports: masked like the report it came from.
                    let reason = result.details.first { $0.key == "reason" }?.value.stringValue ?? "skipped"
                    flow.skipReason = result.secretRedaction.redact(text: reason)
                    flow.stopped = true
                }
                await deliver(result, flow: &flow, report: report)
            default:
                let result = await execute(
                    command, in: &state, scriptName: flow.scriptName, applyDefaults: !overridden.contains(index))
                await deliver(result, flow: &flow, report: report)
            }
        }
    }

    /// Hands a report on and decides whether the run goes on.
    private func deliver(_ result: CommandReport, flow: inout Flow, report: (CommandReport) async -> Void) async {
        var result = result
        if !flow.attempts.isEmpty {
            result.attempt = flow.attempts
            for index in result.calls.indices { result.calls[index].attempt = flow.attempts }
        }
        await report(result)
        // Interrupted: the command was cut off (a cancelled request, a cancelled pause), which is
        // not its failure; the run stops and says "interrupted" instead.
        if Task.isCancelled {
            flow.stopped = true
            return
        }
        flow.status = max(flow.status, result.status)
        if result.status == .usageError || (result.status != .passed && !keepGoing) { flow.stopped = true }
    }

    /// Whether `condition` holds for the last response, checked without failing anything.
    private func holds(_ condition: ResponseExpectation, state: ScriptState, context: Context) throws(ScriptError)
        -> Bool
    {
        var scratch = CommandReport(ScriptCommand(line: context.line, source: "", action: .only))
        try check(condition, source: "", state: state, report: &scratch, context: context)
        return scratch.failures.isEmpty
    }

    /// `repeat until CONDITION every E for L { body }`: the body, then the check, pausing `every`
    /// between attempts, until the condition holds or the next attempt would start after `limit`.
    private func runRepeat(
        _ command: ScriptCommand, condition: ResponseExpectation, every: Duration, limit: Duration,
        body: [ScriptCommand], state: inout ScriptState, flow: inout Flow, report: (CommandReport) async -> Void
    ) async {
        let clock = ContinuousClock()
        let start = clock.now
        let context = Context(line: command.line, scriptName: flow.scriptName)
        state.secrets.formUnion(command.environmentNames.compactMap { state.environment[$0] })
        let source = Self.conditionSource(command.source)
        var own = CommandReport(command)
        var attempts = 0
        while true {
            attempts += 1
            flow.attempts.append(attempts)
            await runBlock(body, state: &state, flow: &flow, outcomeFollows: condition.isOutcome, report: report)
            flow.attempts.removeLast()
            if flow.stopped { return }
            var check = CommandReport(command)
            do throws(ScriptError) {
                try self.check(condition, source: source, state: state, report: &check, context: context)
            } catch {
                own.scriptError = error
                own.status = .usageError
                break
            }
            if check.failures.isEmpty {
                own.details.append(("held", .bool(true)))
                break
            }
            let elapsed = clock.now - start
            if elapsed + every > limit {
                own.details.append(("held", .bool(false)))
                let last = check.failures.map(\.message).joined(separator: "; ")
                own.fail(
                    expected: source, actual: check.failures.first?.actual ?? "",
                    message:
                        "'until \(source)' did not hold within \(DurationText.text(milliseconds: Int64((limit / .milliseconds(1)).rounded()))) "
                        + "(\(attempts) attempt\(attempts == 1 ? "" : "s")); last: \(last)",
                    status: .expectationFailed)
                break
            }
            do {
                try await Task.sleep(for: every)
            } catch {
                // Only cancellation ends a sleep early: the run was interrupted.
                own.details.append(("interrupted", .bool(true)))
                break
            }
        }
        own.secrets = state.secrets
        own.details.insert(("attempts", .number(JSONNumber(attempts))), at: 0)
        own.details.append(("elapsed_ms", .number(CommandReport.milliseconds(clock.now - start))))
        await deliver(own, flow: &flow, report: report)
    }

    /// `probe x == 1` from `repeat until probe x == 1 every 1s for 5s {`.
    private static func conditionSource(_ source: String) -> String {
        var words = source.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if words.last == "{" { words.removeLast() }
        while words.count >= 2, ["every", "for"].contains(words[words.count - 2]) { words.removeLast(2) }
        return words.dropFirst(2).joined(separator: " ")
    }
}
