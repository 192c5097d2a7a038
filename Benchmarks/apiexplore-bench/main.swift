import Foundation

// apiexplore-bench: times the APIMapping JSON engine against Foundation's JSONSerialization on the
// same inputs, in one release-build run, and prints a table plus the acceptance targets. The http group times
// requests to the in-process demo backend: bare AsyncHTTPClient against our transport and profile client.
// Exit status: 0 whatever the numbers (this is a report), 1 when an input fails to parse or a request fails,
// 2 for usage.

// The hidden mode that runs one measured child (ChildProcess.swift): first, before this process
// touches any more memory than it must.
if ChildMeasurer.isRequested(CommandLine.arguments) { ChildMeasurer.main(CommandLine.arguments) }

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        FileHandle.standardError.write(Data("apiexplore-bench: \(message)\n\n\(BenchOptions.usage)\n".utf8))
        exit(2)
    }
    print(BenchOptions.usage)
    exit(0)
}

let clock = ContinuousClock()
let started = clock.now
var run = BenchRun(options: options)
run.report.line("apiexplore-bench: APIMapping JSON engine vs Foundation JSONSerialization (release build)")
run.report.line(
    "mode \(options.quick ? "quick" : "full"), groups: "
        + BenchGroup.allCases.filter(options.groups.contains).map(\.rawValue).joined(separator: ", ")
        + ", \(ProcessInfo.processInfo.activeProcessorCount) CPUs")
run.report.line(
    "MB = 10^6 bytes. Timing: ContinuousClock, 1 warm-up, best of 5 samples (3 when a warm-up takes over 0.5 s), "
        + "median in parentheses.")
run.report.line(
    "ratio = how many times faster ours is: ours MB/s / JSONSerialization MB/s "
        + "(writers and lookups: JSONSerialization time / ours time).")
do {
    // A local copy: a top-level variable cannot be passed `inout` across an `await`.
    var running = run
    defer { run = running }
    try await running.run()
} catch {
    run.report.line("")
    run.report.line("FAILED: \(error)")
    exit(1)
}
run.report.summary()
run.report.line("")
run.report.line("checksum \(run.measurer.checksum) (results of every measured run, summed so none is optimized away)")
run.report.line("total time \(Format.duration(clock.now - started))")
