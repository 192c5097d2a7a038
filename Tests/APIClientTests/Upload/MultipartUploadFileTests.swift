import APIHTTP
import APITesting
import Foundation
import NIOCore
import Testing

@testable import APIClient

@Suite("MultipartUpload file checks")
struct MultipartUploadFileTests {
    @Test("a missing file fails when the upload is prepared, naming field and file")
    func missingFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("gone.pdf").path
            let error = try #require(throws: MultipartUploadError.self) {
                try MultipartUpload(fields: [try FormField(parsing: "doc=@\(path)")])
            }
            #expect(error.fieldName == "doc")
            #expect(error.path == path)
            #expect(error.description == "form field \"doc\": file \"\(path)\": No such file or directory")
        }
    }

    @Test("a directory is not a regular file, for @ and < alike", arguments: ["@", "<"])
    func directory(marker: String) async throws {
        try await withTemporaryDirectory { directory in
            let error = try #require(throws: MultipartUploadError.self) {
                try MultipartUpload(fields: [try FormField(parsing: "doc=\(marker)\(directory.path)")])
            }
            #expect(
                error.description == "form field \"doc\": file \"\(directory.path)\": not a regular file (a directory)")
        }
    }

    @Test("a file removed after preparing fails the stream, naming it")
    func removedBeforeStreaming() async throws {
        try await withTemporaryDirectory { directory in
            let path = try writeFile(Array(repeating: 7, count: 100), named: "a.bin", in: directory)
            let upload = try MultipartUpload(fields: [try FormField(parsing: "a=@\(path)")], boundary: "B")
            try FileManager.default.removeItem(atPath: path)
            let error = try await #require(throws: MultipartUploadError.self) { _ = try await upload.encodedBytes() }
            #expect(error.description == "form field \"a\": file \"\(path)\": No such file or directory")
        }
    }

    enum Change: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case growsBeforeStreaming, growsWhileStreaming, shrinksWhileStreaming

        var testDescription: String { rawValue }

        /// When the change happens: before the first chunk, or after it.
        var afterFirstChunk: Bool { self != .growsBeforeStreaming }

        var observed: String {
            switch self {
            case .growsBeforeStreaming: "it is now 10100 bytes"
            case .growsWhileStreaming: "it has grown past that"
            case .shrinksWhileStreaming: "it ended after 4096 bytes"
            }
        }

        func apply(to path: String) throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            switch self {
            case .growsBeforeStreaming, .growsWhileStreaming:
                try handle.seekToEnd()
                try handle.write(contentsOf: Array(repeating: 1, count: 100))
            case .shrinksWhileStreaming:
                try handle.truncate(atOffset: 4096)
            }
            try handle.close()
        }
    }

    @Test("a file that changes size fails before the body reaches Content-Length", arguments: Change.allCases)
    func changesSize(_ change: Change) async throws {
        try await withTemporaryDirectory { directory in
            let path = try writeFile(Array(repeating: 0x2A, count: 10_000), named: "a.bin", in: directory)
            let upload = try MultipartUpload(fields: [try FormField(parsing: "a=@\(path)")], boundary: "B")
            if !change.afterFirstChunk { try change.apply(to: path) }
            var iterator = upload.chunks(chunkSize: 1024).makeAsyncIterator()
            var produced = 0
            let error = try await #require(throws: MultipartUploadError.self) {
                while let chunk = try await iterator.next() {
                    if produced == 0, change.afterFirstChunk { try change.apply(to: path) }
                    produced += chunk.readableBytes
                }
            }
            #expect(produced < upload.contentLength)
            #expect(
                error.description
                    == "form field \"a\": file \"\(path)\": changed size while uploading (Content-Length counted "
                    + "10000 bytes, \(change.observed)); nothing more is sent")
            #expect(try await iterator.next() == nil)
        }
    }

    @Test("each iteration reads the files anew, so a body can be sent again")
    func replays() async throws {
        try await withTemporaryDirectory { directory in
            let path = try writeFile(Array(0...255), named: "a.bin", in: directory)
            let upload = try MultipartUpload(fields: [try FormField(parsing: "a=@\(path)")], boundary: "B")
            let first = try await upload.encodedBytes(chunkSize: 100)
            let second = try await upload.encodedBytes(chunkSize: 7)
            #expect(first == second)
            #expect(first.count == upload.contentLength)
        }
    }

    @Test("a sparse file that claims exabytes is refused with an error, never an overflow")
    func sparseFileTooLarge() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("huge.bin").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            // 512 GiB of holes: no disk used, but st_size says so; three of them pass the 1 TiB limit.
            try handle.truncate(atOffset: 1 << 39)
            try handle.close()
            let fields = [
                FormField(name: "a", source: .file(path: path)), FormField(name: "b", source: .file(path: path)),
                FormField(name: "c", source: .file(path: path)),
            ]
            let error = try #require(throws: MultipartUploadError.self) { try MultipartUpload(fields: fields) }
            #expect(error.description.contains("the most an upload sends"), "\(error)")
        }
    }
}
