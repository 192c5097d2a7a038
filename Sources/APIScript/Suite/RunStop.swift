import APIClient
import APIMapping

/// Why a run stopped before its end: a signal (Ctrl-C, a CI job's timeout sending SIGTERM), or the
/// run's own time limit (`run --timeout`).
///
/// Reports mark such a run as interrupted, whatever passed before it stopped: TAP ends with
/// `Bail out!`, JUnit turns the requests never reached into errors naming the cause, the JSON
/// report's verdict is `interrupted`, and the exit status is not 0.
///
/// ```swift
/// let stop = RunStop.signal(15)
/// stop.description   // "interrupted by SIGTERM"
/// stop.exitStatus    // 143
/// ```
package struct RunStop: Sendable, Hashable, CustomStringConvertible {
    private enum Cause: Sendable, Hashable {
        case signal(Int32)
        case timeLimit(Duration)
    }

    private let cause: Cause

    /// A run stopped by a signal, such as `SIGINT` (2) or `SIGTERM` (15).
    ///
    /// - Parameter number: The signal's number.
    package static func signal(_ number: Int32) -> RunStop { RunStop(cause: .signal(number)) }

    /// A run stopped by its own time limit (`run --timeout`).
    ///
    /// - Parameter limit: The limit that was reached.
    package static func timeLimit(_ limit: Duration) -> RunStop { RunStop(cause: .timeLimit(limit)) }

    /// The signal's number, when a signal stopped the run.
    package var signalNumber: Int32? {
        if case .signal(let number) = cause { number } else { nil }
    }

    /// Whether the run's time limit stopped it.
    package var isTimeLimit: Bool {
        if case .timeLimit = cause { true } else { false }
    }

    /// The signal's name (`SIGTERM`), or `signal N` for one without a common name; `nil` for a time limit.
    package var signalName: String? {
        guard let number = signalNumber else { return nil }
        return Self.names[number] ?? "signal \(number)"
    }

    /// The process exit status: 128 + the signal, as a shell reports a death by signal; 3 (no
    /// response in time) for the run's time limit.
    package var exitStatus: Int32 {
        switch cause {
        case .signal(let number): 128 + number
        case .timeLimit: ScriptExitStatus.transportFailure.rawValue
        }
    }

    /// What reports call the test cases the stop left unrun: `interrupted`, or `timeout` for the time limit.
    package var caseType: String { isTimeLimit ? "timeout" : "interrupted" }

    /// `interrupted by SIGTERM`, or `the run's time limit (5m) was reached`.
    package var description: String {
        switch cause {
        case .signal: "interrupted by \(signalName ?? "a signal")"
        case .timeLimit(let limit):
            "the run's time limit (\(DurationText.text(milliseconds: Int64((limit / .milliseconds(1)).rounded())))) was reached"
        }
    }

    private static let names: [Int32: String] = [1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 15: "SIGTERM"]
}
