import APIClient
import APIMapping
import APIScript
import ArgumentParser
import Foundation
import Synchronization

/// `apiexplore run` over several scripts, a directory, or rows of data: every script parsed first,
/// then run `--jobs` at a time with output grouped per script in order, summaries, reports, and
/// with `--repeat`, a small load run.
struct SuiteRun {
    let sources: ScriptSources
    let options: SuiteOptions
    let profile: String?
    let pretty: Bool
    let keepGoing: Bool
    let sessionOptions: SessionOptions

    func run() async throws -> ScriptExitStatus {
        // Every script is parsed, and every syntax error of every script reported, before anything runs.
        var scripts: [(file: ScriptSources.File, script: Script)] = []
        var broken = false
        for file in sources.files {
            do {
                scripts.append((file, try Script(parsing: file.bytes, name: file.name)))
            } catch {
                Terminal.errorLine(error.description)
                broken = true
            }
        }
        if broken { return .usageError }
        let variables = try options.variables()
        let data = try options.data()
        var units: [ScriptRunUnit] = []
        for (file, script) in scripts {
            guard let data else {
                units.append(ScriptRunUnit(script: script, file: file.name, variables: variables))
                continue
            }
            for (index, row) in data.rows.enumerated() {
                units.append(
                    ScriptRunUnit(
                        script: script, file: file.name, row: index + 1,
                        variables: variables.merging(row) { _, row in row }))
            }
        }
        if options.forbidOnly {
            let marked = scripts.flatMap { entry in
                entry.script.commands.filter { if case .only = $0.action { true } else { false } }.map {
                    "\(entry.file.name):\($0.line):\($0.column): 'only' is not allowed with --forbid-only"
                }
            }
            if !marked.isEmpty {
                marked.forEach(Terminal.errorLine)
                return .usageError
            }
        }
        if let repetitions = options.repetitions, repetitions > InputRanges.repeatRuns.upperBound / units.count {
            Terminal.error(
                "--repeat \(repetitions) over \(units.count) script runs is more than "
                    + "\(InputRanges.repeatRuns.upperBound) runs in all")
            return .usageError
        }
        let host = try await SessionHost(options: sessionOptions, loading: profile)
        let status: ScriptExitStatus
        do {
            let initial = try host.profile?.get()
            let runner = ScriptRunner(session: host.session, keepGoing: keepGoing)
            if let repetitions = options.repetitions {
                status = await LoadRun(units: units, repetitions: repetitions, concurrency: options.concurrency)
                    .run(with: runner, profile: initial, pretty: pretty)
            } else {
                // A directory, data rows or --quiet always give the grouped shape, so CI parsers
                // see the same lines whether a folder holds one script or twenty.
                let grouped = units.count > 1 || data != nil || sources.namedDirectory || options.quiet
                status = try await runSuite(units, runner: runner, profile: initial, grouped: grouped)
            }
        } catch let error as ProfileError {
            Terminal.error(error.description)
            status = .usageError
        } catch {
            // A report that cannot be written: the session still closes before the run ends.
            await host.close()
            throw error
        }
        await host.close()
        return status
    }

