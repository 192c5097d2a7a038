public import APIClient
public import Foundation

/// One run of a script: a file, and the row of data it runs with when the run is data-driven.
///
/// ```swift
/// let unit = ScriptRunUnit(script: script, file: "smoke.apx", row: 3, variables: ["id": "1003"])
/// unit.name   // "smoke.apx[row 3]"
/// ```
public struct ScriptRunUnit: Sendable {
    /// The parsed script.
    public let script: Script
    /// The script's file, as the user named it.
    public let file: String
    /// The 1-based row of data, in a data-driven run.
    public let row: Int?
    /// Variables defined before the first line: the run's `--var`s and the row's columns.
    public let variables: [String: String]

    /// Creates a unit.
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - file: The script's file, as the user named it.
    ///   - row: The 1-based row of data, in a data-driven run.
    ///   - variables: Variables defined before the first line.
    public init(script: Script, file: String, row: Int? = nil, variables: [String: String] = [:]) {
        self.script = script
        self.file = file
        self.row = row
        self.variables = variables
    }

    /// The file, with the row when there is one: `smoke.apx[row 3]`.
    public var name: String { row.map { "\(file)[row \($0)]" } ?? file }
}

/// What one unit of a suite did: every command's report and how the run ended.
public struct ScriptUnitResult: Sendable {
    /// Whether a unit passed, failed, or was skipped.
    public enum Verdict: String, Sendable {
        /// Every command ran and held.
        case passed
        /// A command failed.
        case failed
        /// A `skip` line stopped it, or another script of the run is marked `only`.
        case skipped
    }

    /// The unit.
    public let unit: ScriptRunUnit
    /// The unit's place in the suite.
    public let index: Int
    /// Each command's report, in the order the commands ran.
    public let reports: [CommandReport]
    /// How the run ended.
    public let result: ScriptRunResult
    /// When the unit started.
    public let started: Date
    /// How long it ran.
    public let duration: Duration

    /// Passed, failed or skipped.
    public var verdict: Verdict {
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
public struct ScriptSuite: Sendable {
    /// What happens while a unit runs, for a live display; reported from the unit's own task.
    public enum LiveEvent: Sendable {
        /// The unit started.
        case started
        /// A command of the unit finished.
        case report(CommandReport)
        /// The unit finished (its result is handed on once those before it are).
        case finished
    }

    /// The units, in the order results are handed on.
    public let units: [ScriptRunUnit]
    /// How many units run at once.
    public let jobs: Int

    /// Creates a suite.
    ///
    /// - Parameters:
    ///   - units: The units, in the order results are handed on.
    ///   - jobs: How many units run at once (at least 1).
    public init(units: [ScriptRunUnit], jobs: Int = 1) {
        self.units = units
        self.jobs = max(1, jobs)
    }

    /// Whether a script of the suite is marked `only`: then only marked scripts run.
    public var isFocused: Bool { units.contains { $0.script.isFocused } }

    /// Runs every unit and hands each result on in suite order.
    ///
    /// Cancelling the calling task stops the run: running units stop after the command in flight
    /// (``ScriptRunResult/skipReason`` says "interrupted"), units not started yet are handed on as
    /// skipped, so reports still list every unit.
    ///
    /// - Parameters:
    ///   - runner: Runs each unit; its `keepGoing` applies within a unit. Units never stop each other.
    ///   - profile: The profile in use before each script's first `use` line.
    ///   - live: Told when a unit starts and as each of its commands finishes, from the unit's task.
    ///   - finished: Receives each unit's result, in suite order, as soon as it and those before it
    ///     are done. Nothing else keeps the results: a long run holds only those waiting for an
    ///     earlier unit.
    public func run(
        with runner: ScriptRunner, profile: Profile?,
        live: @escaping @Sendable (_ index: Int, _ event: LiveEvent) -> Void = { _, _ in },
        finished: (ScriptUnitResult) async -> Void
    ) async {
        let focused = isFocused
        let units = self.units
        let unit = { @Sendable (index: Int) in
            await Self.run(units[index], index: index, focused: focused, runner: runner, profile: profile, live: live)
        }
        var delivered = 0
        await withTaskGroup(of: ScriptUnitResult.self) { group in
            var next = 0
            var waiting: [Int: ScriptUnitResult] = [:]
            while next < min(units.count, jobs) {
                group.addTask { [next] in await unit(next) }
                next += 1
            }
            for await result in group {
                waiting[result.index] = result
                while let ready = waiting.removeValue(forKey: delivered) {
                    await finished(ready)
                    delivered += 1
                }
                if next < units.count && !Task.isCancelled {
                    group.addTask { [next] in await unit(next) }
                    next += 1
                }
            }
        }
        // Interrupted: the units never started are skipped, in order, so every unit is accounted for.
        for index in delivered..<units.count {
            await finished(
                ScriptUnitResult(
                    unit: units[index], index: index, reports: [],
                    result: ScriptRunResult(status: .passed, skipReason: Self.interrupted), started: Date(),
                    duration: .zero))
        }
    }

    /// The skip reason of a unit an interruption stopped or never started.
    public static let interrupted = "interrupted"

    private static func run(
        _ unit: ScriptRunUnit, index: Int, focused: Bool, runner: ScriptRunner, profile: Profile?,
        live: @Sendable (Int, LiveEvent) -> Void
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
        var reports: [CommandReport] = []
        let result = await runner.execute(
            unit.script, state: ScriptState(profile: profile, variables: unit.variables)
        ) { report in
            reports.append(report)
            live(index, .report(report))
        }
        live(index, .finished)
        return ScriptUnitResult(
            unit: unit, index: index, reports: reports, result: result, started: started, duration: clock.now - start)
    }
}
