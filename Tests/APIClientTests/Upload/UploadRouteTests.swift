import APIHTTP
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

@testable import APIClient

@Suite("POST /upload")
struct UploadRouteTests {
    struct Envelope: Decodable {
        struct Summary: Decodable {
            struct Part: Decodable, Equatable {
                var name: String
                var filename: String?
                var content_type: String?
                var size: Int
                var sha256: String
            }

            var parts: [Part]
            var total_bytes: Int
        }

        var code: Int
        var msg: String
        var data: Summary?
    }

    @Test("a 4 MiB file streamed by AsyncHTTPClient arrives whole: size and SHA-256 match")
    func largeStreamedUpload() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apiexplore-demo-upload-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { removeDirectoryIfPresent(directory) }
        let size = 4 * 1024 * 1024
        let path = directory.appendingPathComponent("big.bin").path
        try writePatternFile(path: path, size: size, seed: 20)
        let fileDigest = try sha256OfFile(atPath: path)

        let upload = try MultipartUpload(fields: [
            FormField(name: "note", source: .text("twenty")),
            FormField(name: "big", source: .file(path: path), contentType: "application/x-test"),
        ])
        let lastReport = Mutex<UploadProgress?>(nil)
        let body = upload.chunks { report in lastReport.withLock { $0 = report } }

        try await withUploadServer { baseURL in
            let reply = try await postUpload(
                to: baseURL, contentType: upload.contentType,
                body: .stream(body, length: .known(Int64(upload.contentLength))))
            #expect(reply.status == .ok)
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(reply.text.utf8))
            #expect(envelope.code == 0)
            #expect(envelope.msg == "ok")
            let summary = try #require(envelope.data)
            #expect(summary.total_bytes == upload.contentLength)
            #expect(
                summary.parts == [
                    .init(
                        name: "note", filename: nil, content_type: nil, size: 6,
                        sha256: SHA256.hash(data: Array("twenty".utf8)).hexString),
                    .init(
                        name: "big", filename: "big.bin", content_type: "application/x-test", size: size,
                        sha256: fileDigest),
                ])
        }
        #expect(
            lastReport.withLock { $0 }
                == UploadProgress(bytesSent: upload.contentLength, totalBytes: upload.contentLength))
    }

    @Test("the reply lists every part in order, with null for what a part lacks")
    func exactReply() async throws {
        let body = """
            --XyZ\r
            Content-Disposition: form-data; name="title"\r
            \r
            Holiday\r
            --XyZ\r
            Content-Disposition: form-data; name="we%22ird"; filename="a%22b.png"\r
            Content-Type: image/png\r
            \r
            PNG\r
            --XyZ--\r

            """
        try await withUploadServer { baseURL in
            let reply = try await postUpload(
                to: baseURL, contentType: "multipart/form-data; boundary=XyZ", body: .bytes(ByteBuffer(string: body)))
            #expect(reply.status == .ok)
            let holiday = SHA256.hash(data: Array("Holiday".utf8)).hexString
            let png = SHA256.hash(data: Array("PNG".utf8)).hexString
            #expect(
                reply.text
                    == #"{"code":0,"msg":"ok","data":{"parts":[{"name":"title","filename":null,"content_type":null,"#
                    + #""size":7,"sha256":"\#(holiday)"},{"name":"we\"ird","filename":"a\"b.png","#
                    + #""content_type":"image/png","size":3,"sha256":"\#(png)"}],"total_bytes":\#(body.utf8.count)}}"#)
        }
    }

    struct Accepted: CustomTestStringConvertible, Sendable {
        let label: String
        let contentType: String
        let body: String
        var testDescription: String { label }
    }

    @Test(
        "accepts the usual variations",
        arguments: [
            Accepted(
                label: "no CRLF after the closing delimiter", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--"),
            Accepted(
                label: "quoted boundary, upper-case media type", contentType: "Multipart/Form-Data; boundary=\"B\"",
                body: "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--\r\n"),
            Accepted(
                label: "a preamble", contentType: "multipart/form-data; charset=utf-8; boundary=B",
                body: "ignored\r\n--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--\r\n"),
        ])
    func accepts(_ example: Accepted) async throws {
        try await withUploadServer { baseURL in
            let reply = try await postUpload(
                to: baseURL, contentType: example.contentType, body: .bytes(ByteBuffer(string: example.body)))
            #expect(reply.status == .ok, "\(reply.text)")
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(reply.text.utf8))
            #expect(envelope.data?.parts.map(\.name) == ["a"])
            #expect(envelope.data?.parts.map(\.size) == [1])
        }
    }

    struct Rejected: CustomTestStringConvertible, Sendable {
        let label: String
        let contentType: String?
        let body: String
        /// The start of the expected `msg`.
        let reason: String
        var testDescription: String { label }
    }

    static let part = "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nhello"

    @Test(
        "a malformed request gets 400 and code 40000 with the reason",
        arguments: [
            Rejected(
                label: "no content type", contentType: nil, body: "x",
                reason: "Content-Type is missing; expected multipart/form-data; boundary=…"),
            Rejected(
                label: "not multipart", contentType: "application/json", body: "{}",
                reason: "Content-Type is application/json, expected multipart/form-data"),
            Rejected(
                label: "no boundary", contentType: "multipart/form-data", body: "x",
                reason: "Content-Type has no boundary parameter"),
            Rejected(
                label: "empty body", contentType: "multipart/form-data; boundary=B", body: "",
                reason: "the body ends before the closing delimiter --B-- (0 bytes)"),
            Rejected(
                label: "cut in a part's body", contentType: "multipart/form-data; boundary=B", body: part,
                reason: "the body ends before the closing delimiter --B-- (\(part.utf8.count) bytes)"),
            Rejected(
                label: "cut after a delimiter", contentType: "multipart/form-data; boundary=B",
                body: part + "\r\n--B\r\n", reason: "the body ends before the closing delimiter --B--"),
            Rejected(
                label: "a space in a header name", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nBad Header: x\r\n\r\nx\r\n--B--\r\n", reason: "malformed multipart body in bytes 0..<"),
            Rejected(
                label: "only the closing delimiter", contentType: "multipart/form-data; boundary=B", body: "--B--\r\n",
                reason: "malformed multipart body in bytes 0..<"),
            Rejected(
                label: "no Content-Disposition", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--\r\n",
                reason: "part 1 has no Content-Disposition header"),
            Rejected(
                label: "no name", contentType: "multipart/form-data; boundary=B",
                body: part + "\r\n--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--\r\n",
                reason: "part 2 has no name in its Content-Disposition"),
            Rejected(
                label: "not form-data", contentType: "multipart/form-data; boundary=B",
                body: "--B\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--B--\r\n",
                reason: "part 1 has Content-Disposition attachment, expected form-data"),
        ])
    func rejects(_ example: Rejected) async throws {
        try await withUploadServer { baseURL in
            let reply = try await postUpload(
                to: baseURL, contentType: example.contentType, body: .bytes(ByteBuffer(string: example.body)))
            #expect(reply.status == .badRequest)
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(reply.text.utf8))
            #expect(envelope.code == 40000)
            #expect(envelope.msg.hasPrefix(example.reason), "\(envelope.msg)")
            #expect(envelope.data == nil)
            #expect(reply.text.hasSuffix(#","data":null}"#))
        }
    }
}

/// Cleanup for a `defer`, where nothing can be thrown: a failure is recorded as a test issue instead.
private func removeDirectoryIfPresent(_ directory: URL) {
    do {
        try FileManager.default.removeItem(at: directory)
    } catch {
        Issue.record(error, "could not remove \(directory.path)")
    }
}
