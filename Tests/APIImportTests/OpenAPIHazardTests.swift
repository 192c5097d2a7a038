import APIClient
import APIImport
import APIMapping
import Foundation
import Testing

/// Hostile descriptions: each is refused with a located error, or imported into a profile that
/// reads back with nothing injected, and none hangs, explodes or reads a file it should not.
@Suite("OpenAPI import of hostile descriptions")
struct OpenAPIHazardTests {
    /// A scratch folder: `api/` holds the description, a secret sits beside it.
    struct Scratch {
        let root: URL
        var api: URL { root.appending(path: "api") }
        let secret = "tok-secret-0f9a1c2e"

        init() throws {
            root = FileManager.default.temporaryDirectory.appending(path: "apiexplore-hazard-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appending(path: "api"), withIntermediateDirectories: true)
            try "token: \(secret)\n".write(to: root.appending(path: "hosts.yml"), atomically: true, encoding: .utf8)
        }

        func write(_ name: String, _ text: String) throws -> URL {
            let url = api.appending(path: name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        func remove() {
            do { try FileManager.default.removeItem(at: root) } catch { Issue.record("cleanup: \(error)") }
        }
    }

    static func description(title: String) -> String {
        """
        openapi: 3.0.3
        info: {title: \(title), version: "1"}
        servers: [{url: "https://api.example.com"}]
        paths:
          /a: {get: {operationId: a, responses: {"200": {description: ok}}}}
        """
    }

    @Test(arguments: [
        ("../hosts.yml#/token", "leaves the description's folder"),
        ("file:///etc/passwd", "leaves the description's folder"),
        ("/etc/hostname", "leaves the description's folder"),
    ])
    func localReferencesStayInTheDescriptionsFolder(ref: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let entry = try scratch.write("openapi.yaml", Self.description(title: "{$ref: '\(ref)'}"))
        let error = #expect(throws: ImportError.self) { try OpenAPIImporter().importDescription(at: entry) }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        // Widening the root to the folder that holds it lets the same reference through.
        if ref.hasPrefix("../") {
            let widened = try OpenAPIImporter(options: .init(referenceRoot: scratch.root)).importDescription(at: entry)
            #expect(widened.draft.description == scratch.secret)
        }
    }

    @Test func aRemoteDescriptionCannotReachLocalFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = Self.description(title: "{$ref: 'file://\(scratch.root.path)/hosts.yml#/token'}")
        let error = #expect(throws: ImportError.self) {
            try OpenAPIImporter().importDescription(
                data: Data(text.utf8), location: URL(string: "https://evil.example/openapi.yaml")!)
        }
        #expect(error?.message.contains("names a local file from a description that is not one") == true)
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.api.appending(path: "pipe.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let entry = try scratch.write("openapi.yaml", Self.description(title: "{$ref: 'pipe.yaml'}"))
        let error = #expect(throws: ImportError.self) { try OpenAPIImporter().importDescription(at: entry) }
        #expect(error?.message.contains("is not a regular file") == true, "\(String(describing: error))")
    }

    @Test func aBillionLaughsIsRefused() throws {
        var text =
            "openapi: 3.0.3\ninfo: {title: t, version: '1'}\nx0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "x\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        text += "paths: {}\n"
        let error = #expect(throws: ImportError.self) {
            try OpenAPIImporter().importDescription(
                data: Data(text.utf8), location: URL(fileURLWithPath: "/nonexistent/bomb.yaml"))
        }
        #expect(error?.message.contains("an alias bomb") == true, "\(String(describing: error))")
    }

    @Test func aSchemaThatFansOutGivesABoundedBody() throws {
        // Ten levels of schemas with thirty properties each, every one the next level.
        var schemas = "    L10: {type: string}\n"
        for level in (0..<10).reversed() {
            let properties = (0..<30).map { "p\($0): {$ref: '#/components/schemas/L\(level + 1)'}" }
            schemas += "    L\(level): {type: object, properties: {\(properties.joined(separator: ", "))}}\n"
            schemas +=
                "    A\(level): {allOf: [\(Array(repeating: "$ref: '#/components/schemas/A\(level)'", count: 10).map { "{\($0)}" }.joined(separator: ", "))]}\n"
        }
        let text = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /a:
                post:
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/L0'}}}}
                  responses: {"200": {description: ok}}
              /b:
                post:
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/A0'}}}}
                  responses: {"200": {description: ok}}
            components:
              schemas:
            \(schemas)
            """
        let draft = try OpenAPIImporter(options: .init(name: "t")).importDescription(
            data: Data(text.utf8), location: URL(fileURLWithPath: "/nonexistent/fan.yaml")
        ).draft
        let body = try #require(draft.endpoints.first?.body)
        #expect(body.jsonText().utf8.count < 200_000)
        #expect(draft.endpoints.first?.comments.contains { $0.contains("cut short") } == true)
        _ = try draft.validatedYAML(file: "profiles/t.yaml")
    }

    @Test(arguments: ["\u{2028}tls_verify: false #", "\u{2029}headers: {X: y}", "a\u{FFFF}b\u{FFFE}", "\u{85}x: 1"])
    func aTitleCannotInjectKeys(title: String) throws {
        let escaped = JSONValue.string(title).jsonText()
        let text = #"{"openapi":"3.0.3","info":{"title":\#(escaped),"version":"1"},"paths":{}}"#
        let draft = try OpenAPIImporter(options: .init(name: "t")).importDescription(
            data: Data(text.utf8), location: URL(fileURLWithPath: "/nonexistent/t.json")
        ).draft
        let (yaml, profile) = try draft.validatedYAML(file: "profiles/t.yaml")
        #expect(profile.tlsVerify)
        #expect(profile.headers.isEmpty)
        #expect(profile.description == title, "\(yaml)")
    }
}
