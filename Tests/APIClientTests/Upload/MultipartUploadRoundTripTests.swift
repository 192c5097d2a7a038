import APIHTTP
import APITesting
import Crypto
import Foundation
import MultipartKit
import NIOCore
import Synchronization
import Testing

@testable import APIClient

@Suite("MultipartUpload round trip through multipart-kit's parser")
struct MultipartUploadRoundTripTests {
    /// Bytes that look like the start of the delimiter `CRLF--TESTBOUNDARY` without being it, to tempt the parser
    /// into ending the part early. (The whole delimiter may not appear in a body: RFC 2046 §5.1.1.)
    static let nearBoundary = Array("\r\n--TESTBOUNDAR\r\n-\r\r\n--TESTBOUNDARX\r\n--TESTBOUNDAR".utf8)

    @Test("parts decode back to what was sent", arguments: [1, 3, 64, 65_536])
    func decodesBack(chunkSize: Int) async throws {
        try await withTemporaryDirectory { directory in
            let binary = Self.nearBoundary + Array(0...255) + Self.nearBoundary
            let photo = try writeFile(binary, named: "photo.png", in: directory)
            let bio = try writeFile(Array("Zürich\r\n".utf8), named: "bio.txt", in: directory)
            let nothing = try writeFile([], named: "empty.json", in: directory)
            let fields = [
                FormField(name: "title", source: .text("Holiday")),
                FormField(name: "empty", source: .text("")),
                FormField(name: "we\"ird\r\nname", source: .text("名字")),
                FormField(name: "photo", source: .file(path: photo)),
                FormField(name: "shot", source: .file(path: photo), contentType: "image/webp", filename: "a\"b.webp"),
                FormField(name: "bio", source: .textFile(path: bio)),
                FormField(name: "nothing", source: .file(path: nothing)),
            ]
            let upload = try MultipartUpload(fields: fields, boundary: "TESTBOUNDARY")
            let collector = PartCollector(boundary: upload.boundary, keepBodies: true)
            for try await chunk in upload.chunks(chunkSize: chunkSize) {
                try collector.feed(chunk)
            }

            let parts = collector.parts
            #expect(parts.map(\.name) == ["title", "empty", "we\"ird\r\nname", "photo", "shot", "bio", "nothing"])
            #expect(parts.map(\.filename) == [nil, nil, nil, "photo.png", "a\"b.webp", nil, "empty.json"])
            #expect(parts.map(\.contentType) == [nil, nil, nil, "image/png", "image/webp", nil, "application/json"])
            #expect(
                parts.map(\.body) == [
                    Array("Holiday".utf8), [], Array("名字".utf8), binary, binary, Array("Zürich\r\n".utf8), [],
                ])
        }
    }

    struct Form: Decodable, Equatable {
        var title: String
        var count: Int
        var tags: [String]
    }

    @Test("multipart-kit's FormDataDecoder reads the body into a Decodable")
    func formDataDecoder() async throws {
        let fields = try ["title=Holiday", "count=3", "tags[]=sea", "tags[]=sun"].map(FormField.init(parsing:))
        let upload = try MultipartUpload(fields: fields)
        let body = try await upload.encodedBytes(chunkSize: 5)
        let form = try FormDataDecoder().decode(Form.self, from: body, boundary: upload.boundary)
        #expect(form == Form(title: "Holiday", count: 3, tags: ["sea", "sun"]))
    }

    @Test("a 4 MiB file streams in constant-size chunks and its SHA-256 survives the trip")
    func largeFile() async throws {
        try await withTemporaryDirectory { directory in
            let size = 4 * 1024 * 1024
            let chunkSize = 64 * 1024
            let path = directory.appendingPathComponent("big.bin").path
            try writePatternFile(path: path, size: size, seed: 20)
            let fileDigest = try sha256OfFile(atPath: path)

            let upload = try MultipartUpload(
                fields: [
                    FormField(name: "note", source: .text("twenty")), FormField(name: "big", source: .file(path: path)),
                ])
            let reports = Mutex<[UploadProgress]>([])
            let collector = PartCollector(boundary: upload.boundary, keepBodies: false)
            var chunkSizes: [Int] = []
            for try await chunk in upload.chunks(
                chunkSize: chunkSize,
                progress: { report in
                    reports.withLock { $0.append(report) }
                })
            {
                chunkSizes.append(chunk.readableBytes)
                try collector.feed(chunk)
            }

            let parts = collector.parts
            try #require(parts.count == 2)
            #expect(parts[1].name == "big")
            #expect(parts[1].filename == "big.bin")
            #expect(parts[1].size == size)
            #expect(parts[1].sha256 == fileDigest)

            #expect(chunkSizes.reduce(0, +) == upload.contentLength)
            #expect(chunkSizes.dropLast().allSatisfy { $0 == chunkSize })
            #expect(chunkSizes.last.map { $0 > 0 && $0 <= chunkSize } == true)

            let progress = reports.withLock { $0 }
            #expect(progress.count == chunkSizes.count)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.bytesSent < $1.bytesSent })
            #expect(progress.allSatisfy { $0.totalBytes == upload.contentLength })
            #expect(progress.last?.bytesSent == upload.contentLength)
            #expect(progress.last?.fractionCompleted == 1)
        }
    }
}
