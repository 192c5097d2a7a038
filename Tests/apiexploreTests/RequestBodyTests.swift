import Crypto
import Foundation
import Testing

/// Bodies both ways through the binary: multipart uploads streamed from disk, `--data @file`,
/// `-o` saving a body untouched, and what a body is (declared and detected type, image size).
@Suite struct RequestBodyTests {
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        SHA256.hash(data: Array(bytes)).map { String(format: "%02x", $0) }.joined()
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aTwentyMegabyteFileReachesTheServerIntactAndHistoryKeepsOnlyItsSummary() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 20_000_000)
        for index in stride(from: 0, to: bytes.count, by: 8) {
            let word = generator.next()
            for offset in 0..<min(8, bytes.count - index) {
                bytes[index + offset] = UInt8(truncatingIfNeeded: word >> (8 * offset))
            }
        }
        let file = directory.appendingPathComponent("photo.jpg")
        try Data(bytes).write(to: file)
        let history = directory.appendingPathComponent("h.sqlite")
        // The demo profile's 10 s total is tight for 20 MB through a debug build's multipart parser, and
        // on a loaded machine the answer can take longer than the default 30 s read timeout.
        let profiles = directory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data(
            """
            name: uploads
            base_url: "${demo:base_url}"
            timeouts: {read: 5m, total: 5m}
            envelope: {status: code, success: 0, tip: msg, model: data}
            endpoints:
              upload: {method: POST, path: /upload}
            """.utf8
        ).write(to: profiles.appendingPathComponent("uploads.yaml"))
        let output = try await CommandRunner.run(
            [
                "request", "uploads", "upload", "-F", "note=secret words", "-F", "photo=@\(file.path)", "--output",
                "model", "--profiles-dir", profiles.path,
            ],
            environment: ["APIEXPLORE_HISTORY": history.path])
        #expect(output.status == 0, "\(output.stderr)")
        let model = try Self.json(output.stdout)
        let parts = try #require(model["parts"] as? [[String: Any]])
        #expect(parts.count == 2)
        #expect(parts.last?["size"] as? Int == bytes.count)
        #expect(parts.last?["sha256"] as? String == Self.hex(bytes))
        #expect(parts.last?["filename"] as? String == "photo.jpg")
        #expect(parts.last?["content_type"] as? String == "image/jpeg")
        // The history stores what was sent, not the 20 MB, and never a text field's value.
        let size = try FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int ?? .max
        #expect(size < 2_000_000, "history file is \(size) bytes")
        let listed = try await CommandRunner.run(
            ["history", "export", "--format", "har"], environment: ["APIEXPLORE_HISTORY": history.path])
        #expect(listed.stdout.contains("photo=@photo.jpg"), "\(listed.stdout.prefix(2000))")
        #expect(!listed.stdout.contains("secret words"))
    }

    @Test func aMultiLineBodyAndFormTextStayOutOfTheTranscript() async throws {
        let body = "{\n  \"name\": \"Grace\",\n\t\"note\": \"a\\tb\"\n}"
        let output = try await CommandRunner.run(["request", "demo", "echo_body", "--data", body, "--output", "pretty"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("--data=(\(body.utf8.count) B)"), "\(output.stdout)")
        #expect(!output.stdout.contains("Grace"), "\(output.stdout)")
        let model = try await CommandRunner.run(["request", "demo", "echo_body", "--data", body, "--output", "model"])
        #expect((try Self.json(model.stdout)["sha256"] as? String) == Self.hex(Array(body.utf8)))
        let form = try await CommandRunner.run(
            ["request", "demo", "upload", "-F", "password=hunter2", "--output", "pretty"])
        #expect(form.stdout.contains("--multipart=password=(text)"), "\(form.stdout)")
        #expect(!form.stdout.contains("hunter2"), "\(form.stdout)")
    }

    @Test func dataFromAFileIsSentAsItIs() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let file = directory.appendingPathComponent("body.json")
        let text = #"{"name": "Grace", "tags": ["a", "b"]}"#
        try Data(text.utf8).write(to: file)
        let output = try await CommandRunner.run(
            ["request", "demo", "echo_body", "--data", "@\(file.path)", "--output", "model"])
        #expect(output.status == 0, "\(output.stderr)")
        let model = try Self.json(output.stdout)
        #expect(model["sha256"] as? String == Self.hex(Array(text.utf8)))
        #expect(model["content_type"] as? String == "application/json")
        #expect((model["json"] as? [String: Any])?["name"] as? String == "Grace")

        let missing = try await CommandRunner.run(["request", "demo", "echo_body", "--data", "@/nonexistent/body.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--data=@/nonexistent/body.json: cannot open"), "\(missing.stderr)")
    }

    struct ImageCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let type: String
        let format: String
        let width: Int
        let height: Int
        var testDescription: String { name }
    }

    static let images = [
        // Headers as the formats define them; the viewer reads only the header.
        ImageCase(
            name: "PNG 640×480",
            bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0, 0, 2, 0x80, 0, 0, 1, 0xE0, 8, 6, 0, 0, 0] + [0x12, 0x34, 0x56, 0x78],
            type: "image/png", format: "png", width: 640, height: 480),
        ImageCase(
            name: "GIF 3×2",
            bytes: Array("GIF89a".utf8) + [3, 0, 2, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x3B],
            type: "image/gif", format: "gif", width: 3, height: 2),
        ImageCase(
            name: "JPEG 1024×768",
            bytes: [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x00, 0x04, 0x00, 0x03]
                + [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9],
            type: "image/jpeg", format: "jpeg", width: 1024, height: 768),
    ]

    @Test(arguments: images)
    func anImageShowsItsSizeAndIsSavedByteForByte(_ image: ImageCase) async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let source = directory.appendingPathComponent("in.bin")
        let saved = directory.appendingPathComponent("out.bin")
        try Data(image.bytes).write(to: source)
        let output = try await CommandRunner.run([
            "request", "demo", "echo_raw", "type=\(image.type)", "--data", "@\(source.path)", "-o", saved.path,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let media = try #require(try Self.json(output.stdout)["body_media"] as? [String: Any])
        #expect(media["detected"] as? String == image.format)
        #expect(media["disagrees"] as? Bool == false)
        let info = try #require(media["image"] as? [String: Any])
        #expect(info["width"] as? Int == image.width && info["height"] as? Int == image.height)
        #expect(try Data(contentsOf: saved) == Data(image.bytes))
    }

    /// `-o` never writes through, or replaces, what is not a regular file: the check comes before
    /// anything is created, and the special file is left exactly as it was.
    @Test(arguments: SpecialFile.allCases)
    func savingOverASpecialFileIsRefusedAndLeavesItUntouched(_ kind: SpecialFile) async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let target = directory.appendingPathComponent("target").path
        let made = try kind.make(at: target, in: directory)
        let before = try made.snapshot()
        let output = try await CommandRunner.run(["request", "demo", "user", "-o", target])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("\(target): it is \(made.description)"), "\(output.stderr)")
        #expect(try made.snapshot() == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    @Test func aBodyThatIsNotWhatItsTypeSaysIsFlagged() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let source = directory.appendingPathComponent("page.html")
        try Data("<!DOCTYPE html><html><body>Service unavailable</body></html>".utf8).write(to: source)
        let output = try await CommandRunner.run([
            "request", "demo", "echo_raw", "type=application/json", "--data", "@\(source.path)",
        ])
        let media = try #require(try Self.json(output.stdout)["body_media"] as? [String: Any])
        #expect(media["declared"] as? String == "json")
        #expect(media["detected"] as? String == "html")
        #expect(media["disagrees"] as? Bool == true)
    }
}
