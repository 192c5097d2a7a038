import Foundation
import RawHTTPTesting
import Testing

/// A tmux server of our own (its own socket) running one command in a detached session, for driving
/// the terminal UI as a user would.
final class TmuxSession {
    let socket = "apiexplore-test-\(UUID().uuidString.prefix(8))"
    let name = "tui"
    /// The session's own folder: its `HOME`, XDG folders and history database, so runs never see
    /// each other's (or the user's) files.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apiexplore-tmux-\(UUID().uuidString)")
    /// The session's own history database.
    var history: URL { scratch.appendingPathComponent("history.sqlite") }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `command` (run by `sh -c`) in a `columns × rows` session.
    init(command: String, columns: Int = 120, rows: Int = 40) throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let isolated = IsolatedEnvironment.make(scratch: scratch)
        let variables = IsolatedEnvironment.isolatedNames.flatMap { ["-e", "\($0)=\(isolated[$0] ?? "")"] }
        try tmux(
            // The pane starts in the scratch folder, so no `./profiles` of the checkout is found.
            ["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), "-c", scratch.path]
                + ["-e", "NCURSES_NO_UTF8_ACS=1", "-e", "LANG=C.UTF-8"] + variables + [command])
    }

    /// Runs a tmux command against our server and returns its standard output.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, with an empty signal mask and default signal
    /// actions: the test runner's threads block signals, and a tmux server started with that mask never sees
    /// SIGCHLD or SIGHUP, so it could neither reap its panes nor be stopped.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { CommandRunner.remove(outputURL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ["tmux", "-u", "-L", socket] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = envp.map { strdup($0) } + [nil]
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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        // The tmux server lives on with what it inherits; nothing but its output may be among it.
        let spawned = try ProcessLaunch.serially {
            try ProcessLaunch.closeInheritedDescriptors(&actions)
            return posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, &cEnvironment)
        }
        guard spawned == 0 else { throw Failure(description: "cannot start tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Presses named keys (`Enter`, `Tab`, `Escape`, `BTab`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// The visible screen.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The visible screen with its colours and attributes as SGR escape sequences.
    func captureWithAttributes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// Polls the screen until `condition` holds, for at most `timeout`; returns the screen that matched.
    ///
    /// The default only bounds a hang: each poll waits its turn on the concurrency pool, which the
    /// full run's blocking helpers can hold for many seconds (CONTRIBUTING.md, "Known debt").
    @discardableResult
    func waitFor(
        _ what: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = try capture()
        while !condition(screen) {
            guard clock.now < deadline else {
                Issue.record("timed out waiting for \(what); screen:\n\(screen)", sourceLocation: sourceLocation)
                throw Failure(description: "timed out waiting for \(what)")
            }
            try await Task.sleep(for: .milliseconds(50))
            screen = try capture()
        }
        return screen
    }

    /// Stops the server and everything in it.
    func kill() {
        do {
            try tmux(["kill-server"])
        } catch {
            print("warning: could not stop tmux server \(socket): \(error)")
        }
        // tmux leaves the socket file of a killed server behind.
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        let socketFile = URL(fileURLWithPath: "\(directory)/tmux-\(getuid())/\(socket)")
        if FileManager.default.fileExists(atPath: socketFile.path) { CommandRunner.remove(socketFile) }
        CommandRunner.remove(scratch)
    }
}

/// Quotes a string for `sh -c`.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
