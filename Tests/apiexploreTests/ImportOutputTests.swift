import Foundation
import Testing

/// `profiles import … -o FILE`: any file name, and never through something that is not a regular
/// file (a FIFO, a symlink, a device node), which is left exactly as it was.
@Suite("profiles import -o")
struct ImportOutputTests {
    static let petstore = Subprocess.repositoryRoot.appendingPathComponent(
        "Tests/APIImportTests/Fixtures/openapi/oai/v3.0/petstore-expanded.yaml"
    ).path

    static func importing(to output: String, _ extra: [String] = []) async throws -> CommandRunner.Output {
        try await CommandRunner.run(["profiles", "import", "openapi", petstore, "-o", output, "--force"] + extra)
    }

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }

    @Test func anyFileNameIsAProfileNamedAfterIt() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let unnamed = directory.appendingPathComponent("other-name.yaml").path
        let first = try await Self.importing(to: unnamed)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try String(contentsOfFile: unnamed, encoding: .utf8).contains("\nname: other-name\n"))
        let named = directory.appendingPathComponent("elsewhere.yaml").path
        let second = try await Self.importing(to: named, ["--name", "petstore"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try String(contentsOfFile: named, encoding: .utf8).contains("\nname: petstore\n"))
    }

    @Test func aFIFOIsRefusedAndLeftAsItIs() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let fifo = directory.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = try await Self.importing(to: fifo)
        #expect(output.status == 2)
        #expect(output.stderr.contains("is a FIFO"), "\(output.stderr)")
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test func aSymlinkIsRefusedAndItsTargetUntouched() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let target = directory.appendingPathComponent("precious.txt")
        try Data("keep me\n".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let output = try await Self.importing(to: link)
        #expect(output.status == 2)
        #expect(output.stderr.contains("is a symbolic link"), "\(output.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
    }

    @Test func aDeviceNodeIsRefusedAndLeftAsItIs() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let device = directory.appendingPathComponent("null").path
        // A character device like /dev/null (1, 3); only root may make one.
        let made = try await Subprocess.run("mknod", [device, "c", "1", "3"])
        guard made.status == 0 else {
            print("skipped: making a device node needs root (mknod: \(made.stderr.trimmingCharacters(in: .newlines)))")
            return
        }
        let output = try await Self.importing(to: device)
        #expect(output.status == 2)
        #expect(output.stderr.contains("is a character device"), "\(output.stderr)")
        #expect(Self.kind(device) == S_IFCHR)
    }
}
