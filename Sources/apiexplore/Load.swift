import APIClient
import APIHTTP
import APIHistory
import APIMapping
import APIScript
import APISession
import ArgumentParser
import Foundation
import Synchronization

/// `apiexplore load PROFILE ENDPOINT [name=value ...]`: one endpoint's request sent over and over,
/// concurrently or at a rate, through the transport alone, and a report of what came back.
struct Load: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Send one endpoint's request many times and report outcomes, latency percentiles and client CPU.",
        discussion: """
            The request is resolved once (templates, secrets, the profile's sign-in) and sent straight \
            through the HTTP transport over reused connections: no script, retry, cache or cookie jar \
            per request, and only the envelope's status and tip paths are read from each body. \
            Without --rate, --concurrency workers send back to back (a closed model, like wrk); with \
            --rate R, request n is due at a fixed time and its latency counts from then, so a stalled \
            server cannot hide the requests it delayed (coordinated omission); the service time from \
            the actual send is reported beside it. --ramp-up climbs to the full rate (or starts the \
            workers one after another) over its time.

            The report counts every outcome (success, business-failure, http-failure, undetermined, \
            timeout, transport-failure), every HTTP and business status, success included, business \
            errors with the names and actions of the profile's errors:, latency percentiles \
            (HdrHistogram) and the client's CPU time per request (the whole process: with a profile \
            on the embedded demo backend, the server's too; use serve-demo apart to measure the client).

            History keeps a summary: the first exchange of each outcome and status (--record each \
            records every exchange; --record none or --no-history, nothing).

            Exit codes: 0 the run completed (the report has the outcomes); 2 usage or profile error; \
            3 no request got a response; 130/143 interrupted (the report covers what ran).
            """)

    /// What history keeps of the run.
    enum Record: String, ExpressibleByArgument, CaseIterable {
        case summary, each, none
    }

    @Argument(help: "The profile name.")
    var profile: String

    @Argument(help: "The endpoint id.")
    var endpoint: String

    @Argument(help: "Parameters as name=value.")
    var parameters: [String] = []

    @Option(name: [.customShort("c"), .long], help: "Requests in flight at most (1-1024), each on its own connection.")
    var concurrency = 1

    @Option(name: [.customShort("n"), .long], help: "Send this many requests (1-1000000000).")
    var requests: Int?

    @Option(
        name: [.customShort("d"), .long],
        help: ArgumentHelp(
            "Start requests for this long (10s, 1m); the default without --requests is 10s.", valueName: "duration"))
    var duration: DurationFlag?

    @Option(
        help: ArgumentHelp(
            "Requests per second, all workers together (an open model); 500 or 500/s.", valueName: "rate"))
    var rate: String?

    @Option(
        name: .customLong("ramp-up"),
        help: ArgumentHelp("Climb to the full rate or concurrency over this long.", valueName: "duration"))
    var rampUp: DurationFlag?

    @Option(help: "What history keeps: summary (the first exchange of each outcome), each, or none.")
    var record: Record = .summary

    @Flag(help: "Print a readable report instead of one JSON object.")
    var pretty = false

    @OptionGroup var sessionOptions: SessionOptions

    func validate() throws {
        for parameter in parameters where !parameter.contains("=") || parameter.hasPrefix("=") {
            throw ValidationError("Parameter '\(parameter)' is not name=value.")
        }
        try FlagRanges.validate(concurrency, in: InputRanges.concurrency, flag: "--concurrency")
        try FlagRanges.validate(requests, in: InputRanges.loadRequests, flag: "--requests")
        try DurationFlag.validate(duration, in: InputRanges.timeoutMilliseconds, flag: "--duration")
        try DurationFlag.validate(rampUp, in: InputRanges.timeoutMilliseconds, flag: "--ramp-up")
        if rate != nil {
            guard let value = requestsPerSecond, InputRanges.loadRate.contains(value) else {
                throw ValidationError(
                    "--rate takes requests per second from \(InputRanges.loadRate.lowerBound) to "
                        + "\(Int(InputRanges.loadRate.upperBound)) (500 or 500/s), not '\(rate ?? "")'.")
            }
        }
        if let rampUp, let duration, rampUp.duration > duration.duration {
            throw ValidationError("--ramp-up \(rampUp) is longer than --duration \(duration).")
        }
    }

    /// `--rate` as a number: `500` or `500/s`.
    private var requestsPerSecond: Double? {
        guard var text = rate else { return nil }
        if text.hasSuffix("/s") { text.removeLast(2) }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The plan the flags describe.
    private var plan: LoadPlan {
        var plan = LoadPlan(concurrency: concurrency)
        plan.requests = requests
        plan.duration = duration?.duration ?? (requests == nil ? .seconds(10) : nil)
        plan.rate = requestsPerSecond
        plan.rampUp = rampUp?.duration ?? .zero
        return plan
    }

    func run() async throws {
        let host = try await SessionHost(options: sessionOptions, loading: profile)
        let status: Int32
        do {
            status = try await load(host: host)
        } catch {
            await host.close()
            throw error
        }
        await host.close()
        if status != 0 { throw ExitCode(status) }
    }

    private func load(host: SessionHost) async throws -> Int32 {
        let loaded: Profile
        switch host.profile {
        case .success(let profile)?: loaded = profile
        case .failure(let error)?:
            Terminal.errorLine(error.description)
            return 2
        case nil: return 2
        }
        guard loaded.endpoint(endpoint) != nil else {
            Terminal.error("profile '\(loaded.name)' has no endpoint '\(endpoint)'")
            return 2
        }
        let target: LoadTarget
        do {
            target = try await host.session.loadTarget(
                endpoint: endpoint, parameters: Dictionary(namedParameters, uniquingKeysWith: { $1 }),
                profile: loaded)
        } catch let error as ClientError {
            Terminal.error(loaded.redaction.redact(text: error.description))
            return error.profileError != nil ? 2 : 3
        }
        // A transport of the load's own, straight on NIO: a kept-alive connection per request in flight.
        // What it hands to AsyncHTTPClient (a proxied host) gets as many connections.
        var configuration = TransportConfiguration()
        configuration.connectionsPerHost = concurrency
        let transport = DirectHTTP1Transport(configuration: configuration)
        let history = record == .none ? nil : host.session.history
        let recorder = SampleRecorder(history: history, target: target)
        var engine = LoadEngine(
            transport: transport, spec: target.spec, request: target.request, errors: target.profile.errors,
            plan: plan)
        engine.samplesEvery = record == .each && history != nil
        let frozen = engine
        let work = Task { await frozen.run { await recorder.record($0) } }
        let watch = InterruptWatch { work.cancel() }
        let outcome = await work.value
        let signal = watch.stop()
        do {
            try await transport.shutdown()
        } catch {
            Terminal.error("shutting down the load's HTTP client: \(error)")
        }
        let report = LoadReport(target: target, plan: plan, outcome: outcome, history: recorder.summary(mode: record))
        if pretty {
            Terminal.write(target.profile.redaction.redact(text: report.text).terminalSafe + "\n")
        } else {
            Terminal.writeJSON(
                JSONDocument(["load": report.jsonValue]).root, style: .compact, masking: target.profile.redaction)
        }
        if let signal { return 128 + signal }
        let answered = outcome.statistics.requests - outcome.statistics.transportErrors.values.reduce(0, +)
        return answered == 0 && outcome.statistics.requests > 0 ? 3 : 0
    }

    /// The parameters as name and value.
    private var namedParameters: [(String, String)] {
        parameters.map { parameter in
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}

/// Records the exchanges a load run samples in history, and keeps their ids and failures.
private final class SampleRecorder: Sendable {
    private let history: HistoryStore?
    private let target: LoadTarget
    private let state = Mutex((ids: [Int64](), problems: [String](), recorded: 0))

    init(history: HistoryStore?, target: LoadTarget) {
        self.history = history
        self.target = target
    }

    func record(_ sample: LoadEngine.Sample) async {
        guard let history else { return }
        let request = target.request
        let profile = target.profile
        do throws(HistoryError) {
            let id: Int64
            switch sample.result {
            case .success(let response):
                let body = ResponseBody(
                    bytes: response.body, contentType: response.header("Content-Type"), xmlArrays: request.xmlArrays,
                    feeds: request.normalizesFeeds)
                let evaluation = request.envelope.evaluate(httpStatus: response.status, body: body.document?.root)
                let exchange = APIExchange(
                    profileName: profile.name, endpointID: target.endpoint, request: request, response: response,
                    body: body, evaluation: evaluation, businessError: profile.errors.businessError(for: evaluation),
                    rateLimit: RateLimitStatus(headers: response.headers, names: profile.rateLimit, now: Date()))
                id = try await history.record(exchange, profile: profile)
            case .failure(let error):
                id = try await history.recordFailure(
                    profile: profile, endpointID: target.endpoint, request: request,
                    error: .transport(error, request: request), reauthOf: nil)
            }
            state.withLock { state in
                state.recorded += 1
                // A summary lists its rows; a run recording each exchange lists the first few.
                if state.ids.count < 100 { state.ids.append(id) }
            }
        } catch {
            state.withLock { state in
                if state.problems.isEmpty { state.problems.append(error.description) }
            }
        }
    }

    /// `{"mode":"summary","recorded":3,"ids":[…],"error":null}`.
    func summary(mode: Load.Record) -> JSONValue {
        state.withLock { state in
            var object = JSONObject()
            object.append(key: "mode", value: .string(history == nil ? "none" : mode.rawValue))
            object.append(key: "recorded", value: .number(JSONNumber(state.recorded)))
            object.append(key: "ids", value: .array(state.ids.map { .number(JSONNumber($0)) }))
            object.append(key: "error", value: state.problems.first.map(JSONValue.string) ?? .null)
            return .object(object)
        }
    }
}
