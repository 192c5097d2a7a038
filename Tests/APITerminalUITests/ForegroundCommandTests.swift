import Foundation
import Testing

@testable import APITerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command the terminal UI hands the terminal to (an editor), without a terminal here: it runs in
/// our process group and ends as the shell says.
@Suite("Foreground command")
struct ForegroundCommandTests {
    @Test(
        "Passes on no descriptor but the standard three, even one opened without close-on-exec",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fdinfo")))
    func closesInheritedDescriptors() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        // The arguments follow the command as words: `closed "4"`; the shell's `/proc/$$` is the command's.
        let closed = "closed() { test ! -e /proc/$$/fdinfo/$1; }; closed"
        let ended = ForegroundCommand.run(closed, arguments: [String(descriptor)])
        #expect(try ended.get() == .exited(0))
    }

    @Test(
        "Ends as the command did, its words passed whole",
        arguments: [
            ("exit 7", [], ForegroundCommand.Termination.exited(7)),
            ("words() { test $# = 1 && test \"$1\" = 'two words' && exit 3; }; words", ["two words"], .exited(3)),
            ("kill -TERM $$", [], .killed(SIGTERM)),
        ])
    func endsAsTheCommandDid(command: String, arguments: [String], expected: ForegroundCommand.Termination) throws {
        #expect(try ForegroundCommand.run(command, arguments: arguments).get() == expected)
    }
}
