import Foundation

/// Runs `less` on a file in a fresh pseudo-terminal and times its first screen: from just before the
/// spawn until the prompt after the first screenful has been written to the terminal.
///
/// The prompt is set to a marker (`-Ps`), so "the first screen is on the terminal" is an exact
/// event rather than a guess. The size comes from `LINES` and `COLUMNS` (a new pty reports 0×0, and
/// `less` then falls back to them). The time includes starting the process, which a baseline run on
/// a one-line file measures separately.
enum PagerInPTY {
    /// What a run saw: the time to the prompt, and the bytes the terminal received before it.
    struct Run {
        let elapsed: Duration
        let screen: String
    }

    static let marker = "FIRST-SCREEN-READY"

    /// Times `less -S` (long lines chopped, like the raw view) showing `path` on a `columns × rows` terminal.
    ///
    /// - Throws: ``ChildProcessError`` when the pty or the spawn fails, or no prompt comes within 20 s.
    static func firstScreen(of path: String, columns: Int, rows: Int) throws(ChildProcessError) -> Run {
        let calls = try PTYCalls.load()
        let master = calls.openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, calls.grant(master) == 0, calls.unlock(master) == 0, let name = calls.name(master) else {
            throw ChildProcessError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        let slave = String(cString: name)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, slave, O_RDWR | O_NOCTTY, 0)
        }
        let arguments = ["/usr/bin/less", "-S", "-Ps\(marker)", path]
        let environment = [
            "TERM=xterm-256color", "LINES=\(rows)", "COLUMNS=\(columns)", "LANG=C.UTF-8", "LESSHISTFILE=-",
            "PATH=/usr/bin:/bin",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for string in argv + envp { free(string) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/less", &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw ChildProcessError(description: "cannot start less: \(String(cString: strerror(spawned)))")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let marker = Array(Self.marker.utf8)
        var found = false
        while !found {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20_000) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
            // Only the tail can hold a marker that just completed.
            let tail = received.suffix(count + marker.count)
            found = tail.firstRange(of: marker) != nil
        }
        let elapsed = clock.now - start
        _ = "q".withCString { write(master, $0, 1) }
        var status: Int32 = 0
        if !found { kill(pid, SIGKILL) }
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard found else { throw ChildProcessError(description: "less showed no first screen within 20 s") }
        return Run(elapsed: elapsed, screen: String(decoding: received, as: UTF8.self))
    }
}

/// The C library's pseudo-terminal calls, looked up at run time: Glibc's module map hides them
/// behind `_XOPEN_SOURCE`, which SwiftPM does not let a target define.
private struct PTYCalls {
    let openpt: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func load() throws(ChildProcessError) -> PTYCalls {
        func symbol<T>(_ name: String, as type: T.Type) throws(ChildProcessError) -> T {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                throw ChildProcessError(description: "no \(name) in the C library")
            }
            return unsafeBitCast(address, to: type)
        }
        return PTYCalls(
            openpt: try symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
            grant: try symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self),
            unlock: try symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
            name: try symbol("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self))
    }
}
