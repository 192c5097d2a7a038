import APIClient
import APIHTTP
import Foundation

// apiexplore-fuzz: a seeded, deterministic mutation fuzzer for every parser apiexplore exposes to
// outside input (JSON, XML, the three path languages, profiles, scripts, HTTP responses).
// Usage: apiexplore-fuzz TARGET|all [--seconds N | --runs N] [--seed S] [--corpus DIR] [--crashes DIR]
// Exit status: 0 nothing found; 1 a hang (an input over 1 s) or runaway memory; 2 usage; 3 an input
// stuck over 10 s; a crash ends the process by its signal, its input left in CRASHES/current-TARGET.

struct FuzzOptions {
    var target = ""
    var seconds = 20.0
    var runs: Int?
    var seed: UInt64 = 1
    var corpusDirectory: String?
    var crashesDirectory = ".build/fuzz-crashes"

    static let usage = """
        usage: apiexplore-fuzz TARGET|all [--seconds N | --runs N] [--seed S] [--corpus DIR] [--crashes DIR]
        targets: json, xml, jsonpointer, profilepath, jsonpath, profile, script, headers, curl, openapi, har,
            link, form, envelope, feed, media, search, http
        """

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--seconds": seconds = try Self.number(remaining.popFirst(), argument)
            case "--runs": runs = Int(try Self.number(remaining.popFirst(), argument))
            case "--seed": seed = UInt64(try Self.number(remaining.popFirst(), argument))
            case "--corpus": corpusDirectory = try Self.value(remaining.popFirst(), argument)
            case "--crashes": crashesDirectory = try Self.value(remaining.popFirst(), argument)
            case _ where argument.hasPrefix("-"): throw UsageError(message: "unknown option \(argument)")
            default:
                guard target.isEmpty else { throw UsageError(message: "one target only, got \(argument)") }
                target = argument
            }
        }
        guard !target.isEmpty else { throw UsageError(message: "name a target or 'all'") }
    }

    static func value(_ text: String?, _ option: String) throws -> String {
        guard let text else { throw UsageError(message: "\(option) needs a value") }
        return text
    }

    static func number(_ text: String?, _ option: String) throws -> Double {
        guard let value = Double(try value(text, option)), value >= 0, value <= 1e9 else {
            throw UsageError(message: "\(option) needs a number from 0 to 1e9")
        }
        return value
    }
}

struct UsageError: Error {
    let message: String
}

let options: FuzzOptions
do {
    options = try FuzzOptions(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("apiexplore-fuzz: \(error.message)\n\(FuzzOptions.usage)\n".utf8))
    exit(2)
}

var configuration = TransportConfiguration()
configuration.proxy = .none
configuration.connectTimeout = .seconds(1)
configuration.totalTimeout = .seconds(2)
configuration.maximumBodySize = 1 << 20
let server = try await RawResponseServer()
let transport = HTTPTransport(configuration: configuration)
let targets =
    parserTargets + importTargets + collectionTargets + bodyTargets + [
        searchTarget, httpTarget(server: server, transport: transport),
    ]
let chosen = options.target == "all" ? targets : targets.filter { $0.name == options.target }
if chosen.isEmpty {
    FileHandle.standardError.write(Data("apiexplore-fuzz: no target \(options.target)\n\(FuzzOptions.usage)\n".utf8))
    exit(2)
}

var failed = false
for target in chosen {
    let report = try await FuzzRunner(options: options).run(target)
    let growth = ByteCountFormatter.string(fromByteCount: Int64(report.residentGrowth), countStyle: .binary)
    print(
        "\(target.name): \(report.executions) inputs in \(String(format: "%.1f", report.seconds)) s "
            + "(\(Int(report.executionsPerSecond)) per second), \(report.accepted) accepted, slowest \(report.slowest), "
            + "largest \(report.largestInput) B, peak resident +\(growth); \(target.summary)")
    for hang in report.hangs { print("  HANG \(hang)") }
    if !report.hangs.isEmpty || report.residentGrowth > FuzzRunner.maximumResidentGrowth {
        failed = true
        if report.residentGrowth > FuzzRunner.maximumResidentGrowth { print("  MEMORY grew past the limit") }
    }
}
try await transport.shutdown()
try await server.stop()
print(failed ? "apiexplore-fuzz: findings above" : "apiexplore-fuzz: no crash, hang or runaway memory")
exit(failed ? 1 : 0)
