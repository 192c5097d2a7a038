import APIClient
import APIDemoBackend
import APIHTTP
import APIMapping
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(CDispatch)
    // In a whole-module (release) build on Linux, `timespec` can be owned by CDispatch (reached
    // through Foundation), and member import visibility asks for its owner by name. Which module
    // owns it depends on the other files of the target: adding `ChildProcess.swift`'s
    // `posix_spawn` and `wait4` flipped it.
    import CDispatch
#endif

/// The HTTP target of the issue: our stack adds at most this much (percent) over bare AsyncHTTPClient.
let httpOverheadTarget = 10.0

/// One request of a benchmark variant; returns the body size, which goes into the checksum.
typealias HTTPRequester = @Sendable () async throws -> Int

/// The ways of getting the same answer from the demo backend, compared in the HTTP group.
///
/// Bare AsyncHTTPClient runs twice over: in its default configuration, and configured as `HTTPTransport` configures
/// its own client (`HTTPTransport.defaultClientConfiguration`: connect and read timeouts, decompression with a ratio
/// limit, redirects, no connection retries; requests add `Accept-Encoding`), with no code of ours on the request
/// path. The second isolates what our code adds from what those AsyncHTTPClient features cost.
struct HTTPVariants: Sendable {
    /// AsyncHTTPClient with its default configuration, async/await API (`execute`, then `body.collect`).
    let bare: HTTPRequester
    /// AsyncHTTPClient with its default configuration, futures API (`execute(request:deadline:)`, whose
    /// `ResponseAccumulator` collects the body on the event loop): the API `HTTPTransport` builds on.
    let bareFutures: HTTPRequester
    /// AsyncHTTPClient configured as `HTTPTransport` configures it, async/await API.
    let configured: HTTPRequester
    /// AsyncHTTPClient configured as `HTTPTransport` configures it, futures API.
    let configuredFutures: HTTPRequester
    /// `HTTPTransport.send` of the same URL.
    let transport: HTTPRequester
    /// `ProfileClient.call` of the `code-msg-data` profile's `user` endpoint: resolve, send, parse, evaluate.
    let profile: HTTPRequester

    /// The variants in the order they are measured within a round.
    var all: [HTTPRequester] { [bare, bareFutures, configured, configuredFutures, transport, profile] }
    /// How many of ``all``, from the front, are bare AsyncHTTPClient (batched with a plain task group).
    static let bareCount = 4
}

