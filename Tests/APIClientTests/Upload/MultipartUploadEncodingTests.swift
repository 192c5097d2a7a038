import APIHTTP
import APITesting
import Foundation
import Testing

@testable import APIClient

@Suite("MultipartUpload encoding")
struct MultipartUploadEncodingTests {
    @Test("a text field and a file encode to the exact expected bytes")
    func exactBytes() async throws {
        try await withTemporaryDirectory { directory in
            let path = try writeFile(Array("hi\n".utf8), named: "note.txt", in: directory)
            let upload = try MultipartUpload(
                fields: [try FormField(parsing: "title=Hello"), try FormField(parsing: "file=@\(path)")],
                boundary: "TESTBOUNDARY")
            let expected = """
                --TESTBOUNDARY\r
                Content-Disposition: form-data; name="title"\r
                \r
                Hello\r
                --TESTBOUNDARY\r
                Content-Disposition: form-data; name="file"; filename="note.txt"\r
                Content-Type: text/plain\r
                \r
                hi
                \r
                --TESTBOUNDARY--\r

                """
            let bytes = try await upload.encodedBytes()
            #expect(String(decoding: bytes, as: UTF8.self) == expected)
            #expect(upload.contentLength == expected.utf8.count)
            #expect(upload.contentType == "multipart/form-data; boundary=TESTBOUNDARY")
        }
    }

    @Test("names and filenames escape quote, CR and LF as browsers do; other text stays UTF-8")
    func escaping() async throws {
        try await withTemporaryDirectory { directory in
            let path = try writeFile([0x41], named: "data.bin", in: directory)
            let fields = [
                FormField(name: "a\"b\r\nc", source: .text("v")),
                FormField(name: "ü;x", source: .file(path: path), filename: "x\"y\nz\r.txt"),
            ]
            let upload = try MultipartUpload(fields: fields, boundary: "B")
            let expected = """
                --B\r
                Content-Disposition: form-data; name="a%22b%0D%0Ac"\r
                \r
                v\r
                --B\r
                Content-Disposition: form-data; name="ü;x"; filename="x%22y%0Az%0D.txt"\r
                Content-Type: application/octet-stream\r
                \r
                A\r
                --B--\r

                """
            #expect(String(decoding: try await upload.encodedBytes(), as: UTF8.self) == expected)
        }
    }

    @Test("a text value read from a file is sent without filename or type")
    func textFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = try writeFile(Array("line 1\nline 2\n".utf8), named: "bio.txt", in: directory)
            let upload = try MultipartUpload(fields: [try FormField(parsing: "bio=<\(path)")], boundary: "B")
            let expected = "--B\r\nContent-Disposition: form-data; name=\"bio\"\r\n\r\nline 1\nline 2\n\r\n--B--\r\n"
            #expect(String(decoding: try await upload.encodedBytes(), as: UTF8.self) == expected)
            #expect(upload.contentLength == expected.utf8.count)
        }
    }

    @Test("the default boundary is apiexplore- and 24 letters and digits, fresh each time")
    func randomBoundary() throws {
        let upload = try MultipartUpload(fields: [FormField(name: "a", source: .text("b"))])
        let suffix = upload.boundary.dropFirst("apiexplore-".count)
        #expect(upload.boundary.hasPrefix("apiexplore-"))
        #expect(suffix.count == 24)
        #expect(suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(MultipartUpload.randomBoundary() != MultipartUpload.randomBoundary())
    }

    @Test("a boundary drawn from a seeded generator is reproducible")
    func seededBoundary() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        #expect(MultipartUpload.randomBoundary(using: &first) == MultipartUpload.randomBoundary(using: &second))
    }

    @Test(
        "rejects boundaries that would need quoting or break the format",
        arguments: ["", String(repeating: "a", count: 71), "has space", "semi;colon", "quo\"te", "line\r\nbreak"])
    func invalidBoundary(_ boundary: String) throws {
        let error = try #require(throws: MultipartUploadError.self) {
            try MultipartUpload(fields: [FormField(name: "a", source: .text("b"))], boundary: boundary)
        }
        #expect(error.message.contains("must be 1 to 70 of"))
    }

    @Test("accepts a 70-character boundary")
    func longestBoundary() throws {
        let boundary = String(repeating: "x", count: 70)
        #expect(
            try MultipartUpload(fields: [FormField(name: "a", source: .text("b"))], boundary: boundary).boundary
                == boundary)
    }

    @Test("a body needs at least one field")
    func noFields() throws {
        let error = try #require(throws: MultipartUploadError.self) { try MultipartUpload(fields: []) }
        #expect(error.description == "a multipart body needs at least one field (RFC 2046 §5.1.1)")
    }

    @Test("a content type with a line break cannot forge a header")
    func contentTypeInjection() throws {
        let field = FormField(name: "a", source: .text("b"), contentType: "text/plain\r\nX-Evil: 1")
        let error = try #require(throws: MultipartUploadError.self) { try MultipartUpload(fields: [field]) }
        #expect(error.description == "form field \"a\": the content type contains a line break")
    }
}
