package import APIClient
package import Foundation

/// One run of a script: a file, and the row of data it runs with when the run is data-driven.
///
/// ```swift
/// let unit = ScriptRunUnit(script: script, file: "smoke.apx", row: 3, variables: ["id": "1003"])
/// unit.name   // "smoke.apx[row 3]"
/// ```
package struct ScriptRunUnit: Sendable {
    /// The parsed script.
    package let script: Script
    /// The script's file, as the user named it.
    package let file: String
    /// The 1-based row of data, in a data-driven run.
    package let row: Int?
    /// Variables defined before the first line: the run's `--var`s and the row's columns.
    package let variables: [String: String]
    /// The profile in use before the first `use` line, when the unit brings its own (a `.http`
    /// file's requests); `nil` for the suite's.
    package var profile: Profile?

    /// Creates a unit.
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - file: The script's file, as the user named it.
    ///   - row: The 1-based row of data, in a data-driven run.
    ///   - variables: Variables defined before the first line.
    package init(script: Script, file: String, row: Int? = nil, variables: [String: String] = [:]) {
        self.script = script
        self.file = file
        self.row = row
        self.variables = variables
    }

    /// The file, with the row when there is one: `smoke.apx[row 3]`.
    package var name: String { row.map { "\(file)[row \($0)]" } ?? file }
}

/// The units of a suite, made one at a time as the run needs them: a list, or a data file's rows
/// times the scripts, read as the run goes.
///
/// ```swift
/// let source = ScriptUnitSource(count: scripts.count * data.rowCount) { rowIterator() }
/// ```
package struct ScriptUnitSource: Sendable {
    /// How many units there are.
    package let count: Int
    private let make: @Sendable () -> AnyIterator<ScriptRunUnit>

    /// A source over units made by `make`, which is called once per run.
    ///
    /// - Parameters:
    ///   - count: How many units `make`'s iterator gives.
    ///   - make: Makes an iterator over the units, in suite order.
    package init(count: Int, make: @escaping @Sendable () -> AnyIterator<ScriptRunUnit>) {
        self.count = count
        self.make = make
    }

    /// A source over units listed up front.
    ///
    /// - Parameter units: The units, in suite order.
    package static func array(_ units: [ScriptRunUnit]) -> ScriptUnitSource {
        ScriptUnitSource(count: units.count) { AnyIterator(units.makeIterator()) }
    }

    /// The units, in suite order, made as the iterator is advanced.
    package func makeUnits() -> AnyIterator<ScriptRunUnit> { make() }
}

/// What one unit of a suite did: every command's report and how the run ended.
package struct ScriptUnitResult: Sendable {
    /// Whether a unit passed, failed, was skipped, or was interrupted.
    package enum Verdict: String, Sendable {
        /// Every command ran and held.
        case passed
        /// A command failed, or the script's time limit stopped it.
        case failed
        /// A `skip` line stopped it, or another script of the run is marked `only`.
        case skipped
        /// The run was stopped (a signal, the run's time limit) before this unit finished, or
        /// before it started: never a pass.
        case interrupted
    }

    /// The unit.
    package let unit: ScriptRunUnit
    /// The unit's place in the suite.
    package let index: Int
    /// Each command's report, in the order the commands ran.
    package let reports: [CommandReport]
    /// How the run ended.
    package let result: ScriptRunResult
    /// When the unit started.
    package let started: Date
    /// How long it ran.
    package let duration: Duration
    /// The test cases of a result whose reports were let go (``compacted()``).
    var keptCases: [ScriptTestCase]? = nil

    /// The result with its test cases worked out and its reports let go: what reports need of a
    /// finished unit, a small part of what its exchanges hold. A unit a stop cut off keeps its
    /// reports, since its cases depend on the stop.
    package func compacted() -> ScriptUnitResult {
        guard verdict != .interrupted, keptCases == nil else { return self }
        var result = ScriptUnitResult(
            unit: unit, index: index, reports: [], result: self.result, started: started, duration: duration)
        result.keptCases = testCases
        return result
    }

    /// Passed, failed, skipped or interrupted.
    package var verdict: Verdict {
        if result.skipReason == ScriptSuite.interrupted { return .interrupted }
        if result.status != .passed { return .failed }
        return result.skipReason == nil ? .passed : .skipped
    }
}