extension BenchRun {
    /// Issue 4: requests per second against the in-process demo backend, bare AsyncHTTPClient against
    /// `HTTPTransport` and `ProfileClient`, sequentially and in concurrent batches.
    @MainActor
    mutating func runHTTP() async throws(BenchFailure) {
        report.section("(j) requests per second against the demo backend (in process, loopback)")
        let profile = try Self.loadProfile()
        let backend: RunningDemoBackend
        do {
            backend = try await DemoBackend.start()
        } catch {
            throw BenchFailure(description: "the demo backend did not start: \(error)")
        }
        let bareClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration())
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        let configuredClient = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: HTTPTransport.defaultClientConfiguration(configuration))
        let transport = HTTPTransport(configuration: configuration)
        let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)

        let result: Result<Void, BenchFailure>
        do {
            try await measureHTTP(
                backend: backend, bareClients: (bareClient, configuredClient), transport: transport, client: client,
                profile: profile)
            result = .success(())
        } catch {
            result = .failure(error)
        }
        do {
            try await bareClient.shutdown()  // the async overload; the blocking one must not run here
            try await configuredClient.shutdown()
            try await transport.shutdown()
        } catch {
            report.line("http   shutting down the clients failed: \(error)")
        }
        await backend.stop()
        try result.get()
    }

    /// The measurements of the HTTP group, between starting and stopping the backend and clients.
    @MainActor
    private mutating func measureHTTP(
        backend: RunningDemoBackend, bareClients: (plain: HTTPClient, configured: HTTPClient),
        transport: HTTPTransport, client: ProfileClient, profile: Profile
    ) async throws(BenchFailure) {
        let url = backend.baseURL + "/cmd/users/1001"
        let (bareClient, configuredClient) = bareClients
        let variants = HTTPVariants(
            bare: { try await Self.bareRequest(bareClient, url: url, acceptEncoding: false) },
            bareFutures: { try await Self.bareFuturesRequest(bareClient, url: url, acceptEncoding: false) },
            configured: { try await Self.bareRequest(configuredClient, url: url, acceptEncoding: true) },
            configuredFutures: { try await Self.bareFuturesRequest(configuredClient, url: url, acceptEncoding: true) },
            transport: {
                let record = try await transport.send(HTTPRequestSpec(url: url))
                guard record.status == 200 else { throw BenchFailure(description: "HTTP \(record.status)") }
                return record.body.count
            },
            profile: {
                let exchange = try await client.call(profile: profile, endpoint: "user")
                guard exchange.evaluation.outcome == .success else {
                    throw BenchFailure(description: "ProfileClient call evaluated as \(exchange.evaluation.outcome)")
                }
                return exchange.response.body.count
            })

        let requests = sizes.httpRequests
        let warmUp = 100
        let sample = try await Self.run(variants.profile, count: 1, batch: 1, zip: true)
        report.line(
            "input  demo backend   GET \(url), \(Format.count(sample.checksum)) bytes of code/msg/data JSON; "
                + "warm-up \(warmUp) requests per variant, \(Self.slices) slices (variants in turn in each)"
        )
        for variant in variants.all {
            measurer.consume(try await Self.run(variant, count: warmUp, batch: 1, zip: true).checksum)
        }

        let sequential = try await measureSlices(variants, count: requests, batch: 1)
        reportHTTP("sequential", sequential)
        let batch = 16
        let concurrent = try await measureSlices(variants, count: requests / batch * batch, batch: batch)
        reportHTTP("zip x\(batch)", concurrent)

        try await reportBreakdown(profile: profile, baseURL: backend.baseURL, transport: transport, url: url)
    }

    /// Slices per measurement: each runs every variant for a share of the requests, the variants in turn.
    ///
    /// The demo backend shares the machine's two cores with the clients, and the load of the shared machine comes
    /// and goes over seconds: seven long rounds let whole runs disagree on the verdict (one variant's sequential
    /// request took 302-405 us from round to round). Forty short slices put every variant in every load.
    static let slices = 40

    /// Best-slice requests per second for each variant, and the paired overheads: within each slice, our variant
    /// against the faster configured API of the run, the median over the slices.
    @MainActor
    private mutating func measureSlices(
        _ variants: HTTPVariants, count: Int, batch: Int
    ) async throws(BenchFailure) -> HTTPRates {
        let perSlice = max(count / 8 / batch, 1) * batch
        var best = [Duration?](repeating: nil, count: variants.all.count)
        var bestCPU = [Duration?](repeating: nil, count: variants.all.count)
        var seconds = [[Double]](repeating: [], count: variants.all.count)
        for slice in 0..<Self.slices {
            // Each slice starts with a different variant, and every other slice runs them in reverse, so none
            // always runs first or always after the same one (`ProfileClient` and `HTTPTransport` share a client).
            let rotated = variants.all.indices.map { ($0 + slice / 2) % variants.all.count }
            let order = slice.isMultiple(of: 2) ? rotated : rotated.reversed()
            for index in order {
                // Bare AsyncHTTPClient batches with a plain task group, ours with `Sequencer.zip`.
                let sample = try await Self.run(
                    variants.all[index], count: perSlice, batch: batch, zip: index >= HTTPVariants.bareCount)
                measurer.consume(sample.checksum)
                seconds[index].append(sample.elapsed.seconds)
                best[index] = min(best[index] ?? sample.elapsed, sample.elapsed)
                bestCPU[index] = min(bestCPU[index] ?? sample.cpu, sample.cpu)
            }
        }
        // The baseline is the configured API that was faster over the whole run (the lower median slice), and
        // each slice compares against that API's own sample. Taking the faster of the two within each slice
        // instead would bias the baseline low by the slices' noise: a third client identical to the baseline
        // measured +2.4% and +5.1% that way.
        let baselineIndex = Self.median(seconds[2]) <= Self.median(seconds[3]) ? 2 : 3
        let baseline = seconds[baselineIndex]
        let pairedTransport = zip(seconds[4], baseline).map { ($0 / $1 - 1) * 100 }
        let pairedProfile = zip(seconds[5], baseline).map { ($0 / $1 - 1) * 100 }
        let rates = best.map { Double(perSlice) / ($0 ?? .zero).seconds }
        let cpu = bestCPU.map { ($0 ?? .zero).seconds * 1e6 / Double(perSlice) }
        return HTTPRates(
            count: perSlice, bare: rates[0], bareFutures: rates[1], configured: rates[2], configuredFutures: rates[3],
            transport: rates[4], profile: rates[5], cpuMicros: cpu,
            pairedTransportOverhead: Self.median(pairedTransport), pairedProfileOverhead: Self.median(pairedProfile),
            pairedProfileQuartiles: Self.quartiles(pairedProfile),
            pairedBaseline: baselineIndex == 2 ? "async" : "futures")
    }

    /// The first and third quartiles of `values` (nearest rank); zeros for none.
    static func quartiles(_ values: [Double]) -> (lower: Double, upper: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        return (sorted[(sorted.count - 1) / 4], sorted[(sorted.count - 1) * 3 / 4])
    }

    /// The middle value (the mean of the two middle values for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// Prints the comparison lines and records the ProfileClient target.
    ///
    /// The target's baseline is bare AsyncHTTPClient configured as `HTTPTransport` configures it, the faster of its
    /// two APIs (so choosing the faster API inside `HTTPTransport` cannot flatter the figure): the overhead is then
    /// what our code adds, not what the timeouts and decompression the issue asks for cost inside AsyncHTTPClient.
    /// The verdict takes the paired figure, the median over the slices of each slice's own comparison with the
    /// faster configured API of the run: the variants of a slice ran within a second of each other, under the same
    /// load. The best slices' rates, compared across
    /// slices, and the overhead against the default configuration are printed beside it.
    private mutating func reportHTTP(_ mode: String, _ rates: HTTPRates) {
        let configured = max(rates.configured, rates.configuredFutures)
        let plain = max(rates.bare, rates.bareFutures)
        func overhead(_ rate: Double, over baseline: Double) -> Double { (baseline / rate - 1) * 100 }
        let profileOverhead = rates.pairedProfileOverhead
        let verdict = report.check(
            "http \(mode) ProfileClient overhead vs faster same-configuration bare AHC <= 10% (paired median)",
            measured: Self.percent(profileOverhead),
            passed: profileOverhead <= httpOverheadTarget, rule: "<= 10%")
        let count = Format.rightAligned(Format.count(rates.count), 6)
        report.line(
            "http   \(pad(mode, 12)) paired per slice (median of \(Self.slices) slices of \(Format.count(rates.count)) "
                + "requests, each against the same slice's configured \(rates.pairedBaseline), the faster API of the "
                + "run): HTTPTransport "
                + "\(Self.percent(rates.pairedTransportOverhead))   ProfileClient \(Self.percent(profileOverhead)) "
                + "(quartiles \(Self.percent(rates.pairedProfileQuartiles.lower)) .. "
                + "\(Self.percent(rates.pairedProfileQuartiles.upper)))   \(verdict)")
        report.line(
            "http   \(pad(mode, 12)) \(count) req   best slice: bare AHC default: async \(Self.rate(rates.bare))   "
                + "futures \(Self.rate(rates.bareFutures))   configured like ours: async "
                + "\(Self.rate(rates.configured))   futures \(Self.rate(rates.configuredFutures))")
        report.line(
            "http   \(pad(mode, 12)) \(count) req   best slice: HTTPTransport \(Self.rate(rates.transport)) "
                + "(\(Self.percent(overhead(rates.transport, over: configured))) vs configured, "
                + "\(Self.percent(overhead(rates.transport, over: plain))) vs default)   ProfileClient "
                + "\(Self.rate(rates.profile)) (\(Self.percent(overhead(rates.profile, over: configured))) vs configured, "
                + "\(Self.percent(overhead(rates.profile, over: plain))) vs default)")
        // Process CPU time (client and in-process server together) is steadier than wall time on a busy machine.
        report.line(
            "http   \(pad(mode, 12)) cpu us/req (best slice, server included): default async / futures / "
                + "configured async / futures / HTTPTransport / ProfileClient "
                + rates.cpuMicros.map { Format.number($0) }.joined(separator: " / "))
    }

    /// Times the steps `ProfileClient.call` adds around the transport, each on its own, in microseconds per call.
    @MainActor
    private mutating func reportBreakdown(
        profile: Profile, baseURL: String, transport: HTTPTransport, url: String
    ) async throws(BenchFailure) {
        let response: HTTPResponseRecord
        let request: ResolvedRequest
        do {
            response = try await transport.send(HTTPRequestSpec(url: url))
            request = try profile.resolveRequest(
                endpoint: "user", parameters: [:], environment: [:], demoBaseURL: baseURL)
        } catch {
            throw BenchFailure(description: "breakdown setup failed: \(error)")
        }
        let iterations = sizes.httpRequests * 5
        let resolve: Timing
        do {
            resolve = try measurer.measure(iterations: iterations) { () throws -> Int in
                try profile.resolveRequest(endpoint: "user", parameters: [:], environment: [:], demoBaseURL: baseURL)
                    .url.utf8.count
            }
        } catch {
            throw BenchFailure(description: "resolving the user endpoint failed: \(error)")
        }
        let contentType = response.header("Content-Type")
        let parse = measurer.measure(iterations: iterations) { () -> Int in
            let body = ResponseBody(bytes: response.body, contentType: contentType, xmlArrays: request.xmlArrays)
            return body.document == nil ? 0 : 1
        }
        let document = ResponseBody(bytes: response.body, contentType: contentType, xmlArrays: request.xmlArrays)
        let evaluate = measurer.measure(iterations: iterations) { () -> Int in
            let evaluation = request.envelope.evaluate(httpStatus: response.status, body: document.document?.root)
            return evaluation.outcome == .success ? 1 : 0
        }
        let send = response.timing.total
        report.line(
            "http   breakdown     per ProfileClient call: resolve \(Self.micros(resolve.best))   parse "
                + "\(Self.micros(parse.best))   evaluate \(Self.micros(evaluate.best))   "
                + "(one transport send took \(Self.micros(send)), best of 5 x \(Format.count(iterations)) each)")
    }

    /// Loads the shipped `code-msg-data` profile, relative to the current directory.
    private static func loadProfile() throws(BenchFailure) -> Profile {
        let file = "profiles/code-msg-data.yaml"
        do {
            return try Profile(yaml: try String(contentsOfFile: file, encoding: .utf8), file: file)
        } catch {
            throw BenchFailure(description: "cannot load \(file) (run from the repository root): \(error)")
        }
    }

    /// One bare AsyncHTTPClient GET, body collected with a size limit; returns the body size.
    private static func bareRequest(_ client: HTTPClient, url: String, acceptEncoding: Bool) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        if acceptEncoding { request.headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        let response = try await client.execute(request, timeout: .seconds(30))
        guard response.status.code == 200 else { throw BenchFailure(description: "HTTP \(response.status)") }
        return try await response.body.collect(upTo: 1 << 20).readableBytes
    }

    /// One bare AsyncHTTPClient GET through the futures API, body collected with the same limit; returns its size.
    private static func bareFuturesRequest(_ client: HTTPClient, url: String, acceptEncoding: Bool) async throws
        -> Int
    {
        let request = try HTTPClient.Request(
            url: url, headers: acceptEncoding ? ["Accept-Encoding": "gzip, deflate"] : [:])
        let response = try await client.execute(
            request: request, delegate: ResponseAccumulator(request: request, maxBodySize: 1 << 20),
            deadline: .now() + .seconds(30)
        ).futureResult.get()
        guard response.status.code == 200 else { throw BenchFailure(description: "HTTP \(response.status)") }
        return response.body?.readableBytes ?? 0
    }

    /// Sends `count` requests in batches of `batch` concurrent ones (1: one after another).
    ///
    /// Not isolated to the main actor, so the loop runs on the cooperative pool without a hop per request.
    ///
    /// - Parameters:
    ///   - requester: One request.
    ///   - count: Requests in all.
    ///   - batch: Requests in flight at once; a batch completes before the next starts.
    ///   - zip: Whether a batch goes through `Sequencer.zip` (ours) or a plain throwing task group (bare).
    /// - Returns: The time of all requests and the sum of their body sizes.
    private static func run(
        _ requester: @escaping HTTPRequester, count: Int, batch: Int, zip: Bool
    ) async throws(BenchFailure) -> (elapsed: Duration, cpu: Duration, checksum: Int) {
        let clock = ContinuousClock()
        var checksum = 0
        let startCPU = processCPUTime()
        let start = clock.now
        do {
            var remaining = count
            while remaining > 0 {
                let size = min(batch, remaining)
                if size == 1 {
                    checksum &+= try await requester()
                } else if zip {
                    for bytes in try await Sequencer.zip([HTTPRequester](repeating: requester, count: size)) {
                        checksum &+= bytes
                    }
                } else {
                    checksum &+= try await withThrowingTaskGroup(of: Int.self) { group in
                        for _ in 0..<size { group.addTask { try await requester() } }
                        return try await group.reduce(0, &+)
                    }
                }
                remaining -= size
            }
        } catch let failure as BenchFailure {
            throw failure
        } catch {
            throw BenchFailure(description: "a request failed: \(error)")
        }
        let elapsed = clock.now - start
        return (elapsed, processCPUTime() - startCPU, checksum)
    }

    private static func rate(_ value: Double) -> String {
        Format.rightAligned(Format.count(Int(value.rounded())), 6) + " req/s"
    }

    private static func percent(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + Format.number(value) + "%"
    }

    private static func micros(_ duration: Duration) -> String {
        Format.number(duration.seconds * 1e6) + " us"
    }
}

