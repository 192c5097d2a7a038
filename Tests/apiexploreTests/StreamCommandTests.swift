import Foundation
import Testing

/// `request` against event streams and big bodies served by `Fixtures/stream-server.py`, a server
/// written from the WHATWG standard and the NDJSON spec, not from our client.
@Suite(.serialized)
struct StreamCommandTests {
    static func profile(_ base: String) -> String {
        """
        name: streams
        base_url: \(base)
        envelope: {status: code, success: 0, tip: msg, model: data}
        defaults: {expect: [success]}
        endpoints:
          spec:
            path: /sse/spec/{n}
            envelope: {status: null, success: http, tip: [], model: ""}
          reconnect:
            path: /sse/reconnect
            envelope: {status: null, success: http, tip: [], model: ""}
          business:
            path: /sse/business
            events: {envelope: true}
          malformed:
            path: /ndjson/malformed
            envelope: {status: null, success: http, tip: [], model: ""}
          big:
            path: /big
            query: {size: "${size}", chunked: "${chunked}", type: "${type}"}
            params: {chunked: {required: false}, type: {required: false}}
            envelope: {status: null, success: http, tip: [], model: ""}
        """
    }

    /// One expected event: its type, id and data as text.
    struct ExpectedEvent: CustomStringConvertible, Sendable {
        var type: String?
        var id: String?
        var data: String
        var description: String { "\(type ?? "message")#\(id ?? "-"): \(data)" }
    }

    /// The examples of WHATWG HTML §9.2.6 and what the standard says each dispatches.
    struct SpecCase: CustomStringConvertible, Sendable {
        var example: String
        var events: [ExpectedEvent]
        var description: String { "example \(example)" }
    }

    static let specCases: [SpecCase] = [
        SpecCase(example: "1", events: [ExpectedEvent(data: "YHOO\n+2\n10")]),
        SpecCase(
            example: "2",
            events: [
                ExpectedEvent(id: "1", data: "first event"), ExpectedEvent(data: "second event"),
                ExpectedEvent(data: " third event"),
            ]),
        SpecCase(example: "3", events: [ExpectedEvent(data: ""), ExpectedEvent(data: "\n")]),
        SpecCase(example: "4", events: [ExpectedEvent(data: "test"), ExpectedEvent(data: "test")]),
        SpecCase(
            example: "types",
            events: [
                ExpectedEvent(type: "add", data: "73857293"), ExpectedEvent(type: "remove", data: "2153"),
                ExpectedEvent(type: "add", data: "113411"),
            ]),
        SpecCase(
            example: "fields",
            events: [
                ExpectedEvent(id: "7", data: "one"), ExpectedEvent(id: "7", data: "two"),
                ExpectedEvent(id: "7", data: "three"),
            ]),
    ]

