import Foundation
import Synchronization

#if canImport(CDispatch)
    // In a whole-module (release) build on Linux, `struct stat` is owned by CDispatch (reached
    // through Foundation), and member import visibility asks for its owner by name.
    import CDispatch
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs `${cmd:…}` commands (`pass show acme/token`, `op read op://vault/item/field`) through
/// `/bin/sh -c`, with no input, a time limit and a cap on what is read.
///
/// The command runs in a process group of its own, so whatever it starts in the background ends
/// with it: at the time limit the group gets SIGTERM, then SIGKILL after ``terminationGrace``; once
/// the command has exited, what is left of the group gets SIGKILL. Its standard error goes to
/// `/dev/null`: it may echo the secret, and in the terminal UI it would draw over the screen.
///
/// The waiting is done on two threads of the command's own (one in `waitid`, one in `poll`), never
/// on the cooperative pool, which on Linux has one thread per CPU: two blocked commands would stall
/// every task of a two-CPU machine, their own time limits included.
enum SecretCommand {
    /// The largest output read.
    static let maximumBytes = 64 * 1024
    /// How long a command may run; a password manager that waits for a passphrase it cannot ask
    /// for must not hang the session.
    static let timeLimit: Duration = .seconds(30)
    /// How long a command that is being stopped has between SIGTERM and SIGKILL.
    static let terminationGrace: Duration = .seconds(1)
    /// How long output is still read after the command exits, when something it started in the
    /// background holds the output open (`sleep 1000 & echo token`).
    static let outputGrace: Duration = .milliseconds(200)

    /// The command's standard output, trailing line breaks removed.
    ///
    /// ```swift
    /// try await SecretCommand.run("pass show acme/token", directory: "/home/ada/profiles")
    /// // "s3cr3t"
    /// ```
    ///
    /// - Parameters:
    ///   - command: A `/bin/sh` command line.
    ///   - timeLimit: How long it may run before it is stopped.
    ///   - directory: The working directory it runs in (the profile's folder); `nil` for ours.
    /// - Throws: The problem in words: it did not start, exited with a non-zero status or by a
    ///   signal, printed nothing, too much or something not UTF-8, ran out of time, or its task was
    ///   cancelled. Never the command's error output, which may hold the secret.
    static func run(
        _ command: String, timeLimit: Duration = timeLimit, directory: String? = nil
    ) async throws(SecretProblem) -> String {
        if Task.isCancelled { throw SecretProblem(Stop.cancelled.message(timeLimit: timeLimit)) }
        let child = try Child.spawn(command, directory: directory)
        let ending = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: child.supervise(timeLimit: timeLimit)) }
                thread.name = "secret command \(child.pid)"
                thread.start()
            }
        } onCancel: {
            child.wake(Child.cancelByte)
        }
        if let stop = ending.stop { throw SecretProblem(stop.message(timeLimit: timeLimit)) }
        let hidden = "(its error output is not shown; run the command yourself to see it)"
        switch ending.status {
        case .exited(0): break
        case .exited(let code): throw SecretProblem("exited with status \(code) \(hidden)")
        case .signalled(let signal): throw SecretProblem("was ended by signal \(signal) \(hidden)")
        case nil: throw SecretProblem("ended, but its exit status was lost")
        }
        guard let text = String(validating: ending.output, as: UTF8.self) else {
            throw SecretProblem("printed something that is not UTF-8 text")
        }
        let value = SecretFile.trimmingLineBreaks(text)
        guard !value.isEmpty else { throw SecretProblem("printed nothing") }
        return value
    }
}

extension SecretCommand {
    /// Why the command was stopped before it finished on its own.
    fileprivate enum Stop {
        case timedOut
        case overflowed
        case cancelled
        case failed(String)

        func message(timeLimit: Duration) -> String {
            switch self {
            case .timedOut:
                let (seconds, attoseconds) = timeLimit.components
                let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
                let amount = attoseconds == 0 ? "\(seconds) s" : "\(milliseconds) ms"
                return "did not finish within \(amount) and was stopped"
            case .overflowed: return "printed more than \(SecretCommand.maximumBytes) bytes"
            case .cancelled: return "was stopped: the request that needed it was cancelled"
            case .failed(let problem): return problem
            }
        }
    }

    /// How the command ended, from `waitpid`.
    fileprivate enum Status {
        case exited(Int32)
        case signalled(Int32)
    }

    /// What a supervised command left: its output, why it was stopped if it was, and its status
    /// (`nil` when someone else reaped it, as a process ignoring SIGCHLD does).
    fileprivate struct Ending: Sendable {
        var output: [UInt8]
        var stop: Stop?
        var status: Status?
    }

