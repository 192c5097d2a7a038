import Foundation
import RawHTTPTesting
import Testing

@testable import APISession

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// No test here times itself: each command sleeps 400 s, past the suite's time limit, so a command
// that is waited for instead of stopped fails the suite; `marker.running` proves it was stopped.
@Suite("${cmd:…} secret commands", .timeLimit(.minutes(5)))
struct SecretCommandTests {
    @Test(
        "Prints the output without its trailing line breaks",
        arguments: [
            ("printf 'tok\\n'", "tok"),
            ("printf 'tok\\r\\n\\n'", "tok"),
            ("printf '  two words  '", "  two words  "),
            ("printf 'first\\nsecond\\n'", "first\nsecond"),
        ])
    func printsAndTrims(command: String, expected: String) async throws {
        #expect(try await SecretCommand.run(command) == expected)
    }

    @Test("A non-zero exit is an error that does not show the error output, which may echo the secret")
    func nonZeroExitHidesErrorOutput() async {
        let message = await commandProblem { () async throws(SecretProblem) in
            try await SecretCommand.run("echo 'hunter2 is wrong' >&2; exit 3")
        }
        #expect(message == "exited with status 3 (its error output is not shown; run the command yourself to see it)")
        #expect(message?.contains("hunter2") == false)
    }

    @Test(
        "Refuses output that is no secret",
        arguments: [
            ("true", "printed nothing"),
            ("printf '\\n\\n'", "printed nothing"),
            ("printf 'tok\\377'", "printed something that is not UTF-8 text"),
            (
                "kill -9 $$",
                "was ended by signal 9 (its error output is not shown; run the command yourself to see it)"
            ),
        ])
    func refusesOutput(command: String, expected: String) async {
        let message = await commandProblem { () async throws(SecretProblem) in try await SecretCommand.run(command) }
        #expect(message == expected)
    }

    @Test("Endless output is cut off at the cap, and the command stopped")
    func endlessOutput() async {
        let marker = Marker()
        let message = await commandProblem { () async throws(SecretProblem) in
            try await SecretCommand.run("sleep \(marker) & yes")
        }
        #expect(message == "printed more than 65536 bytes")
        #expect(await marker.running == false)
    }

    @Test("A command that ignores SIGTERM is killed soon after the time limit, with what it started")
    func ignoresTerminate() async {
        let marker = Marker()
        let message = await commandProblem { () async throws(SecretProblem) in
            try await SecretCommand.run("trap '' TERM; sleep \(marker) & sleep \(marker)", timeLimit: .seconds(1))
        }
        #expect(message == "did not finish within 1 s and was stopped")
        #expect(await marker.running == false)
    }

    @Test("A background process that holds the output open is not waited for, and does not outlive the command")
    func backgroundHoldsOutput() async throws {
        let marker = Marker()
        #expect(try await SecretCommand.run("sleep \(marker) & echo tok") == "tok")
        #expect(await marker.running == false)
    }

    @Test("A background process that let go of the output does not outlive the command either")
    func backgroundWithoutOutput() async throws {
        let marker = Marker()
        #expect(try await SecretCommand.run("sleep \(marker) >/dev/null & echo tok") == "tok")
        #expect(await marker.running == false)
    }

    @Test("Commands waiting at once do not starve each other's time limits (more of them than CPUs)")
    func manyAtOnce() async {
        let marker = Marker()
        let count = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let messages = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    await commandProblem { () async throws(SecretProblem) in
                        try await SecretCommand.run("sleep \(marker)", timeLimit: .seconds(1))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(messages == Array(repeating: "did not finish within 1 s and was stopped", count: count))
        #expect(await marker.running == false)
    }

    @Test("A cancelled request stops its command")
    func cancelled() async {
        let marker = Marker()
        let task = Task {
            await commandProblem { () async throws(SecretProblem) in try await SecretCommand.run("sleep \(marker)") }
        }
        task.cancel()
        #expect(await task.value == "was stopped: the request that needed it was cancelled")
        #expect(await marker.running == false)
    }

    @Test(
        "Passes on no descriptor but its output, even one opened without close-on-exec",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fdinfo")))
    func closesInheritedDescriptors() async throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let command = "test -e /proc/$$/fdinfo/\(descriptor) && echo open || echo closed"
        #expect(try await SecretCommand.run(command) == "closed")
    }

    @Test("Runs in the given folder, with nothing to read from")
    func folderAndInput() async throws {
        let folder = try TemporaryFolder()
        let real = try #require(realpath(folder.path, nil))
        defer { free(real) }
        #expect(try await SecretCommand.run("pwd -P", directory: folder.path) == String(cString: real))
        #expect(try await SecretCommand.run("cat; echo end") == "end")
    }

    @Test("A folder that is not there is named in the error")
    func missingFolder() async throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/missing"
        let message = await commandProblem { () async throws(SecretProblem) in
            try await SecretCommand.run("echo tok", directory: missing)
        }
        #expect(message == "did not start: cannot use the folder \(missing): No such file or directory")
    }
}

