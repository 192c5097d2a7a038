import APIMapping
import ArgumentParser
import Foundation

extension Profiles {
    /// `profiles roundtrip FILE…`: import, mock and send every operation of descriptions.
    struct RoundTrip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "roundtrip",
            abstract:
                "Import OpenAPI descriptions, serve each with its own mock, and send every operation through the profile.",
            discussion: """
                For each description: `profiles import openapi`, then `serve-mock --openapi` on a free loopback \
                port, then one request per endpoint of the imported profile with minimal valid values \
                (required parameters from their examples, enums, defaults, or made from their types; \
                stand-in values for every ${env:…} the profile reads). Prints, per description, its \
                operations, the requests sent, those the mock accepted (no violation of the description) \
                and the answers the profile's envelope mapped (success with a model), then every miss with \
                its reason. Exit status 1 when a request was refused or not sent.
                """)

        @Argument(help: "OpenAPI 3.0/3.1 or Swagger 2.0 descriptions (JSON or YAML).")
        var files: [String]

        @Flag(help: "Print one JSON object per description instead of the table.")
        var json = false

        @Option(
            name: .customLong("refs-root"),
            help: ArgumentHelp(
                "Local $refs may reach files in this folder (default: each description's own folder).",
                valueName: "dir"))
        var referenceRoot: String?

        func run() async throws {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "apiexplore-roundtrip-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { removeScratch(scratch) }
            var results: [RoundTripRun.Result] = []
            var failed = false
            for file in files {
                let label = file
                do {
                    let result = try await RoundTripRun.run(
                        URL(fileURLWithPath: file), label: label, scratch: scratch,
                        referenceRoot: referenceRoot.map { URL(fileURLWithPath: $0, isDirectory: true) })
                    results.append(result)
                    if result.accepted < result.operations || result.sent < result.operations { failed = true }
                    if json { Terminal.write(Self.json(result).jsonText() + "\n") }
                } catch {
                    Terminal.errorLine("\(file): \(error)")
                    failed = true
                }
            }
            if !json { Terminal.write(Self.table(results).terminalSafe) }
            if failed { throw ExitCode(1) }
        }

        private func removeScratch(_ url: URL) {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                Terminal.errorLine("cannot remove \(url.path): \(error.localizedDescription)")
            }
        }

        static func json(_ result: RoundTripRun.Result) -> JSONValue {
            var object = JSONObject()
            object.append(key: "description", value: .string(result.description))
            for (key, count) in [
                ("operations", result.operations), ("sent", result.sent), ("accepted", result.accepted),
                ("mapped", result.mapped),
            ] {
                object.append(key: key, value: .number(JSONNumber(count)))
            }
            let milliseconds =
                result.duration.components.seconds * 1000 + result.duration.components.attoseconds
                / 1_000_000_000_000_000
            object.append(key: "milliseconds", value: .number(JSONNumber(Int(milliseconds))))
            object.append(
                key: "misses",
                value: .array(
                    result.misses.map { miss in
                        [
                            "stage": .string(miss.stage), "endpoint": .string(miss.endpoint),
                            "reason": .string(miss.reason),
                        ]
                    }))
            return .object(object)
        }

        static func table(_ results: [RoundTripRun.Result]) -> String {
            var lines = ["| description | operations | sent | accepted | mapped |", "|---|---:|---:|---:|---:|"]
            for result in results {
                lines.append(
                    "| \(result.description) | \(result.operations) | \(result.sent) | \(result.accepted) | \(result.mapped) |"
                )
            }
            for result in results where !result.misses.isEmpty {
                lines.append("")
                lines.append("\(result.description):")
                for miss in result.misses { lines.append("  \(miss.stage) \(miss.endpoint): \(miss.reason)") }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