/// Best-slice requests per second of each variant over the same number of requests, and the paired overheads.
struct HTTPRates: Sendable {
    /// Requests per sample.
    let count: Int
    /// Bare AsyncHTTPClient, async/await API.
    let bare: Double
    /// Bare AsyncHTTPClient, futures API.
    let bareFutures: Double
    /// Bare AsyncHTTPClient configured like `HTTPTransport`, async/await API.
    let configured: Double
    /// Bare AsyncHTTPClient configured like `HTTPTransport`, futures API.
    let configuredFutures: Double
    /// `HTTPTransport`.
    let transport: Double
    /// `ProfileClient`.
    let profile: Double
    /// Process CPU microseconds per request of each variant, in the order of ``HTTPVariants/all``.
    let cpuMicros: [Double]
    /// `HTTPTransport`'s overhead in percent over the run's faster configured API, slice by slice, median of slices.
    let pairedTransportOverhead: Double
    /// `ProfileClient`'s overhead in percent over the run's faster configured API, slice by slice, median of slices.
    let pairedProfileOverhead: Double
    /// The first and third quartiles of `ProfileClient`'s per-slice overheads.
    let pairedProfileQuartiles: (lower: Double, upper: Double)
    /// Which configured API the paired figures compare against: "async" or "futures".
    let pairedBaseline: String
}

/// CPU time this process has used so far, all threads.
private func processCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