    @Test(arguments: specCases)
    func theStandardsExamplesDispatchTheStandardsEvents(_ specCase: SpecCase) async throws {
        let server = try await StreamServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["streams": Self.profile(server.baseURL)])
        let output = try await workspace.run(["request", "streams", "spec", "n=\(specCase.example)"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = Subprocess.jsonLines(output.stdout)
        #expect(events.count == specCase.events.count, "\(output.stdout)")
        for (index, (event, expected)) in zip(events, specCase.events).enumerated() {
            #expect(event["index"] as? Int == index)
            #expect(event["event"] as? String == expected.type, "\(event)")
            #expect(event["id"] as? String == expected.id, "\(event)")
            #expect(Self.text(event["data"]) == expected.data, "\(event)")
        }
        #expect(output.stderr.contains("stream: \(specCase.events.count) events"), "\(output.stderr)")
    }

    @Test func aBrokenStreamIsReopenedWithTheLastEventID() async throws {
        let server = try await StreamServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["streams": Self.profile(server.baseURL)])
        let output = try await workspace.run(["request", "streams", "reconnect"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = Subprocess.jsonLines(output.stdout)
        #expect(events.compactMap { ($0["data"] as? [String: Any])?["n"] as? Int } == [1, 2, 3, 4], "\(output.stdout)")
        // The multi-line data of event 2 joined with a line feed, and parsed as JSON.
        #expect((events.dropFirst().first?["data"] as? [String: Any])?["lines"] as? Int == 2)
        // The half-sent event 3 was discarded; the server resent it after the id it was told.
        #expect((events.dropFirst(2).first?["data"] as? [String: Any])?["resumed_after"] as? String == "2")
        let requests = try server.requests()
        #expect(requests.count == 2)
        #expect(requests.first?["last_event_id"] is NSNull)
        #expect(requests.last?["last_event_id"] as? String == "2")
        #expect(output.stderr.contains("reconnecting (1) with Last-Event-ID 2"), "\(output.stderr)")
        #expect(output.stderr.contains("4 events, 1 reconnections, ended: complete"), "\(output.stderr)")
        let shown = try await workspace.run(["history", "show", "1"])
        let stream = try #require(try Self.object(shown.stdout)["stream"] as? [String: Any], "\(shown.stdout)")
        #expect(stream["events"] as? Int == 4)
        #expect(stream["reconnects"] as? Int == 1)
        #expect(stream["format"] as? String == "sse")
        #expect(stream["last_event_id"] as? String == "4")
    }

    @Test func aBusinessFailureInsideAnEventIsShownOnItAndFailsTheRun() async throws {
        let server = try await StreamServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["streams": Self.profile(server.baseURL)])
        let output = try await workspace.run(["request", "streams", "business"])
        #expect(output.status == 4, "\(output.stderr)")
        let events = Subprocess.jsonLines(output.stdout)
        #expect(events.map { $0["outcome"] as? String } == ["success", "business-failure", "success"])
        #expect(events[1]["tip"] as? String == "quota exceeded")
        #expect((events[2]["model"] as? [String: Any])?["step"] as? Int == 3, "the stream goes on after the failure")
    }

    @Test func aMalformedNDJSONLineIsLocatedAndTheRestIsKept() async throws {
        let server = try await StreamServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["streams": Self.profile(server.baseURL)])
        let output = try await workspace.run(["request", "streams", "malformed"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = Subprocess.jsonLines(output.stdout)
        #expect(events.count == 5, "the blank line is no event: \(output.stdout)")
        #expect(events.compactMap { ($0["data"] as? [String: Any])?["n"] as? Int } == [1, 3, 5])
        #expect(events[1]["data"] as? String == #"{"n": 2, "ok": tru}"#)
        #expect(
            events[1]["error"] as? String == "line 2, column 19 (byte 27): invalid literal, expected 'true'",
            "\(events[1])")
        #expect(events[3]["error"] as? String == "line 5, column 8 (byte 46): trailing comma", "\(events[3])")
        #expect(output.stderr.contains("5 events, 2 not valid JSON, ended: complete"), "\(output.stderr)")
    }

    @Test func a300MBBodySavedWithTheDefaultCapMatchesItsDigest() async throws {
        let server = try await StreamServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["streams": Self.profile(server.baseURL)])
        let size = 300 * 1_000_000
        let target = workspace.directory.appendingPathComponent("big.bin")
        // The default cap on parsed bodies is 256 MiB: saving is not parsing.
        let output = try await workspace.run(["request", "streams", "big", "size=\(size)", "-o", target.path])
        #expect(output.status == 0, "\(output.stderr)")
        let expected = try await Subprocess.run("curl", ["-s", server.baseURL + "/big/sha256?size=\(size)"]).stdout
        #expect(expected.count == 64)
        let saved = try await Subprocess.run("sha256sum", [target.path]).stdout.prefix(64)
        #expect(String(saved) == expected)
        #expect(
            output.stderr.contains("saved \(size) bytes to \(target.path) (sha256 \(expected))"), "\(output.stderr)")
        let shown = try await workspace.run(["history", "show", "1"])
        let row = try Self.object(shown.stdout)
        let stream = try #require(row["stream"] as? [String: Any], "\(shown.stdout)")
        #expect(stream["sha256"] as? String == expected)
        #expect(stream["bytes"] as? Int == size)
        #expect(stream["saved_to"] as? String == target.path)
        #expect(row["truncated"] as? Bool == true, "history keeps the head only")
    }

    @Test(arguments: [true, false])
    func anOverCapBodyIsRefusedWhenParsedChunkedOrNot(_ chunked: Bool) async throws {
        let server = try await StreamServer()
        defer { server.stop() }
        let profile = Self.profile(server.baseURL).replacingOccurrences(
            of: "envelope: {status: code", with: "max_body_size: 1MiB\nenvelope: {status: code")
        let workspace = try BackendWorkspace(profiles: ["streams": profile])
        let arguments =
            ["request", "streams", "big", "size=3000000", "type=application/json"]
            + (chunked ? ["chunked=1"] : [])
        let refused = try await workspace.run(arguments)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("response larger than 1048576 bytes"), "\(refused.stderr)")
        #expect(refused.stderr.contains("max_body_size"), "\(refused.stderr)")
        // Saved, not parsed: the parse cap does not apply, --max-filesize does.
        let target = workspace.directory.appendingPathComponent("saved-\(chunked).json")
        let saved = try await workspace.run(arguments + ["-o", target.path])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try Data(contentsOf: target).count == 3_000_000)
        let cappedTarget = workspace.directory.appendingPathComponent("capped-\(chunked).json")
        let capped = try await workspace.run(arguments + ["-o", cappedTarget.path, "--max-filesize", "1MB"])
        #expect(capped.status == 3, "\(capped.stderr)")
        #expect(capped.stderr.contains("--max-filesize, 1000000 bytes"), "\(capped.stderr)")
        let left =
            FileManager.default.fileExists(atPath: cappedTarget.path) ? try Data(contentsOf: cappedTarget).count : 0
        #expect(left == 0, "nothing of a refused body is left behind")
    }

    static func text(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