    /// Runs the units, prints and reports them. SIGINT or SIGTERM, or `--timeout`, stops the run,
    /// which still prints and writes what it has, marked interrupted (the units cut off and those
    /// never started as `interrupted`), and then exits 128 + the signal, or 3 for the time limit.
    private func runSuite(_ units: [ScriptRunUnit], runner: ScriptRunner, profile: Profile?, grouped: Bool)
        async throws -> ScriptExitStatus
    {
        let transcript = Transcript(pretty: pretty, verbose: options.verbose)
        let display = SuiteDisplay.make(quiet: options.quiet, units: units)
        let suite = ScriptSuite(units: units, jobs: options.jobs, scriptTimeLimit: options.scriptTimeout?.duration)
        let clock = ContinuousClock()
        let start = clock.now
        let collected = Collected()
        // One script alone streams its reports as they come, as a single `run` always did.
        let streaming = !grouped && !options.quiet
        let printing: @Sendable (() -> Void) -> Void = { body in
            if let display { display.pausing(body) } else { body() }
        }
        let quiet = options.quiet
        // Caught from before the work starts, so a signal never finds the default handler.
        let cancellation = Cancellation()
        let watch = InterruptWatch { cancellation.cancel() }
        let timer = options.runTimeout.map { limit in
            Task {
                do {
                    try await Task.sleep(for: limit.duration)
                } catch {
                    return false  // The run ended first.
                }
                cancellation.cancel()
                return true
            }
        }
        let work = Task {
            await suite.run(
                with: runner, profile: profile,
                live: { index, event in
                    display?.update(index, event)
                    if streaming, case .report(let report) = event { printing { transcript.print(report) } }
                },
                finished: { result in
                    if grouped { printing { Self.print(result, transcript: transcript, quiet: quiet) } }
                    collected.add(result)
                })
        }
        cancellation.hold(work)
        await work.value
        timer?.cancel()
        let timedOut = await timer?.value ?? false
        let signal = watch.stop()
        let duration = clock.now - start
        display?.clear()
        let (results, statistics) = collected.snapshot
        let status = results.map(\.result.status).max() ?? .passed
        // A signal outranks the time limit: it is what the user (or CI) did last.
        let stop =
            signal.map(RunStop.signal)
            ?? (timedOut ? options.runTimeout.map { RunStop.timeLimit($0.duration) } : nil)
        if grouped { transcript.total(results, status: status, duration: duration, stop: stop) }
        if options.timings { transcript.timings(statistics) }
        SuiteDisplay.summary(results, status: status, duration: duration, quiet: options.quiet, stop: stop)
        try writeReports(results, duration: duration, statistics: options.timings ? statistics : nil, stop: stop)
        if let stop {
            let finished = results.count { $0.verdict != .interrupted }
            Terminal.error(
                "\(stop.isTimeLimit ? "timeout" : "interrupted"): \(stop.description); \(finished) of \(results.count) "
                    + "script runs finished; the rest are reported as \(stop.caseType)")
            throw ExitCode(stop.exitStatus)
        }
        return status
    }

    /// Cancels the suite's task, even when asked before the task exists.
    private final class Cancellation: Sendable {
        private let state = Mutex((task: Task<Void, Never>?.none, requested: false))

        func hold(_ task: Task<Void, Never>) {
            let requested = state.withLock { state in
                state.task = task
                return state.requested
            }
            if requested { task.cancel() }
        }

        func cancel() {
            let task = state.withLock { state in
                state.requested = true
                return state.task
            }
            task?.cancel()
        }
    }

    /// The results handed on so far, and the statistics over them.
    private final class Collected: Sendable {
        private let state = Mutex((results: [ScriptUnitResult](), statistics: ExchangeStatistics()))

        func add(_ result: ScriptUnitResult) {
            state.withLock { state in
                for report in result.reports { state.statistics.record(report) }
                state.results.append(result)
            }
        }

        var snapshot: ([ScriptUnitResult], ExchangeStatistics) { state.withLock { ($0.results, $0.statistics) } }
    }

    /// A script's reports (unless `--quiet`) and its summary line.
    private static func print(_ result: ScriptUnitResult, transcript: Transcript, quiet: Bool) {
        if !quiet {
            transcript.header(result.unit)
            for report in result.reports { transcript.print(report, unit: result.unit) }
        }
        transcript.summary(result)
    }

    private func writeReports(
        _ results: [ScriptUnitResult], duration: Duration, statistics: ExchangeStatistics?, stop: RunStop?
    ) throws {
        let reports: [(String?, () -> String)] = [
            (options.junitReport, { JUnitReport(results: results, duration: duration, stop: stop).xml }),
            (options.tapReport, { TAPReport(results: results, stop: stop).text }),
            (
                options.jsonReport,
                {
                    JSONRunReport(results: results, duration: duration, statistics: statistics, stop: stop).jsonValue
                        .jsonText(style: .pretty) + "\n"
                }
            ),
        ]
        for case (let path?, let text) in reports {
            try OutputFile.write(Data(text().utf8), to: path, isPrivate: false)
        }
    }
}
