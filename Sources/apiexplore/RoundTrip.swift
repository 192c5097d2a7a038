import APIClient
import APIHTTP
import APIImport
import APIMapping
import APIMock
import Foundation

/// The round trip of one description: import it as a profile, serve it with `serve-mock --openapi`
/// on loopback, send every endpoint of the profile through the real HTTP transport with minimal
/// valid values, and count what the mock accepted and what the profile's envelope mapped.
///
/// Values: a required parameter gets its example, else its first allowed value, else its default,
/// else one made from its type (`1`, `true`, `x`); a file gets a small file of its own. Every
/// `${env:…}` the profile reads gets a stand-in value, so credentials go out as the profile sends them.
enum RoundTripRun {
    /// What one description's round trip gave.
    struct Result: Sendable {
        var description: String
        /// The description's operations (every method of every path).
        var operations = 0
        /// The requests sent (one per endpoint of the imported profile).
        var sent = 0
        /// The requests the mock accepted (no violation).
        var accepted = 0
        /// The answers whose envelope evaluated to success with a model.
        var mapped = 0
        /// What did not go through, and why.
        var misses: [Miss] = []
        /// How long the import, the mock and the requests took.
        var duration: Duration = .zero
    }

    /// One endpoint that was not sent, not accepted or not mapped.
    struct Miss: Sendable {
        /// `profile` (not sent), `refused` (the mock said no), `unmapped` (the envelope did not map).
        var stage: String
        var endpoint: String
        var reason: String
    }

    /// The stand-in value of every environment variable the profile reads.
    static func standIn(_ name: String) -> String { "roundtrip-\(name.lowercased())-0123456789" }

    /// Runs the round trip of one description.
    static func run(_ file: URL, label: String, scratch: URL, referenceRoot: URL? = nil) async throws -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        var result = Result(description: label)
        let imported = try OpenAPIImporter(options: .init(name: "roundtrip", referenceRoot: referenceRoot))
            .importDescription(at: file)
        let (text, _) = try imported.draft.validatedYAML(file: "roundtrip.yaml")
        let contract = try OpenAPIContract(contentsOf: file, referenceRoot: referenceRoot)
        result.operations = contract.operationCount
        let server = MockServer(
            contract: contract, profile: try Profile(yaml: "name: mock\nbase_url: http://127.0.0.1\n", file: "mock"))
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task {
            try await server.run(host: "127.0.0.1", port: 0) { port in continuation.yield(port) }
        }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw RoundTripError("the mock did not start") }
        let profile = try Profile(yaml: pointed(text, at: "http://127.0.0.1:\(port)"), file: "roundtrip.yaml")
        var environment: [String: String] = [:]
        for name in environmentNames(in: text) { environment[name] = standIn(name) }
        let upload = scratch.appendingPathComponent("roundtrip-upload.txt")
        try Data("apiexplore round trip\n".utf8).write(to: upload)
        let transport = HTTPTransport()
        let client = ProfileClient(transport: transport, environment: environment)
        let endpoints = profile.endpoints
        result.sent = 0
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func add() {
                guard next < endpoints.count else { return }
                let index = next
                next += 1
                let endpoint = endpoints[index]
                let values = Self.values(for: endpoint, file: upload.path)
                group.addTask { (index, await Self.send(endpoint.id, values, profile: profile, client: client)) }
            }
            for _ in 0..<4 { add() }
            var outcomes: [(Int, Outcome)] = []
            while let finished = try await group.next() {
                outcomes.append(finished)
                add()
            }
            for (index, outcome) in outcomes.sorted(by: { $0.0 < $1.0 }) {
                let id = endpoints[index].id
                switch outcome {
                case .notSent(let reason): result.misses.append(Miss(stage: "profile", endpoint: id, reason: reason))
                case .refused(let reason):
                    result.sent += 1
                    result.misses.append(Miss(stage: "refused", endpoint: id, reason: reason))
                case .unmapped(let reason):
                    result.sent += 1
                    result.accepted += 1
                    result.misses.append(Miss(stage: "unmapped", endpoint: id, reason: reason))
                case .mapped:
                    result.sent += 1
                    result.accepted += 1
                    result.mapped += 1
                }
            }
        }
        try await transport.shutdown()
        serving.cancel()
        _ = await serving.result
        result.duration = clock.now - start
        return result
    }

    enum Outcome: Sendable {
        case notSent(String)
        case refused(String)
        case unmapped(String)
        case mapped
    }

    private static func send(_ id: String, _ values: [String: String], profile: Profile, client: ProfileClient) async
        -> Outcome
    {
        let exchange: APIExchange
        do {
            exchange = try await client.call(profile: profile, endpoint: id, parameters: values)
        } catch {
            return .notSent(error.description)
        }
        if let violation = exchange.response.header(MockServer.violationHeader) {
            return .refused("HTTP \(exchange.response.status): \(violation)")
        }
        let evaluation = exchange.evaluation
        guard evaluation.outcome == .success else {
            return .unmapped("\(evaluation.outcome) (HTTP \(exchange.response.status))")
        }
        guard evaluation.model != nil || exchange.response.body.isEmpty else {
            if evaluation.body == nil {
                let type = exchange.response.header("Content-Type") ?? "no content type"
                return .unmapped("the answer is \(type), not JSON: there is no envelope to map")
            }
            return .unmapped(evaluation.issues.first ?? "no model at `\(evaluation.modelPath)`")
        }
        return .mapped
    }

    /// Minimal valid values for the endpoint's required parameters.
    static func values(for endpoint: Endpoint, file: String) -> [String: String] {
        var values: [String: String] = [:]
        let declared = Set(endpoint.params.map(\.name))
        for parameter in endpoint.params where parameter.isRequired {
            if parameter.type == .file {
                values[parameter.name] = file
                continue
            }
            values[parameter.name] =
                parameter.example.flatMap { $0.isEmpty ? nil : $0 } ?? parameter.allowedValues.first
                ?? parameter.defaultValue ?? generated(parameter.type)
        }
        for name in endpoint.parameterNames where !declared.contains(name) { values[name] = "x" }
        return values
    }

    private static func generated(_ type: ParameterType?) -> String {
        switch type {
        case .integer?, .number?: "1"
        case .boolean?: "true"
        case .array?: "[]"
        case .object?: "{}"
        default: "x"
        }
    }

    /// The profile's text with every base URL (the top-level one, each environment's) pointing at `url`.
    static func pointed(_ text: String, at url: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            for prefix in ["base_url: ", "    base_url: "] where line.hasPrefix(prefix) {
                return prefix + YAMLQuoted.text(url)
            }
            return String(line)
        }.joined(separator: "\n")
    }

    /// The `${env:NAME}` names a profile text reads.
    static func environmentNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${env:") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "}") else { break }
            let name = String(after[..<end])
            if !names.contains(name) { names.append(name) }
            rest = after[end...]
        }
        return names
    }
}

/// A round trip that could not run.
struct RoundTripError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A double-quoted YAML scalar.
enum YAMLQuoted {
    static func text(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
