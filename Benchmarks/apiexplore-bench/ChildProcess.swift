import Foundation

/// What one run of a child process cost: its wall time and its own peak resident memory.
struct ChildRun: Sendable {
    /// From just before the spawn to the moment `wait4` reaped the child.
    let elapsed: Duration
    /// The child's peak resident set size in bytes: `ru_maxrss` of its `wait4`, which Linux reports in KiB.
    let peakResidentBytes: Int
    /// The child's CPU time, user and system, every thread: `ru_utime` + `ru_stime` of its `wait4`.
    var cpu: Duration = .zero
}

/// Why a child process run failed: it could not start, or it did not exit with status 0.
struct ChildProcessError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a program to completion with `posix_spawn` and reaps it with `wait4`, so the resource usage
/// read is this child's alone.
///
/// `getrusage(RUSAGE_CHILDREN)` would report the largest peak of every child reaped so far, and
/// Foundation's `Process` reaps its children itself, so neither gives one run's peak.
///
/// ```swift
/// let run = try ChildProcess.run(
///     "/usr/bin/true", [], environment: ["PATH": "/usr/bin"], output: "/dev/null", errors: "/tmp/err")
/// run.peakResidentBytes  // 1_572_864
/// ```
enum ChildProcess {
    /// Runs `executable` with `arguments` in exactly `environment`, standard input on `/dev/null`.
    ///
    /// - Parameters:
    ///   - executable: The program's full path.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment; nothing of this process's is passed on.
    ///   - output: The file standard output is written to (created or truncated).
    ///   - errors: The file standard error is written to (created or truncated); its first line is
    ///     quoted when the child fails.
    /// - Returns: The wall time and the child's peak resident memory.
    /// - Throws: ``ChildProcessError`` when the spawn fails, or the child is killed or exits non-zero.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], output: String, errors: String
    ) throws(ChildProcessError) -> ChildRun {
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = spawn(executable, arguments, environment: environment, output: output, errors: errors, &pid)
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
        let elapsed = clock.now - start
        // WIFEXITED and WEXITSTATUS are macros Swift does not import: the low 7 bits are the signal.
        let signal = status & 0x7f
        let exitStatus = (status >> 8) & 0xff
        guard signal == 0, exitStatus == 0 else {
            throw ChildProcessError(
                description:
                    "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments.joined(separator: " ")) "
                    + (signal == 0 ? "exited with status \(exitStatus)" : "was killed by signal \(signal)")
                    + ": \(firstLine(of: errors))")
        }
        let cpu =
            Duration.seconds(usage.ru_utime.tv_sec) + .microseconds(usage.ru_utime.tv_usec)
            + .seconds(usage.ru_stime.tv_sec) + .microseconds(usage.ru_stime.tv_usec)
        return ChildRun(elapsed: elapsed, peakResidentBytes: Int(usage.ru_maxrss) * 1024, cpu: cpu)
    }

    /// Spawns the child with its standard streams redirected; 0, or the error number of what failed.
    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], output: String, errors: String,
        _ pid: inout pid_t
    ) -> Int32 {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let results = [
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644),
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644),
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
