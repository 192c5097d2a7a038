import APISession
import CTerminalGuard
import Foundation

/// Runs a user's command (an editor) with the terminal handed over to it, the way a shell runs a job.
///
/// The command runs through `sh -c` (as git runs `$EDITOR`, so `EDITOR="code --wait"` and
/// `EDITOR="emacs -nw"` work) in a process group of its own, which becomes the terminal's foreground
/// group: it reads the keyboard, and Ctrl-C or Ctrl-Z reach it, not us. It inherits no descriptor
/// but the standard three. Every signal starts at its default action and none is blocked, whatever
/// this process ignores or blocks. When it ends, the terminal goes back to our group (with SIGTTOU
/// blocked, since we ask from the background) and to the modes it had before, in case the command
/// left it raw. An editor that stops itself (Ctrl-Z in vim) is continued: there is no shell here to
/// resume it later.
///
/// Without a terminal on standard input (a test, a pipe) the command runs in our own group, as any
/// child would.
///
/// ```swift
/// let ended = ForegroundCommand.run("vim", arguments: ["/tmp/apiexplore-edit-x/body.json"])
/// // .success(.exited(0))
/// ```
package enum ForegroundCommand {
    /// How the command ended.
    package enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(Int32)
    }

    /// Why the command could not be run.
    package struct LaunchError: Error, Sendable, CustomStringConvertible {
        /// What failed, with the system's reason.
        package let description: String
    }

    /// Runs `command` (shell words) with `arguments` after it, each passed as its own word (never
    /// parsed by the shell), with the terminal handed over; returns how it ended.
    ///
    /// - Parameters:
    ///   - command: The command as the user wrote it (`vim`, `code --wait`).
    ///   - arguments: Words appended as `"$1"`, `"$2"`…: a file name with spaces stays one word.
    ///   - environment: The child's environment; the process's own by default.
    /// - Returns: How the command ended, or why it could not start.
    package static func run(
        _ command: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<Termination, LaunchError> {
        let terminal = STDIN_FILENO
        // A job of our own only when we own the terminal: a background process must not take it.
        let handsOver = isatty(terminal) == 1 && tcgetpgrp(terminal) == getpgrp()
        var modes = termios()
        let hasModes = handsOver && tcgetattr(terminal, &modes) == 0

        let script = command + " " + arguments.indices.map { "\"$\($0 + 1)\"" }.joined(separator: " ")
        let argv = ["/bin/sh", "-c", script, "sh"] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if handsOver {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // An editor may leave a server running with whatever it inherited: our connections, our history.
        let closing = InheritedDescriptors.close(in: &actions, flags: &flags)
        guard closing == 0 else {
            return .failure(LaunchError(description: "cannot start /bin/sh: \(String(cString: strerror(closing)))"))
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else {
            return .failure(LaunchError(description: "cannot start /bin/sh: \(String(cString: strerror(spawned)))"))
        }
        if handsOver {
            // The child's group may not exist yet when we get here; setting it from both sides is what
            // shells do, and whichever comes second is a no-op.
            setpgid(pid, pid)
            tg_set_foreground(terminal, pid)
        }
        defer {
            if handsOver {
                tg_set_foreground(terminal, getpgrp())
                if hasModes { tcsetattr(terminal, TCSAFLUSH, &modes) }
            }
        }
        while true {
            var status: Int32 = 0
            let waited = waitpid(pid, &status, WUNTRACED)
            if waited == -1 {
                if errno == EINTR { continue }
                return .failure(
                    LaunchError(description: "lost the command's status: \(String(cString: strerror(errno)))"))
            }
            var value: Int32 = 0
            switch tg_decode_status(status, &value) {
            case 0: return .success(.exited(value))
            case 1: return .success(.killed(value))
            case 2:
                // Stopped (Ctrl-Z): give it the terminal back and let it go on.
                if handsOver { tg_set_foreground(terminal, pid) }
                kill(-pid, SIGCONT)
            default:
                continue
            }
        }
    }

    /// What a user reads when the command did not end well, or `nil` for status 0.
    ///
    /// ```swift
    /// ForegroundCommand.problem(.exited(127), command: "vimx")  // "the editor (vimx) was not found (status 127)"
    /// ```
    package static func problem(_ termination: Termination, command: String) -> String? {
        switch termination {
        case .exited(0): return nil
        case .exited(127): return "the editor (\(command)) was not found (status 127)"
        case .exited(126): return "the editor (\(command)) could not be run (status 126)"
        case .exited(let status): return "the editor (\(command)) exited with status \(status)"
        case .killed(let signal):
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
            return "the editor (\(command)) was ended by signal \(signal) (\(name))"
        }
    }

    /// The editor a user chose: `$VISUAL`, else `$EDITOR`, else `vi` (an empty value counts as unset).
    package static func editor(in environment: [String: String]) -> String {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }
}
