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
        var profiles: [String: Profile] = [:]
        var broken = false
        for file in sources.files {
            if RequestFileScript.isRequestFile(file.name) {
                let made = try RequestFileScript.make(
                    file: file.name, lending: try lentProfile(), environmentName: try environmentName())
                scripts.append((file, made.script))
                profiles[file.name] = made.profile
                continue
            }
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
        let units = Self.units(
            scripts.map { ($0.file.name, $0.script) }, variables: variables, data: data, profiles: profiles)
        if let repetitions = options.repetitions, repetitions > InputRanges.repeatRuns.upperBound / units.source.count {
            Terminal.error(
                "--repeat \(repetitions) over \(units.source.count) script runs is more than "
                    + "\(InputRanges.repeatRuns.upperBound) runs in all")
            return .usageError
        }
        let host = try await SessionHost(options: sessionOptions, loading: profile)
        let status: ScriptExitStatus
        do {
            let initial = try host.profile?.get()
            let runner = ScriptRunner(session: host.session, keepGoing: keepGoing)
            if let repetitions = options.repetitions {
                let all = Array(AnyIterator(units.source.makeUnits()))
                status = await LoadRun(units: all, repetitions: repetitions, concurrency: options.concurrency)
                    .run(with: runner, profile: initial, pretty: pretty)
            } else {
                // A directory, data rows or --quiet always give the grouped shape, so CI parsers
                // see the same lines whether a folder holds one script or twenty.
                let grouped = units.source.count > 1 || data != nil || sources.namedDirectory || options.quiet
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
        if let problem = units.problem() {
            // The data file changed after it was checked: the rows it still gave have run.
            Terminal.errorLine(problem.description)
            return .usageError
        }
        return status
    }

    /// The `--profile` a `.http` file's run borrows its envelope from, in the chosen environment.
    private func lentProfile() throws -> Profile? {
        guard let profile else { return nil }
        do {
            return try sessionOptions.library(environment: try sessionOptions.environment()).load(named: profile)
                .applyingEnvironmentChoice(try environmentName())
        } catch let error as ProfileError {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    private func environmentName() throws -> String? {
        sessionOptions.environmentChoice(try sessionOptions.environment())
    }

    /// The run's units: each script, once per row of data when there is data (rows read from the
    /// file as the run goes), with their names by index for the live display.
    struct Units: Sendable {
        let source: ScriptUnitSource
        let focused: Bool
        let name: @Sendable (Int) -> String
        /// A data file that stopped reading as it should during the run (it changed since it was checked).
        let problem: @Sendable () -> ScriptDataError?
    }

    static func units(
        _ scripts: [(file: String, script: Script)], variables: [String: String], data: ScriptData?,
        profiles: [String: Profile] = [:]
    ) -> Units {
        let focused = scripts.contains { $0.script.isFocused }
        guard let data else {
            let units = scripts.map {
                var unit = ScriptRunUnit(script: $0.script, file: $0.file, variables: variables)
                unit.profile = profiles[$0.file]
                return unit
            }
            return Units(source: .array(units), focused: focused, name: { units[$0].name }, problem: { nil })
        }
        let problem = DataProblem()
        let rowCount = data.rowCount
        let source = ScriptUnitSource(count: scripts.count * rowCount) {
            var script = 0
            var row = 0
            var rows: ScriptDataRows?
            return AnyIterator {
                while script < scripts.count {
                    do throws(ScriptDataError) {
                        if rows == nil { rows = try data.rows() }
                        if row < rowCount, let values = try rows?.next() {
                            row += 1
                            var unit = ScriptRunUnit(
                                script: scripts[script].script, file: scripts[script].file, row: row,
                                variables: variables.merging(values) { _, row in row })
                            unit.profile = profiles[scripts[script].file]
                            return unit
                        }
                        if row < rowCount {
                            throw ScriptDataError(
                                file: data.file, line: nil, message: "the file has fewer rows than when it was checked")
                        }
                    } catch {
                        problem.keep(error)
                        return nil
                    }
                    (script, row, rows) = (script + 1, 0, nil)
                }
                return nil
            }
        }
        return Units(
            source: source, focused: focused,
            name: { "\(scripts[$0 / rowCount].file)[row \($0 % rowCount + 1)]" },
            problem: { problem.first })
    }

    /// Runs the units, prints and reports them. SIGINT or SIGTERM, or `--timeout`, stops the run,
    /// which still prints and writes what it has, marked interrupted (the units cut off and those
    /// never started as `interrupted`), and then exits 128 + the signal, or 3 for the time limit.
    private func runSuite(_ units: Units, runner: ScriptRunner, profile: Profile?, grouped: Bool)
        async throws -> ScriptExitStatus
    {
        let transcript = Transcript(pretty: pretty, verbose: options.verbose)
        let display = SuiteDisplay.make(quiet: options.quiet, name: units.name)
        let suite = ScriptSuite(
            source: units.source, focused: units.focused, jobs: options.jobs,
            scriptTimeLimit: options.scriptTimeout?.duration)
        let clock = ContinuousClock()
        let start = clock.now
        // Results are kept (without their exchanges) only for what reads them at the end: the
        // reports, and the table a terminal shows; a long data run otherwise holds counts alone.
        let keepsResults =
            options.junitReport != nil || options.tapReport != nil || options.jsonReport != nil
            || SuiteDisplay.showsSummary(quiet: options.quiet)
        let collected = Collected(keepsResults: keepsResults, timings: options.timings)
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
        let (results, tally, statistics) = collected.snapshot
        // A signal outranks the time limit: it is what the user (or CI) did last.
        let stop =
            signal.map(RunStop.signal)
            ?? (timedOut ? options.runTimeout.map { RunStop.timeLimit($0.duration) } : nil)
        if grouped { transcript.total(tally, duration: duration, stop: stop) }
        if options.timings { transcript.timings(statistics) }
        SuiteDisplay.summary(results, tally: tally, duration: duration, quiet: options.quiet, stop: stop)
        try writeReports(results, duration: duration, statistics: options.timings ? statistics : nil, stop: stop)
        if let stop {
            Terminal.error(
                "\(stop.isTimeLimit ? "timeout" : "interrupted"): \(stop.description); "
                    + "\(tally.count - tally.interrupted) of \(tally.count) script runs finished; the rest are "
                    + "reported as \(stop.caseType)")
            throw ExitCode(stop.exitStatus)
        }
        return tally.status
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

    /// The results handed on so far (compacted, when kept), their tally, and the statistics over them.
    private final class Collected: Sendable {
        private let keepsResults: Bool
        private let timings: Bool
        private let state = Mutex(
            (results: [ScriptUnitResult](), tally: SuiteTally(), statistics: ExchangeStatistics()))

        init(keepsResults: Bool, timings: Bool) {
            self.keepsResults = keepsResults
            self.timings = timings
        }

        func add(_ result: ScriptUnitResult) {
            let kept = keepsResults ? result.compacted() : nil
            state.withLock { state in
                if timings { for report in result.reports { state.statistics.record(report) } }
                state.tally.add(result)
                if let kept { state.results.append(kept) }
            }
        }

        var snapshot: ([ScriptUnitResult], SuiteTally, ExchangeStatistics) {
            state.withLock { ($0.results, $0.tally, $0.statistics) }
        }
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
        // Reports pass the same gate as standard output: a token a server echoed, or one a probe
        // or capture line shows, is masked in CI's artefacts too.
        let reports: [(String?, () -> String)] = [
            (
                options.junitReport,
                { Terminal.masked(JUnitReport(results: results, duration: duration, stop: stop).xml) }
            ),
            (options.tapReport, { Terminal.masked(TAPReport(results: results, stop: stop).text) }),
            (
                options.jsonReport,
                {
                    Terminal.maskedJSON(
                        JSONRunReport(results: results, duration: duration, statistics: statistics, stop: stop)
                            .jsonValue.jsonText(style: .pretty)) + "\n"
                }
            ),
        ]
        for case (let path?, let text) in reports {
            try OutputFile.write(Data(text().utf8), to: path, isPrivate: false)
        }
    }
}

/// How many script runs ended each way, and the most serious exit status: what the run's last
/// line needs, kept without the results themselves.
struct SuiteTally: Sendable {
    private(set) var count = 0
    private(set) var passed = 0
    private(set) var failed = 0
    private(set) var skipped = 0
    private(set) var interrupted = 0
    private(set) var status = ScriptExitStatus.passed

    mutating func add(_ result: ScriptUnitResult) {
        count += 1
        switch result.verdict {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .interrupted: interrupted += 1
        }
        status = max(status, result.result.status)
    }
}

/// The first problem a data file gave while the run read it.
private final class DataProblem: Sendable {
    private let problem = Mutex<ScriptDataError?>(nil)

    func keep(_ error: ScriptDataError) { problem.withLock { $0 = $0 ?? error } }

    var first: ScriptDataError? { problem.withLock { $0 } }
}