    /// A running `/bin/sh -c` in a process group of its own, its output pipe and a wake pipe.
    ///
    /// A thread waits in `waitid` for the exit (without reaping, so the group's id cannot be reused
    /// while it is signalled) and writes ``exitByte`` to the wake pipe; cancellation writes
    /// ``cancelByte``. ``supervise(timeLimit:)`` polls both pipes on a thread of its own.
    fileprivate final class Child: Sendable {
        static let exitByte = UInt8(ascii: "x")
        static let cancelByte = UInt8(ascii: "c")

        /// The shell's process id, which is also its process group's.
        let pid: pid_t
        /// The read end of the command's standard output, non-blocking.
        let output: Int32
        /// The read end of the wake pipe, non-blocking.
        let wakeReader: Int32
        /// The write end of the wake pipe; `nil` once closed, so a late cancellation writes nowhere.
        let wakeWriter: Mutex<Int32?>

        private init(pid: pid_t, output: Int32, wakeReader: Int32, wakeWriter: Int32) {
            self.pid = pid
            self.output = output
            self.wakeReader = wakeReader
            self.wakeWriter = Mutex(wakeWriter)
        }

        /// Starts the command and the thread that waits for its exit.
        static func spawn(_ command: String, directory: String?) throws(SecretProblem) -> Child {
            var arguments = ["/bin/sh", "-c", command]
            if let directory {
                // posix_spawn_file_actions_addchdir_np is a GNU extension Swift's Glibc does not show;
                // the shell changes directory and then becomes the command's shell, keeping its pid.
                var status = stat()
                guard stat(directory, &status) == 0 else {
                    throw SecretProblem("did not start: cannot use the folder \(directory): \(Self.describe(errno))")
                }
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw SecretProblem("did not start: \(directory) is not a folder")
                }
                // Absolute, so `cd` does not look it up in CDPATH.
                let absolute =
                    directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
                arguments = ["/bin/sh", "-c", #"cd -- "$1" && exec /bin/sh -c "$2""#, "sh", absolute, command]
            }
            guard let (outputReader, outputWriter) = makePipe() else {
                throw SecretProblem("did not start: no pipe for its output: \(Self.describe(errno))")
            }
            guard let (wakeReader, wakeWriter) = makePipe() else {
                let problem = Self.describe(errno)
                close(outputReader)
                close(outputWriter)
                throw SecretProblem("did not start: no pipe to watch it with: \(problem)")
            }
            _ = fcntl(wakeWriter, F_SETFL, O_NONBLOCK)
            var pid: pid_t = 0
            let failure = start(arguments, output: outputWriter, pid: &pid)
            close(outputWriter)
            guard failure == 0 else {
                for descriptor in [outputReader, wakeReader, wakeWriter] { close(descriptor) }
                throw SecretProblem("did not start: \(Self.describe(failure))")
            }
            let child = Child(pid: pid, output: outputReader, wakeReader: wakeReader, wakeWriter: wakeWriter)
            let waiter = Thread {
                var info = siginfo_t()
                // An error other than EINTR (ECHILD: reaped elsewhere) also means it is gone.
                while waitid(P_PID, id_t(child.pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
                child.wake(exitByte)
            }
            waiter.name = "secret command \(pid) exit"
            waiter.start()
            return child
        }

        /// Writes `byte` to the wake pipe, unless ``supervise(timeLimit:)`` has finished.
        func wake(_ byte: UInt8) {
            wakeWriter.withLock { descriptor in
                guard let descriptor else { return }
                var byte = byte
                // The pipe holds at most two bytes, so the write cannot fail for want of room.
                _ = write(descriptor, &byte, 1)
            }
        }

        /// Reads the output until the command exits and the output closes, or the time limit, a
        /// cancellation or too much output stops it; then cleans up the group and reaps the shell.
        ///
        /// Blocks: call it on a thread of its own.
        func supervise(timeLimit: Duration) -> Ending {
            let clock = ContinuousClock()
            let deadline = clock.now + timeLimit
            var printed: [UInt8] = []
            var outputOpen = true
            var exitedAt: ContinuousClock.Instant?
            var stop: Stop?
            watching: while outputOpen || exitedAt == nil {
                let now = clock.now
                let until = exitedAt.map { $0 + SecretCommand.outputGrace } ?? deadline
                guard now < until else {
                    // After the exit, what arrived within the grace is all there is.
                    if exitedAt == nil { stop = .timedOut }
                    break
                }
                var watched = [pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
                if outputOpen { watched.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
                guard poll(&watched, nfds_t(watched.count), Self.milliseconds(until - now)) >= 0 || errno == EINTR
                else {
                    stop = .failed("could not be watched: \(Self.describe(errno))")
                    break
                }
                if outputOpen && watched[1].revents != 0 {
                    switch Self.drain(output, into: &printed, upTo: SecretCommand.maximumBytes + 1) {
                    case .open: break
                    case .closed: outputOpen = false
                    case .failed(let code):
                        stop = .failed("could not be read: \(Self.describe(code))")
                        break watching
                    }
                    if printed.count > SecretCommand.maximumBytes {
                        stop = .overflowed
                        break
                    }
                }
                if watched[0].revents != 0 {
                    var bytes: [UInt8] = []
                    _ = Self.drain(wakeReader, into: &bytes, upTo: .max)
                    if bytes.contains(Self.exitByte) { exitedAt = clock.now }
                    if bytes.contains(Self.cancelByte) {
                        stop = .cancelled
                        break
                    }
                }
            }
            // Closed first, so a command still writing gets SIGPIPE rather than waiting for a reader.
            close(output)
            if stop != nil && exitedAt == nil {
                signalGroup(SIGTERM)
                // A stopped process (one that read the terminal from the background) acts on SIGTERM only once continued.
                signalGroup(SIGCONT)
                if waitForExit(until: clock.now + SecretCommand.terminationGrace) { exitedAt = clock.now }
            }
            // Whatever the command left running (or, at the time limit, what ignored SIGTERM).
            signalGroup(SIGKILL)
            if exitedAt == nil { _ = waitForExit(until: nil) }
            let status = reap()
            wakeWriter.withLock { descriptor in
                if let open = descriptor { close(open) }
                descriptor = nil
            }
            close(wakeReader)
            return Ending(output: printed, stop: stop, status: status)
        }

        /// Waits for ``exitByte`` until `until` (`nil`: however long it takes); whether it came.
        private func waitForExit(until: ContinuousClock.Instant?) -> Bool {
            let clock = ContinuousClock()
            while true {
                var timeout: Int32 = -1
                if let until {
                    let now = clock.now
                    guard now < until else { return false }
                    timeout = Self.milliseconds(until - now)
                }
                var watched = [pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&watched, 1, timeout)
                if ready < 0 && errno != EINTR { return false }
                guard ready > 0 else { continue }
                var bytes: [UInt8] = []
                _ = Self.drain(wakeReader, into: &bytes, upTo: .max)
                if bytes.contains(Self.exitByte) { return true }
            }
        }

        private func signalGroup(_ signal: Int32) {
            // ESRCH, the only likely failure, means the group is already gone. The shell is not reaped
            // yet, so its id still names this group and no other.
            _ = kill(-pid, signal)
        }

        private func reap() -> Status? {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { return nil }
            }
            // WIFEXITED and WEXITSTATUS are macros Swift does not import; the encoding is the same on
            // Linux and Darwin.
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        private enum Drained {
            case open
            case closed
            case failed(Int32)
        }

        /// Reads what `descriptor` has now, until it would block, closes, or `bytes` holds `limit`.
        private static func drain(_ descriptor: Int32, into bytes: inout [UInt8], upTo limit: Int) -> Drained {
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while bytes.count < limit {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes += buffer[..<count]
                } else if count == 0 {
                    return .closed
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    return .open
                } else if errno != EINTR {
                    return .failed(errno)
                }
            }
            return .open
        }

        /// `duration` in whole milliseconds for `poll`, rounded up so a wait never ends early.
        private static func milliseconds(_ duration: Duration) -> Int32 {
            let (seconds, attoseconds) = duration.components
            let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: max(0, total))
        }

        /// A pipe whose ends are closed on exec (the command gets its write end through `dup2`) and
        /// whose read end does not block.
        ///
        /// `pipe2` is a GNU extension Swift's Glibc does not show; another thread spawning between
        /// `pipe` and `fcntl` can inherit an end, which the output grace then bounds.
        private static func makePipe() -> (reader: Int32, writer: Int32)? {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return nil }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
            return (ends[0], ends[1])
        }

        /// Spawns `/bin/sh` with `arguments`: standard input and error on `/dev/null`, standard output
        /// on `output`, in a new process group, with default signal handling and no blocked signals.
        ///
        /// - Returns: 0, or the error number of what failed.
        private static func start(_ arguments: [String], output: Int32, pid: inout pid_t) -> Int32 {
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t?
                var attributes: posix_spawnattr_t?
            #else
                var actions = posix_spawn_file_actions_t()
                var attributes = posix_spawnattr_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            // A parent that ignores SIGPIPE (servers do) would pass that on, and `yes` would never end.
            var defaults = sigset_t()
            sigfillset(&defaults)
            sigdelset(&defaults, SIGKILL)
            sigdelset(&defaults, SIGSTOP)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
            var results = [
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
                posix_spawn_file_actions_adddup2(&actions, output, 1),
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0),
            ]
            results.append(InheritedDescriptors.close(in: &actions, flags: &flags))
            results += [
                posix_spawnattr_setpgroup(&attributes, 0),
                posix_spawnattr_setsigdefault(&attributes, &defaults),
                posix_spawnattr_setsigmask(&attributes, &unblocked),
                posix_spawnattr_setflags(&attributes, Int16(flags)),
            ]
            if let failure = results.first(where: { $0 != 0 }) { return failure }
            let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            defer { for string in argv + envp { free(string) } }
            return posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        }

        private static func describe(_ code: Int32) -> String {
            String(cString: strerror(code))
        }
    }
}
