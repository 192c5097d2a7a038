import Foundation

/// A detached tmux session running one command in a terminal of a fixed size, driven by keys and
/// read back as the text on its screen, so a benchmark can run the terminal UI as a user does.
///
/// ```swift
/// let pane = try TmuxPane(tmux: tmux, name: "memory", command: "exec /usr/bin/top", width: 200, height: 50)
/// try pane.waitFor("the first screen", timeout: .seconds(10)) { $0.contains("load average") }
/// pane.close()
/// ```
struct TmuxPane {
    /// The `tmux` executable.
    let tmux: String
    /// The session's name.
    let name: String
    /// The process the pane runs: the command itself when it starts with `exec`.
    let pid: Int32

    /// Starts the session.
    ///
    /// - Throws: ``BenchFailure`` when tmux cannot start it.
    init(tmux: String, name: String, command: String, width: Int, height: Int) throws(BenchFailure) {
        self.tmux = tmux
        self.name = name
        try Self.tmux(tmux, ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
        let listed = try Self.tmux(tmux, ["list-panes", "-t", name, "-F", "#{pane_pid}"])
        guard let pid = Int32(listed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchFailure(description: "tmux named no process for session \(name): \(listed)")
        }
        self.pid = pid
    }

    /// The text on the screen now.
    func screen() throws(BenchFailure) -> String {
        try Self.tmux(tmux, ["capture-pane", "-p", "-t", name])
    }

    /// Types `text` literally.
    func type(_ text: String) throws(BenchFailure) {
        try Self.tmux(tmux, ["send-keys", "-t", name, "-l", text])
    }

    /// Presses a named key, such as `Enter`.
    func press(_ key: String) throws(BenchFailure) {
        try Self.tmux(tmux, ["send-keys", "-t", name, key])
    }

    /// Polls the screen until `condition` holds, and returns that screen.
    ///
    /// - Throws: ``BenchFailure`` naming `what` with the last screen when `timeout` passes first.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration, _ condition: (String) -> Bool) throws(BenchFailure) -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(50_000)
        }
        throw BenchFailure(description: "tmux session \(name): no \(what) after \(timeout); the screen:\n\(last)")
    }

    /// The pane process's peak resident memory so far (VmHWM), in bytes.
    ///
    /// - Throws: ``BenchFailure`` when `/proc` has no such process or field.
    func peakResidentBytes() throws(BenchFailure) -> Int {
        let status: String
        do {
            status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        } catch {
            throw BenchFailure(description: "cannot read /proc/\(pid)/status: \(error)")
        }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        guard let line, let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw BenchFailure(description: "/proc/\(pid)/status has no VmHWM")
        }
        return kilobytes * 1024
    }

    /// Ends the session and the process in it.
    func close() {
        do {
            try Self.tmux(tmux, ["kill-session", "-t", name])
        } catch {
            print("apiexplore-bench: could not end tmux session \(name): \(error)")
        }
    }

    /// Runs one tmux command and returns its standard output.
    ///
    /// Output goes through a file, not a pipe: `new-session` starts the tmux server, which keeps the
    /// client's standard streams open, so a pipe would never reach its end.
    @discardableResult
    private static func tmux(_ tmux: String, _ arguments: [String]) throws(BenchFailure) -> String {
        let output = FileManager.default.temporaryDirectory.appending(
            path: "apiexplore-bench-tmux-\(ProcessInfo.processInfo.processIdentifier).txt")
        defer { unlink(output.path) }
        do {
            _ = try ChildProcess.run(
                tmux, arguments, environment: ProcessInfo.processInfo.environment, output: output.path,
                errors: "/dev/null")
            return try String(contentsOf: output, encoding: .utf8)
        } catch {
            throw BenchFailure(description: "tmux \(arguments.first ?? ""): \(error)")
        }
    }
}
