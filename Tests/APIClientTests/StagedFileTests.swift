import APIHTTP
import Foundation
import Testing

@testable import APIClient

/// The one file writer: bytes beside the target, renamed into place whole; nothing but a regular
/// file is ever replaced.
@Suite("Staged file")
struct StagedFileTests {
    /// A fresh folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func theTargetAppearsOnlyOnCommit() throws {
        let folder = try Self.folder()
        defer { RetryPolicyTests.remove(folder) }
        let path = folder.appendingPathComponent("out.txt").path
        let file = try StagedFile(creating: path, permissions: .shared)
        try file.write(Data("first ".utf8))
        try file.write([UInt8]("second".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
        try file.commit()
        #expect(FileManager.default.contents(atPath: path) == Data("first second".utf8))
        #expect(try Self.entries(folder) == ["out.txt"])
        #expect(throws: FileWriteError.self) { try file.write(Data("late".utf8)) }
    }

    @Test func aDiscardedFileLeavesTheOldOneAsItWas() throws {
        let folder = try Self.folder()
        defer { RetryPolicyTests.remove(folder) }
        let path = folder.appendingPathComponent("report.xml").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let file = try StagedFile(creating: path, permissions: .shared)
            try file.write(Data("half of the new".utf8))
            // Dropped without commit, as an error or a cancelled download drops it.
        }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(try Self.entries(folder) == ["report.xml"])
    }

    @Test func privateFilesAre0600AndSharedOnesKeepAnExistingMode() throws {
        let folder = try Self.folder()
        defer { RetryPolicyTests.remove(folder) }
        let secret = folder.appendingPathComponent("export.jsonl").path
        try StagedFile.write(Data("{}".utf8), to: secret, permissions: .private)
        #expect(Self.mode(secret) == 0o600)
        let kept = folder.appendingPathComponent("kept.txt").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: kept))
        #expect(chmod(kept, 0o640) == 0)
        try StagedFile.write(Data("y".utf8), to: kept, permissions: .shared)
        #expect(Self.mode(kept) == 0o640)
        let exact = folder.appendingPathComponent("exact").path
        try StagedFile.write(Data("z".utf8), to: exact, permissions: .mode(0o604))
        #expect(Self.mode(exact) == 0o604)
    }

    @Test func aMissingFolderIsNamed() throws {
        let folder = try Self.folder()
        defer { RetryPolicyTests.remove(folder) }
        let path = folder.appendingPathComponent("nowhere/out.txt").path
        let error = try #require(throws: FileWriteError.self) {
            try StagedFile.write(Data(), to: path, permissions: .shared)
        }
        #expect(error.description == "\(path): its folder '\(folder.path)/nowhere' does not exist")
    }

    @Test func linksFIFOsAndFoldersAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try Self.folder()
        defer { RetryPolicyTests.remove(folder) }
        let precious = folder.appendingPathComponent("precious").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: precious))
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: precious)
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let subfolder = folder.appendingPathComponent("sub").path
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
        for (path, kind) in [(link, "a symbolic link"), (fifo, "a FIFO"), (subfolder, "a folder")] {
            let error = try #require(throws: FileWriteError.self) {
                try StagedFile.write(Data("new".utf8), to: path, permissions: .shared)
            }
            #expect(error.reason.hasPrefix("it is \(kind);"), "\(error)")
        }
        #expect(FileManager.default.contents(atPath: precious) == Data("keep".utf8))
        #expect(try Self.entries(folder) == ["fifo", "link", "precious", "sub"])
    }

    @Test func aTargetThatBecomesALinkWhileWrittenIsNotReplaced() throws {
        let folder = try Self.folder()
        defer { RetryPolicyTests.remove(folder) }
        let path = folder.appendingPathComponent("out").path
        let file = try StagedFile(creating: path, permissions: .shared)
        try file.write(Data("body".utf8))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/passwd")
        #expect(throws: FileWriteError.self) { try file.commit() }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "/etc/passwd")
        #expect(try Self.entries(folder) == ["out"])
    }
}
