import Foundation
import Testing

/// `apiexplore probe` over XML and with `--envelope`, run as a subprocess on real fixture files.
@Suite struct ProbeEnvelopeAndXMLTests {
    /// The test fixtures of the core module, found from this file so the test runs from any folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("APIMappingTests/Fixtures")

    static func fixture(_ path: String) -> String { fixtures.appendingPathComponent(path).path }

    @Test func xmlIsDetectedAndReadAsItsJSONTree() async throws {
        let output = try await CommandRunner.run([
            "probe", "rss>channel>item>0>title", Self.fixture("feeds/real/manton.rss"),
        ])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasPrefix("\""))
        let titles = try await CommandRunner.run([
            "probe", "--jsonpath", "$.rss.channel.item[*].title", Self.fixture("feeds/real/manton.rss"),
        ])
        #expect(titles.status == 0)
        let list = try JSONSerialization.jsonObject(with: Data(titles.stdout.utf8)) as? [String]
        #expect(list?.count == 10)
        #expect(list?.first.map { "\"\($0)\"\n" } == output.stdout)
    }

    @Test func xmlArrayPathsKeepASingleElementAnArray() async throws {
        let xml = "<rss><channel><item><title>Only</title></item></channel></rss>"
        let plain = try await CommandRunner.run(["probe", "rss>channel>item", "-"], stdin: xml)
        #expect(plain.stdout == #"{"title":"Only"}"# + "\n")
        let forced = try await CommandRunner.run(
            ["probe", "--xml-array", "rss>channel>item", "rss>channel>item", "-"], stdin: xml)
        #expect(forced.stdout == #"[{"title":"Only"}]"# + "\n")
    }

    @Test func forcedXMLOnInputThatIsNotXML() async throws {
        let output = try await CommandRunner.run(["probe", "--xml", "a", "-"], stdin: #"{"a": 1}"#)
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("<stdin>:1:1: "))
    }

    @Test func malformedXMLNamesFileLineAndColumn() async throws {
        let file = Self.fixture("feeds/real/bold.dk-Ampersand.xml")
        let output = try await CommandRunner.run(["probe", "rss", file])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "\(file):23:114: entity reference without ';' (a bare '&' must be written '&amp;')\n")
    }

    @Test func envelopeEvaluationOfASavedResponse() async throws {
        let output = try await CommandRunner.run([
            "probe", Self.fixture("envelopes/slack_auth.test_error_invalid_auth.json"),
            "--envelope", "status=ok,success=true,tip=error",
        ])
        #expect(output.status == 0)
        #expect(
            output.stdout
                == #"{"outcome":"business-failure","http":{"status":200,"success":true},"business":"failure","#
                + #""status":{"path":"$.ok","value":false},"tip":"invalid_auth","tip_path":"$.error","model_path":"","#
                + #""model":{"error":"invalid_auth","ok":false},"issues":[]}"# + "\n")
    }

    @Test func envelopeWithHTTPStatusAndAProbeInsideTheModel() async throws {
        let output = try await CommandRunner.run(
            ["probe", "code", "-", "--envelope", "status=code,success=0,tip=msg,model=data", "--http-status", "503"],
            stdin: #"{"code": 0, "msg": "maintenance", "data": {"code": "inner"}}"#)
        #expect(output.status == 0)
        #expect(output.stdout.contains(#""outcome":"http-failure","http":{"status":503,"success":false}"#))
        #expect(output.stdout.hasSuffix(#""issues":[],"probe":{"path":"code","found":true,"value":"inner"}}"# + "\n"))
        let missing = try await CommandRunner.run(
            ["probe", "nope", "-", "--envelope", "status=code,success=0,model=data"],
            stdin: #"{"code": 0, "data": {"code": "inner"}}"#)
        #expect(missing.status == 1)
        #expect(missing.stdout.hasSuffix(#""probe":{"path":"nope","found":false,"value":null}}"# + "\n"))
    }

    @Test func envelopeFromAFileWithOneFieldPerLine() async throws {
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-\(UUID().uuidString).txt")
        try Data("# OpenWeatherMap\nstatus=cod\nsuccess=200\n\ntip=message\ncoerce_status=true\n".utf8).write(to: spec)
        defer { CommandRunner.remove(spec) }
        let output = try await CommandRunner.run([
            "probe", Self.fixture("envelopes/owm_404_cod_string.json"), "--envelope", "@" + spec.path,
            "--http-status", "404",
        ])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix(#"{"outcome":"http-failure""#))
        #expect(output.stdout.contains(#""tip":"Error: Not found city""#))
    }

    @Test func malformedEnvelopeIsExit2WithColumn() async throws {
        let output = try await CommandRunner.run(["probe", "-", "--envelope", "status=code,succes=0"], stdin: "{}")
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "apiexplore: invalid envelope at column 13: unknown field 'succes'; expected status, success, tip, "))
    }
}
