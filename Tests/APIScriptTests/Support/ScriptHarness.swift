import APIClient
import APIClientTesting
import APIDemoBackend
import APIMapping
import APIScript
import APISession
import Foundation
import Testing

/// Runs scripts against a real demo backend on loopback, with profiles from a temporary folder
/// (falling back to the built-in ones).
struct ScriptHarness {
    /// A profile for raw requests against the demo's echo route: success is HTTP 2xx, the model is the body.
    static let echoProfile = """
        name: echo
        description: Raw requests against the demo backend
        base_url: "${demo:base_url}"
        envelope: {status: null, success: http, tip: [], model: ""}
        defaults:
          expect: [success]
        endpoints:
          echo:
            path: /hazards/echo
            query: {q: "${q}"}
        """

    /// The reports and exit status of one run.
    struct Run {
        let status: ScriptExitStatus
        let reports: [CommandReport]

        /// The JSON line of the report for `line` (the first, when several commands share it).
        func json(line: Int) -> JSONValueProbe { JSONValueProbe(reports.first { $0.line == line }?.jsonValue) }
    }

    /// Parses and runs `text`, collecting every report.
    static func run(
        _ text: String, keepGoing: Bool = false, profiles: [String: String] = ["echo": echoProfile],
        pagedBytesBudget: Int = ScriptRunner.largestPagedBytes
    ) async throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { remove(directory) }
        for (name, text) in profiles {
            try Data(text.utf8).write(to: directory.appendingPathComponent("\(name).yaml"))
        }
        let library = ProfileLibrary(
            searchPath: ProfileSearchPath(
                explicitDirectory: directory.path, workingDirectory: directory.path, environment: [:]))
        let script = try Script(parsing: text, name: "test.apx")
        return try await withDemoBackend { backend, transport in
            let session = ExplorerSession(
                library: library, environment: [:], transport: transport, startDemo: { backend.baseURL })
            var reports: [CommandReport] = []
            var runner = ScriptRunner(session: session, keepGoing: keepGoing)
            runner.pagedBytesBudget = pagedBytesBudget
            let status = await runner.run(script) { reports.append($0) }
            return Run(status: status, reports: reports)
        }
    }

    static func remove(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            Issue.record("could not remove \(url.path): \(error)")
        }
    }
}

/// Reads members out of a report's JSON by key path, for short expectations.
struct JSONValueProbe {
    let value: JSONValue?

    init(_ value: JSONValue?) { self.value = value }

    subscript(_ key: String) -> JSONValueProbe {
        JSONValueProbe(value?.objectValue?[key])
    }

    subscript(_ index: Int) -> JSONValueProbe {
        guard let array = value?.arrayValue, array.indices.contains(index) else { return JSONValueProbe(nil) }
        return JSONValueProbe(array[index])
    }

    var string: String? { value?.stringValue }
    var bool: Bool? { value?.boolValue }
    var int: Int? { value?.numberValue.flatMap { Int($0.text) } }
    var count: Int? { value?.arrayValue?.count }
    var json: String? { value?.jsonText() }
}