/// Script files (each maybe once per row of data) run together: `jobs` of them at once, each one
/// sequential, their results handed on in suite order whatever order they finish in.
///
/// ```swift
/// let suite = ScriptSuite(units: units, jobs: 4)
/// let results = await suite.run(with: runner, profile: nil) { result in
///     print(result.unit.name, result.verdict)   // in file order
/// }
/// ```
package struct ScriptSuite: Sendable {
    /// What happens while a unit runs, for a live display; reported from the unit's own task.
    package enum LiveEvent: Sendable {
        /// The unit started.
        case started
        /// A command of the unit finished.
        case report(CommandReport)
        /// The unit finished (its result is handed on once those before it are).
        case finished
    }

    /// The units, in the order results are handed on, made one at a time as the run needs them.
    package let units: ScriptUnitSource
    /// How many units run at once.
    package let jobs: Int
    /// The longest a unit may run (`run --script-timeout`): past it the unit is cancelled, the
    /// command in flight included, and fails with the limit as its reason; `nil` for no limit.
    package let scriptTimeLimit: Duration?
    /// Whether a script of the suite is marked `only`: then only marked scripts run.
    package let isFocused: Bool

    /// Creates a suite of units listed up front.
    ///
    /// - Parameters:
    ///   - units: The units, in the order results are handed on.
    ///   - jobs: How many units run at once (at least 1).
    ///   - scriptTimeLimit: The longest a unit may run; `nil` for no limit.
    package init(units: [ScriptRunUnit], jobs: Int = 1, scriptTimeLimit: Duration? = nil) {
        self.init(
            source: .array(units), focused: units.contains { $0.script.isFocused }, jobs: jobs,
            scriptTimeLimit: scriptTimeLimit)
    }

    /// Creates a suite of units made as the run goes (a data file's rows, read one at a time).
    ///
    /// - Parameters:
    ///   - source: The units, in the order results are handed on.
    ///   - focused: Whether a script of the suite is marked `only`.
    ///   - jobs: How many units run at once (at least 1).
    ///   - scriptTimeLimit: The longest a unit may run; `nil` for no limit.
    package init(source: ScriptUnitSource, focused: Bool, jobs: Int = 1, scriptTimeLimit: Duration? = nil) {
        self.units = source
        self.isFocused = focused
        self.jobs = max(1, jobs)
        self.scriptTimeLimit = scriptTimeLimit
    }

    /// Runs every unit and hands each result on in suite order.
    ///
    /// Cancelling the calling task stops the run: running units stop after the command in flight
    /// (``ScriptRunResult/skipReason`` says "interrupted"), units not started yet are handed on as
    /// interrupted too, so reports still list every unit.
    ///
    /// - Parameters:
    ///   - runner: Runs each unit; its `keepGoing` applies within a unit. Units never stop each other.
    ///   - profile: The profile in use before each script's first `use` line.
    ///   - live: Told when a unit starts and as each of its commands finishes, from the unit's task.
    ///   - finished: Receives each unit's result, in suite order, as soon as it and those before it
    ///     are done. Nothing else keeps the results, nor the units: a long run holds only those
    ///     running or waiting for an earlier unit.
    package func run(
        with runner: ScriptRunner, profile: Profile?,
        live: @escaping @Sendable (_ index: Int, _ event: LiveEvent) -> Void = { _, _ in },
        finished: (ScriptUnitResult) async -> Void
    ) async {
        let focused = isFocused
        let limit = scriptTimeLimit
        let source = units.makeUnits()
        var delivered = 0
        var next = 0
        await withTaskGroup(of: ScriptUnitResult.self) { group in
            var waiting: [Int: ScriptUnitResult] = [:]
            func start() -> Bool {
                guard !Task.isCancelled, let unit = source.next() else { return false }
                group.addTask { [next] in
                    await Self.run(
                        unit, index: next, focused: focused, runner: runner, profile: profile, limit: limit, live: live)
                }
                next += 1
                return true
            }
            while next < jobs, start() {}
            for await result in group {
                waiting[result.index] = result
                while let ready = waiting.removeValue(forKey: delivered) {
                    await finished(ready)
                    delivered += 1
                }
                _ = start()
            }
        }
        // Interrupted: the units never started are handed on, in order, so every unit is accounted for.
        while let unit = source.next() {
            await finished(
                ScriptUnitResult(
                    unit: unit, index: delivered, reports: [],
                    result: ScriptRunResult(status: .passed, skipReason: Self.interrupted), started: Date(),
                    duration: .zero))
            delivered += 1
        }
    }

    /// The skip reason of a unit an interruption stopped or never started.
    package static let interrupted = "interrupted"

    private static func run(
        _ unit: ScriptRunUnit, index: Int, focused: Bool, runner: ScriptRunner, profile: Profile?, limit: Duration?,
        live: @escaping @Sendable (Int, LiveEvent) -> Void
    ) async -> ScriptUnitResult {
        let started = Date()
        guard !focused || unit.script.isFocused else {
            return ScriptUnitResult(
                unit: unit, index: index, reports: [],
                result: ScriptRunResult(status: .passed, skipReason: "another script of the run is marked 'only'"),
                started: started, duration: .zero)
        }
        live(index, .started)
        let clock = ContinuousClock()
        let start = clock.now
        let state = ScriptState(profile: unit.profile ?? profile, variables: unit.variables)
        let execute = { @Sendable () async -> (ScriptRunResult, [CommandReport]) in
            var reports: [CommandReport] = []
            let result = await runner.execute(unit.script, state: state) { report in
                reports.append(report)
                live(index, .report(report))
            }
            return (result, reports)
        }
        var (result, reports) = if let limit { await Self.within(limit, execute) } else { await execute() }
        // The limit is its own outcome in reports; for the exit status it is "no response in time".
        if result.timeLimit != nil { result.status = max(result.status, .transportFailure) }
        live(index, .finished)
        return ScriptUnitResult(
            unit: unit, index: index, reports: reports, result: result, started: started, duration: clock.now - start)
    }

    /// Runs a unit, cancelling it once `limit` has passed; its result then says so (``ScriptRunResult/timeLimit``).
    private static func within(
        _ limit: Duration, _ execute: @escaping @Sendable () async -> (ScriptRunResult, [CommandReport])
    ) async -> (ScriptRunResult, [CommandReport]) {
        enum Event: Sendable {
            case finished(ScriptRunResult, [CommandReport])
            case expired
            case timerStopped
        }
        return await withTaskGroup(of: Event.self) { group in
            group.addTask {
                let (result, reports) = await execute()
                return .finished(result, reports)
            }
            group.addTask {
                do {
                    try await Task.sleep(for: limit)
                    return .expired
                } catch {
                    // Only cancellation ends the sleep early: the unit finished or the run was interrupted.
                    return .timerStopped
                }
            }
            var expired = false
            var outcome = (ScriptRunResult(status: .passed, skipReason: interrupted), [CommandReport]())
            for await event in group {
                switch event {
                case .expired:
                    expired = true
                    group.cancelAll()
                case .timerStopped:
                    continue
                case .finished(var result, let reports):
                    group.cancelAll()
                    // A unit that ended on its own as the limit expired keeps its result.
                    if expired && result.skipReason == interrupted {
                        result.skipReason = nil
                        result.timeLimit = limit
                    }
                    outcome = (result, reports)
                }
            }
            return outcome
        }
    }
}
