import Foundation
import Testing

/// The processes the tests start keep none of the test process's descriptors: a long-lived one
/// that held another child's pipe or Foundation's watch socket would hide that child's end, and
/// the test waiting for it would wait as long as the holder lives.
@Suite("Processes the tests start")
struct ProcessLaunchTests {
    @Test("A tmux server holds no pipe that was open in the test process when it started")
    func tmuxServerInheritsNothing() throws {
        let pipe = Pipe()
        let ours = try FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)")
        let session = try TmuxSession(command: "sleep 100")
        defer { session.kill() }
        let pid = try session.tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = "/proc/\(pid)/fd"
        let held = try FileManager.default.contentsOfDirectory(atPath: folder).map {
            try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")
        }
        #expect(held.contains { $0.hasPrefix("/dev/") }, "the listing is the server's: \(held)")
        #expect(!held.contains(ours), "the server holds \(ours): \(held)")
    }
}
