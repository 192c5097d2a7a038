import Foundation

/// What one run of a child process cost: its wall time and its own peak resident memory.
struct ChildRun: Sendable {
    /// From the fork to the moment `wait4` reaped the child, timed by the measuring process.
    let elapsed: Duration
    /// The child's peak resident set size in bytes: `ru_maxrss` of its `wait4`, which Linux reports in
    /// KiB; at least the measuring process's own few megabytes (see ``ChildMeasurer``).
    let peakResidentBytes: Int
    /// The child's CPU time, user and system, every thread: `ru_utime` + `ru_stime` of its `wait4`.
    var cpu: Duration = .zero
}

/// Why a child process run failed: it could not start, or it did not exit with status 0.
struct ChildProcessError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a program to completion and reports its own wall time, CPU time and peak memory.
///
/// The program is run through this benchmark's measuring mode (``ChildMeasurer``), a fresh small
/// process that forks it and reaps it with `wait4`: spawned straight from the benchmark, a child's
/// `ru_maxrss` would be at least the benchmark's own memory (Linux counts the memory the child
/// shared with its parent at `exec`), and every run would report the benchmark's peak.
/// `getrusage(RUSAGE_CHILDREN)` would report the largest peak of every child reaped so far, and
/// Foundation's `Process` reaps its children itself, so neither gives one run's peak.
///
/// ```swift
/// let run = try ChildProcess.run(
///     "/usr/bin/true", [], environment: ["PATH": "/usr/bin"], output: "/dev/null", errors: "/tmp/err")
/// run.peakResidentBytes  // 3_932_160: the measuring process's, which /bin/true stays under
/// ```
enum ChildProcess {
    /// The descriptor the measuring process writes its report to.
    private static let reportDescriptor: Int32 = 3

    /// Runs `executable` with `arguments` in exactly `environment`, standard input on `/dev/null`.
    ///
    /// - Parameters:
    ///   - executable: The program's full path.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment; nothing of this process's is passed on.
    ///   - output: The file standard output is written to (created or truncated).
    ///   - errors: The file standard error is written to (created or truncated); its first line is
    ///     quoted when the child fails.
    /// - Returns: The child's wall time (fork to reap), CPU time and peak resident memory.
    /// - Throws: ``ChildProcessError`` when the spawn fails, or the child is killed or exits non-zero.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], output: String, errors: String
    ) throws(ChildProcessError) -> ChildRun {
        guard let measurer = Bundle.main.executableURL?.path else {
            throw ChildProcessError(description: "cannot find this benchmark's own executable to measure \(executable)")
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // Neither end may leak into a child spawned meanwhile by another thread.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        var pid: pid_t = 0
        let spawned = spawn(
            measurer, [ChildMeasurer.flag, String(reportDescriptor), executable] + arguments, environment: environment,
            output: output, errors: errors, report: ends[1], &pid)
        close(ends[1])
        guard spawned == 0 else {
            throw ChildProcessError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw ChildProcessError(description: "wait4 failed: \(String(cString: strerror(errno)))")
            }
        }
        let name = "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments.joined(separator: " "))"
        guard status == 0, let report = ChildMeasurer.Usage(readAll(ends[0])) else {
            let exitStatus = (status >> 8) & 0xff
            throw ChildProcessError(
                description: exitStatus == 127
                    ? "cannot start \(executable)" : "the measuring process for \(name) failed with status \(status)")
        }
        // WIFEXITED and WEXITSTATUS are macros Swift does not import: the low 7 bits are the signal.
        let signal = report.status & 0x7f
        let exitStatus = (report.status >> 8) & 0xff
        guard signal == 0, exitStatus == 0 else {
            throw ChildProcessError(
                description: name + " "
                    + (signal == 0 ? "exited with status \(exitStatus)" : "was killed by signal \(signal)")
                    + ": \(firstLine(of: errors))")
        }
        return ChildRun(elapsed: report.elapsed, peakResidentBytes: report.peakResidentBytes, cpu: report.cpu)
    }

    /// Everything a descriptor gives until its end.
    private static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Spawns the measuring process with its standard streams redirected and the report pipe on
    /// ``reportDescriptor``; 0, or the error number of what failed.
    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], output: String, errors: String,
        report: Int32, _ pid: inout pid_t
    ) -> Int32 {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A dup2 onto itself would keep close-on-exec: move the pipe's end off the report's number first.
        let source = report == reportDescriptor ? fcntl(report, F_DUPFD_CLOEXEC, 10) : report
        defer { if source != report { close(source) } }
        let results = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644),
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644),
            posix_spawn_file_actions_adddup2(&actions, source, reportDescriptor),
        ]
        if let failure = results.first(where: { $0 != 0 }) { return failure }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        return posix_spawn(&pid, executable, &actions, nil, argv, envp)
    }

    /// The first line of a child's standard error, for a failure message.
    private static func firstLine(of path: String) -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            return "(standard error unreadable: \(error))"
        }
        return text.split(separator: "\n").first.map(String.init) ?? "(nothing on standard error)"
    }
}
