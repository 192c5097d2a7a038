import CNcursesw
import CTerminalGuard
import Foundation

/// Keeps the terminal usable whatever ends the UI, and hands it over to another program meanwhile.
///
/// ``install(modes:)`` arms a C signal handler (async-signal-safe, no Swift in it) for SIGTERM,
/// SIGHUP, SIGINT, SIGQUIT and the crash signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT —
/// a Swift precondition traps with SIGILL or SIGTRAP): it leaves the alternate screen, shows the
/// cursor, restores the modes the terminal had before curses, then lets the
/// signal do what it would have done (the process still dies of it, a crash reporter still runs).
///
/// ```swift
/// TerminalGuard.install(modes: shellModes)   // after newterm, before raw()
/// defer { TerminalGuard.uninstall() }
/// ```
enum TerminalGuard {
    /// Arms the handler with `modes`, the terminal's modes before curses.
    static func install(modes: termios) {
        var leave = ""
        for name in ["rmcup", "cnorm", "sgr0", "rmkx"] {
            leave += cn_string_capability(name).map { String(cString: $0) } ?? ""
        }
        var modes = modes
        let bytes = Array(leave.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { tg_install(STDOUT_FILENO, &modes, $0.baseAddress, $0.count) }
        }
    }

    /// Disarms the handler: the previous signal actions come back.
    static func uninstall() { tg_uninstall() }

    /// Leaves curses mode, runs `body` (which may give the terminal to another process group), then
    /// takes the terminal back in curses mode; the caller redraws in full.
    static func handOver<T>(_ body: () -> T) -> T {
        def_prog_mode()
        endwin()
        let result = body()
        reset_prog_mode()
        wrefresh(cn_stdscr())
        return result
    }
}
