import Foundation

/// The benchmark's hidden measuring mode: `apiexplore-bench --measure-child FD PROGRAM ARGS…` runs
/// one program with `fork` and `execve`, reaps it with `wait4`, and writes what it cost to file
/// descriptor FD, for ``ChildProcess`` to read.
///
/// Why a process in between: on Linux a child's `ru_maxrss` is at least the resident memory of the
/// process it was forked from, counted when it calls `exec`. `posix_spawn` shares the parent's whole
/// memory until then (`CLONE_VM`), so a child spawned by a benchmark holding a 200 MB feed reports
/// 200 MB whatever it does; a `fork` counts the parent's anonymous pages. This mode starts as a fresh
/// process, touches next to nothing, and forks from there: a child's peak is then its own, or this
/// small process's when the child stays smaller (`/bin/true` reads a few megabytes).
///
/// The report is one line: wall nanoseconds (fork to reap), `ru_maxrss` in KiB, user plus system CPU
/// in microseconds, and the raw `wait4` status.
///
/// ```swift
/// // main.swift, before anything else:
/// if ChildMeasurer.isRequested(CommandLine.arguments) { ChildMeasurer.main(CommandLine.arguments) }
/// ```
enum ChildMeasurer {
    /// The first argument that selects this mode.
    static let flag = "--measure-child"

    /// Whether `arguments` (the whole command line) ask for this mode.
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments.count >= 4 && arguments[1] == flag
    }

    /// Runs the program the arguments name and exits: 0 when the report was written, whatever the
    /// program's own status (which the report carries), 2 for bad arguments, 3 when the report
    /// cannot be written, 127 when the program cannot be started.
    static func main(_ arguments: [String]) -> Never {
        guard let reportDescriptor = Int32(arguments[2]) else { exit(2) }
        let program = Array(arguments[3...])
        // Everything the child needs is made before the fork: after it, only exec and _exit.
        let argv = program.map { strdup($0) } + [nil]
        guard let path = argv[0] else { exit(2) }
        // The report's descriptor must not reach the measured program.
        _ = fcntl(reportDescriptor, F_SETFD, FD_CLOEXEC)
        let clock = ContinuousClock()
        let start = clock.now
        let pid = fork()
        if pid == 0 {
            execve(path, argv, environ)
            _exit(127)
        }
        guard pid > 0 else { exit(127) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { exit(3) }
        }
        let elapsed = clock.now - start
        let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        let cpu =
            (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec
            + usage.ru_stime.tv_usec
        let line = Array("\(nanoseconds) \(usage.ru_maxrss) \(cpu) \(status)\n".utf8)
        let written = line.withUnsafeBytes { write(reportDescriptor, $0.baseAddress, $0.count) }
        exit(written == line.count ? 0 : 3)
    }

    /// What the measuring process reported about its child: one report line, read.
    struct Usage {
        let elapsed: Duration
        /// `ru_maxrss` in bytes (Linux reports KiB).
        let peakResidentBytes: Int
        let cpu: Duration
        /// The raw `wait4` status.
        let status: Int32

        /// Reads a report line; `nil` when it is not one.
        init?(_ text: String) {
            let fields = text.split(separator: " ").map { Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard fields.count == 4, let nanoseconds = fields[0], let kibibytes = fields[1], let micro = fields[2],
                let status = fields[3]
            else { return nil }
            elapsed = .nanoseconds(nanoseconds)
            #if canImport(Darwin)
                peakResidentBytes = Int(kibibytes)  // bytes already
            #else
                peakResidentBytes = Int(kibibytes) * 1024
            #endif
            cpu = .microseconds(micro)
            self.status = Int32(truncatingIfNeeded: status)
        }
    }
}
