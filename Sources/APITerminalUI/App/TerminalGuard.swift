import CNcursesw
import CTerminalGuard
import Foundation

/// Keeps the terminal usable whatever ends the UI, and hands it over to another program meanwhile.
///
/// ``install(modes:)`` arms a C signal handler (async-signal-safe, no Swift in it) for SIGTERM,
/// SIGHUP, SIGINT, SIGQUIT and the crash signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT —
/// a Swift precondition traps with SIGILL or SIGTRAP): it leaves the alternate screen, shows the
/// cursor, stops mouse reports, restores the modes the terminal had before curses, then raises the
/// signal again: a request to end at its default action (the process dies of it, even where a server
/// in the process had asked for SIGTERM first: with the terminal restored there is no UI left to run),
/// a crash at the action it had before (a crash reporter still runs).
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
        leave += MouseReporting.off
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
        MouseReporting.write(MouseReporting.off)
        endwin()
        let result = body()
        reset_prog_mode()
        MouseReporting.write(MouseReporting.on)
        wrefresh(cn_stdscr())
        return result
    }
}

/// xterm's mouse reports in SGR form (`ESC [ < b ; x ; y M`): button presses, releases and the wheel,
/// decoded by ``MouseEvent/parse(_:)``.
enum MouseReporting {
    /// Turns reports on: mode 1000 (presses and releases) with mode 1006 (SGR coordinates, no 223-column limit).
    static let on = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Turns them off again.
    static let off = "\u{1B}[?1006l\u{1B}[?1000l"

    /// Writes a sequence to the terminal.
    static func write(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cn_write_raw(cn_stdout(), $0.baseAddress, $0.count) }
        }
    }
}