@Suite("${file:…} secret files", .timeLimit(.minutes(5)))
struct SecretFileTests {
    @Test("Reads a private file without its trailing line breaks")
    func readsPrivateFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("token", "tok\r\n\n", mode: 0o600)
        #expect(try SecretFile.read(path, home: nil, folder: nil) == "tok")
        #expect(try SecretFile.read("token", home: nil, folder: folder.path) == "tok")
    }

    @Test("Reads a file of exactly the largest size")
    func readsLargestFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("token", String(repeating: "a", count: SecretFile.maximumBytes), mode: 0o600)
        #expect(try SecretFile.read(path, home: nil, folder: nil).utf8.count == SecretFile.maximumBytes)
    }

    @Test("Follows a symbolic link to a private file, and judges the target")
    func followsSymbolicLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.file("token", "tok\n", mode: 0o600)
        let link = folder.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try SecretFile.read(link, home: nil, folder: nil) == "tok")
        chmod(target, 0o644)
        let message = fileProblem { () throws(SecretProblem) in try SecretFile.read(link, home: nil, folder: nil) }
        #expect(message == "is accessible by others (mode 644); run 'chmod 600 \(link)' to keep it private")
    }

    @Test("Refuses what is not a small private text file", arguments: Refusal.allCases)
    fileprivate func refuses(_ refusal: Refusal) throws {
        let folder = try TemporaryFolder()
        let (path, expected) = try refusal.make(in: folder)
        let message = fileProblem { () throws(SecretProblem) in try SecretFile.read(path, home: nil, folder: nil) }
        #expect(message == expected)
    }

    @Test(
        "Refuses a file of /proc, whose size says 0 whatever it holds",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func refusesProcFile() {
        let message = fileProblem { () throws(SecretProblem) in
            try SecretFile.read("/proc/self/status", home: nil, folder: nil)
        }
        #expect(message == "is accessible by others (mode 444); run 'chmod 600 /proc/self/status' to keep it private")
    }

    @Test("Refuses a private file of another user", .enabled(if: geteuid() == 0, "only root can give a file away"))
    func refusesOtherOwner() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("token", "tok\n", mode: 0o600)
        #expect(chown(path, 65534, 65534) == 0)
        let message = fileProblem { () throws(SecretProblem) in try SecretFile.read(path, home: nil, folder: nil) }
        #expect(message == "is owned by another user (\(path))")
    }

    fileprivate enum Refusal: CaseIterable, CustomTestStringConvertible {
        case readableByOthers
        case writableByGroup
        case fifo
        case folder
        case larger
        case notText
        case missing

        var testDescription: String {
            switch self {
            case .readableByOthers: "a file with mode 644"
            case .writableByGroup: "a file with mode 620"
            case .fifo: "a FIFO, without waiting for a writer"
            case .folder: "a folder"
            case .larger: "a private file over 64 KiB"
            case .notText: "a private file that is not UTF-8"
            case .missing: "a file that is not there"
            }
        }

        /// The path to read, and the message expected.
        func make(in folder: TemporaryFolder) throws -> (String, String) {
            let path = folder.path + "/token"
            switch self {
            case .readableByOthers:
                _ = try folder.file("token", "tok\n", mode: 0o644)
                return (path, "is accessible by others (mode 644); run 'chmod 600 \(path)' to keep it private")
            case .writableByGroup:
                _ = try folder.file("token", "tok\n", mode: 0o620)
                return (path, "is accessible by others (mode 620); run 'chmod 600 \(path)' to keep it private")
            case .fifo:
                #expect(mkfifo(path, 0o600) == 0)
                return (path, "is not a regular file (\(path))")
            case .folder:
                #expect(mkdir(path, 0o700) == 0)
                return (path, "is not a regular file (\(path))")
            case .larger:
                _ = try folder.file("token", String(repeating: "a", count: 70_000), mode: 0o600)
                return (path, "is larger than 65536 bytes (\(path))")
            case .notText:
                #expect(FileManager.default.createFile(atPath: path, contents: Data([0x74, 0xff, 0x0a])))
                chmod(path, 0o600)
                return (path, "is not UTF-8 text (\(path))")
            case .missing:
                return (path, "cannot be read: No such file or directory (\(path))")
            }
        }
    }
}

/// A folder under the temporary directory, removed when the value goes.
private final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/secret-source-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        path = String(cString: made)
    }

    deinit {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            Issue.record("could not remove \(path): \(error)")
        }
    }

    /// Writes `text` to `name` in the folder, with `mode`; its path.
    func file(_ name: String, _ text: String, mode: mode_t) throws -> String {
        let path = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard chmod(path, mode) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return path
    }
}

/// A `sleep` argument no other process has (`100.` and random digits), to find the sleeps a test
/// started with `pgrep -f`.
private struct Marker: CustomStringConvertible, Sendable {
    let description = "400.\(UInt32.random(in: 100_000_000...999_999_999))"

    /// Whether a `sleep` with this argument is still running.
    var running: Bool {
        get async {
            let pgrep = Process()
            pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            pgrep.arguments = ["pgrep", "-f", "sleep " + description.replacingOccurrences(of: ".", with: "\\.")]
            pgrep.standardOutput = FileHandle.nullDevice
            do {
                try await ProcessLaunch.runToEnd(pgrep)
            } catch {
                Issue.record("pgrep did not start: \(error)")
                return true
            }
            // 0: some matched; 1: none did.
            return pgrep.terminationStatus != 1
        }
    }
}

/// The message of the problem `body` throws; `nil` if it throws none.
private func commandProblem(_ body: () async throws(SecretProblem) -> String) async -> String? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error.message
    }
}

/// The message of the problem `body` throws; `nil` if it throws none.
private func fileProblem(_ body: () throws(SecretProblem) -> String) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return error.message
    }
}
