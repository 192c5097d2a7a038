import APIClient
import APIMapping
import APIScript
import Foundation
import Synchronization

/// What a suite run shows on standard error while it runs, only when that is a terminal: one line
/// per running script (spinner, script, current command, passed and failed counts), redrawn at
/// most ten times a second and erased before anything is printed on standard output.
final class SuiteDisplay: Sendable {
    private struct Running {
        var name: String
        var current = ""
        var passed = 0
        var failed = 0
    }

    private struct State {
        var running: [Int: Running] = [:]
        var drawnLines = 0
        var frame = 0
        var lastDraw: ContinuousClock.Instant?
    }

    private let name: @Sendable (Int) -> String
    private let palette: Palette
    private let state = Mutex(State())
    private static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private init(name: @escaping @Sendable (Int) -> String, palette: Palette) {
        self.name = name
        self.palette = palette
    }

    /// A display, or `nil` when standard error is not a terminal or the run is `--quiet`.
    ///
    /// - Parameters:
    ///   - quiet: Whether the run is `--quiet`.
    ///   - name: A unit's name by its index in the suite.
    static func make(quiet: Bool, name: @escaping @Sendable (Int) -> String) -> SuiteDisplay? {
        guard showsSummary(quiet: quiet) else { return nil }
        return SuiteDisplay(name: name, palette: Palette(colors: Terminal.errorColors))
    }

    /// Whether standard error shows the live lines and the final table.
    static func showsSummary(quiet: Bool) -> Bool { Terminal.errorIsTerminal && !quiet }

    func update(_ index: Int, _ event: ScriptSuite.LiveEvent) {
        state.withLock { state in
            var running = state.running[index] ?? Running(name: name(index))
            switch event {
            case .started: break
            case .report(let report):
                running.current = report.source
                if report.passed { running.passed += 1 } else { running.failed += 1 }
            case .finished:
                state.running[index] = nil
                return redraw(&state)
            }
            state.running[index] = running
            let now = ContinuousClock.now
            if let last = state.lastDraw, now - last < .milliseconds(100) { return }
            state.lastDraw = now
            redraw(&state)
        }
    }

    /// Runs `body` (which prints on standard output) with the progress lines erased, then redraws them.
    func pausing(_ body: () -> Void) {
        state.withLock { state in
            erase(&state)
            body()
            redraw(&state)
        }
    }

    func clear() {
        state.withLock { erase(&$0) }
    }

    private func erase(_ state: inout State) {
        guard state.drawnLines > 0 else { return }
        FileHandle.standardError.write(Data("\u{1B}[\(state.drawnLines)A\u{1B}[J".utf8))
        state.drawnLines = 0
    }

    private func redraw(_ state: inout State) {
        erase(&state)
        state.frame += 1
        let spinner = Self.spinner[state.frame % Self.spinner.count]
        // Sanitized before painting (the colour codes are ours, the text is not), each part cut so a
        // line stays one terminal row and the erase above counts rows right.
        let lines = state.running.sorted { $0.key < $1.key }.map { _, running in
            let counts = palette.green("✓\(running.passed)") + " " + palette.red("✗\(running.failed)")
            let name = String(TerminalSanitizer.sanitize(running.name).prefix(40))
            let current = String(TerminalSanitizer.sanitize(running.current).prefix(30))
            return "\(spinner) \(name) \(counts) \(palette.dim(current))"
        }
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((Terminal.masked(lines.joined(separator: "\n")) + "\n").utf8))
        state.drawnLines = lines.count
    }

    /// The run's end on standard error when it is a terminal: a coloured table of every script and
    /// a total; nothing with `--quiet` (standard output has the summaries either way).
    static func summary(
        _ results: [ScriptUnitResult], tally: SuiteTally, duration: Duration, quiet: Bool, stop: RunStop? = nil
    ) {
        guard showsSummary(quiet: quiet) else { return }
        let status = tally.status
        let palette = Palette(colors: Terminal.errorColors)
        var lines: [String] = []
        do {
            let width = max(6, results.map(\.unit.name.count).max() ?? 0)
            lines.append(
                palette.dim(
                    "script".padding(toLength: width, withPad: " ", startingAt: 0)
                        + "  cases  failed      time  verdict"))
            for result in results {
                let cases = result.testCases(stop: stop)
                let failed = cases.count { $0.verdict == .failed || $0.verdict == .error }
                lines.append(
                    result.unit.name.terminalSafe.padding(toLength: width, withPad: " ", startingAt: 0)
                        + String(format: "  %5d  %6d  %8.1fs  ", cases.count, failed, result.duration.seconds)
                        + Transcript.verdict(result.verdict, palette: palette))
            }
        }
        let verdict =
            if let stop {
                palette.red("\(stop) (exit \(stop.exitStatus))")
            } else {
                status == .passed ? palette.green("passed") : palette.red("exit \(status.rawValue)")
            }
        lines.append(
            "\(tally.passed) passed, \(tally.failed) failed, \(tally.skipped) skipped"
                + (stop == nil ? " " : ", \(tally.interrupted) interrupted ")
                + String(format: "in %.2f s", duration.seconds) + ": \(verdict)")
        FileHandle.standardError.write(Data((Terminal.masked(lines.joined(separator: "\n")) + "\n").utf8))
    }

}
