import APIClient
import APIDemoBackend
import APIHTTP
import APIMapping
import APITesting
import Testing

@Suite("Transport")
struct TransportTests {
    @Test func refusedConnection() async throws {
        // A port bound by no listener.
        let stopped = try ClosedPort()
        let url = stopped.baseURL + "/cmd/users/1001?access_token=abc123&q=1"

        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let error = await transportError(transport, HTTPRequestSpec(url: url))
        try await transport.shutdown()
        #expect(error?.kind == .refused)
        #expect(error?.request == "GET http://127.0.0.1:\(stopped.port)/cmd/users/1001?access_token=••••&q=1")
        #expect(error?.description.contains("abc123") == false)
    }

    @Test func unresolvableHost() async throws {
        // `.invalid` never resolves (RFC 6761); the generous connect timeout keeps a slow resolver from turning
        // the failure into a timeout.
        let transport = HTTPTransport(configuration: loopbackConfiguration { $0.connectTimeout = .seconds(60) })
        let error = await transportError(transport, HTTPRequestSpec(url: "http://apiexplore-demo.invalid/"))
        try await transport.shutdown()
        #expect(error?.kind == .dns)
    }

    @Test func readTimeout() async throws {
        let configuration = loopbackConfiguration { $0.readTimeout = .milliseconds(200) }
        try await withDemo(configuration) { backend, transport in
            let error = await transportError(
                transport, HTTPRequestSpec(url: backend.baseURL + "/hazards/slow?delay_ms=5000"))
            #expect(error?.kind == .timeout(.read))
        }
    }

    @Test func totalTimeout() async throws {
        let configuration = loopbackConfiguration { $0.totalTimeout = .milliseconds(200) }
        try await withDemo(configuration) { backend, transport in
            let error = await transportError(
                transport, HTTPRequestSpec(url: backend.baseURL + "/hazards/slow?delay_ms=5000"))
            #expect(error?.kind == .timeout(.total))
        }
    }

    @Test func readTimeoutWhileTheResponseTrickles() async throws {
        let configuration = loopbackConfiguration { $0.readTimeout = .milliseconds(200) }
        try await withDemo(configuration) { backend, transport in
            let url = backend.baseURL + "/hazards/drip?chunks=5&interval_ms=5000"
            let error = await transportError(transport, HTTPRequestSpec(url: url))
            #expect(error?.kind == .timeout(.read))
        }
    }

    @Test func totalTimeoutCoversTheBody() async throws {
        let configuration = loopbackConfiguration { $0.totalTimeout = .milliseconds(300) }
        try await withDemo(configuration) { backend, transport in
            let url = backend.baseURL + "/hazards/drip?chunks=100&interval_ms=100"
            let error = await transportError(transport, HTTPRequestSpec(url: url))
            #expect(error?.kind == .timeout(.total))
        }
    }

    @Test func announcedLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        let configuration = loopbackConfiguration { $0.maximumBodySize = 10_000 }
        try await withDemo(configuration) { backend, transport in
            let log = ProgressLog()
            let error = await transportError(
                transport,
                HTTPRequestSpec(url: backend.baseURL + "/hazards/large?size=50000000"),
                progress: log.record
            )
            #expect(error?.kind == .tooLarge(limit: 10_000))
            #expect(log.reports.isEmpty)
        }
    }

    @Test func streamedBodyOverTheLimitStopsAtTheLimit() async throws {
        // /hazards/drip sends no Content-Length: the limit can only be enforced while the body streams.
        let configuration = loopbackConfiguration { $0.maximumBodySize = 1_000 }
        try await withDemo(configuration) { backend, transport in
            let log = ProgressLog()
            let error = await transportError(
                transport,
                HTTPRequestSpec(url: backend.baseURL + "/hazards/drip?chunks=5000&interval_ms=0"),
                progress: log.record
            )
            #expect(error?.kind == .tooLarge(limit: 1_000))
            #expect(log.reports.allSatisfy { $0.bytesReceived <= 1_000 && $0.expectedLength == nil })
        }
    }

    @Test func decompressionBombIsStoppedByTheRatioLimit() async throws {
        try await withDemo { backend, transport in
            let url = backend.baseURL + "/hazards/gzip-bomb?size=8388608"
            let error = await transportError(transport, HTTPRequestSpec(url: url))
            // Regression: the ratio limit was reported as the transport's default body size (256 MiB).
            #expect(error?.kind == .decompressionRatio(limit: 100))
            #expect(error?.description.contains("response expands more than 100 times when decompressed") == true)
            #expect(error?.message.contains("decompression ratio limit 100") == true)
        }
    }

    @Test func decompressedBodyCountsAgainstTheSizeLimit() async throws {
        let configuration = loopbackConfiguration {
            $0.maximumDecompressionRatio = 10_000
            $0.maximumBodySize = 1_048_576
        }
        try await withDemo(configuration) { backend, transport in
            let log = ProgressLog()
            let url = backend.baseURL + "/hazards/gzip-bomb?size=8388608"
            let error = await transportError(transport, HTTPRequestSpec(url: url), progress: log.record)
            #expect(error?.kind == .tooLarge(limit: 1_048_576))
            #expect(error?.message.contains("decompressed bytes") == true)
            #expect(error?.message.contains("the limit is the transport's maximum body size, 1048576 bytes") == true)
            #expect(log.reports.allSatisfy { $0.bytesReceived <= 1_048_576 && $0.expectedLength == nil })
        }
    }

    @Test func gzipBombRefusedByTheRequestsBodyLimitNamesMaxBodySize() async throws {
        // A profile's `max_body_size` reaches the transport as the request's limit; the error must name
        // it and its value, not the transport's default.
        let configuration = loopbackConfiguration { $0.maximumDecompressionRatio = 10_000 }
        try await withDemo(configuration) { backend, transport in
            let url = backend.baseURL + "/hazards/gzip-bomb?size=8388608"
            let error = await transportError(transport, HTTPRequestSpec(url: url, maximumBodySize: 4096))
            #expect(error?.kind == .tooLarge(limit: 4096))
            #expect(
                error?.message.hasSuffix("the limit is the request's maximum body size (max_body_size), 4096 bytes")
                    == true, "\(String(describing: error))")
        }
    }

    @Test func truncatedBody() async throws {
        try await withDemo { backend, transport in
            let error = await transportError(transport, HTTPRequestSpec(url: backend.baseURL + "/hazards/truncated"))
            #expect(error?.kind == .truncatedBody)
        }
    }

    @Test func connectionClosedWithoutResponse() async throws {
        try await withDemo { backend, transport in
            let error = await transportError(transport, HTTPRequestSpec(url: backend.baseURL + "/hazards/reset"))
            #expect(error?.kind == .connectionClosed)
        }
    }

    @Test func redirectLimit() async throws {
        let configuration = loopbackConfiguration { $0.redirectLimit = 2 }
        try await withDemo(configuration) { backend, transport in
            let followed = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/redirect?n=2"))
            #expect(try followed.value(at: "redirected") == true)
            let error = await transportError(transport, HTTPRequestSpec(url: backend.baseURL + "/hazards/redirect?n=3"))
            #expect(error?.kind == .redirectLimit)
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        try await withDemo { backend, transport in
            let (firstReport, continuation) = AsyncStream<ProgressReport>.makeStream()
            let request = HTTPRequestSpec(url: backend.baseURL + "/hazards/drip?chunks=1000&interval_ms=50")
            let task = Task { () async -> Result<HTTPResponseRecord, TransportError> in
                do throws(TransportError) {
                    return .success(try await transport.send(request) { continuation.yield($0) })
                } catch {
                    return .failure(error)
                }
            }
            for await _ in firstReport { break }
            task.cancel()
            guard case .failure(let error) = await task.value else {
                Issue.record("the request finished despite cancellation")
                return
            }
            #expect(error.kind == .cancelled)
        }
    }

    @Test func cancellingBeforeTheResponseArrives() async throws {
        try await withDemo { backend, transport in
            let request = HTTPRequestSpec(url: backend.baseURL + "/hazards/slow?delay_ms=5000")
            let task = Task { () async -> Result<HTTPResponseRecord, TransportError> in
                do throws(TransportError) {
                    return .success(try await transport.send(request))
                } catch {
                    return .failure(error)
                }
            }
            // Whether the cancellation lands before or after the request is sent, the outcome is the same.
            task.cancel()
            guard case .failure(let error) = await task.value else {
                Issue.record("the request finished despite cancellation")
                return
            }
            #expect(error.kind == .cancelled)
        }
    }

    @Test func progressReportsGrowTowardsTheAnnouncedLength() async throws {
        try await withDemo { backend, transport in
            let log = ProgressLog()
            let record = try await transport.send(
                HTTPRequestSpec(url: backend.baseURL + "/hazards/large?size=2000000"),
                progress: log.record
            )
            let reports = log.reports
            #expect(reports.count > 1)
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesReceived < $1.bytesReceived })
            #expect(reports.allSatisfy { $0.expectedLength == record.body.count })
            #expect(reports.last?.bytesReceived == record.body.count)
        }
    }

    @Test func errorStatusesAreResponses() async throws {
        try await withDemo { backend, transport in
            let record = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/html503"))
            #expect(record.status == 503)
            #expect(record.reason == "Service Unavailable")
            #expect(record.httpVersion == "HTTP/1.1")
            #expect(record.timing.headersReceived <= record.timing.bodyComplete)
        }
    }

    @Test(arguments: ["not a url", "ftp://127.0.0.1/file", "http:///path"])
    func invalidRequest(url: String) async throws {
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let error = await transportError(transport, HTTPRequestSpec(url: url))
        try await transport.shutdown()
        #expect(error?.kind == .invalidRequest)
    }

    @Test(arguments: [
        (
            "https://api.example.com/x?q=swift&access_token=abc",
            "https://api.example.com/x?q=swift&access_token=••••"
        ),
        ("https://h/x?API_KEY=1&Sig=2&page=3#frag", "https://h/x?API_KEY=••••&Sig=••••&page=3#frag"),
        ("https://h/x?to%6Ben=1&flag", "https://h/x?to%6Ben=••••&flag"),
        ("https://user:pass@h/x?a=1", "https://••••@h/x?a=1"),
        ("https://h/x", "https://h/x"),
    ])
    func redaction(url: String, expected: String) {
        #expect(RequestRedaction.redact(url: url) == expected)
    }

    @Test func redactionUsesTheGivenNames() {
        #expect(
            RequestRedaction.redact(url: "https://h/?token=1&session=2", names: ["session"])
                == "https://h/?token=1&session=••••")
    }

    struct ProxyCase: CustomTestStringConvertible, Sendable {
        var name: String
        var environment: [String: String]
        var url: String
        var expected: ProxySettings.Server?
        var testDescription: String { name }
    }

    static let proxyCases: [ProxyCase] = [
        ProxyCase(
            name: "https proxy for https",
            environment: ["HTTPS_PROXY": "http://proxy.corp:3128"],
            url: "https://api.github.com/users",
            expected: .init(host: "proxy.corp", port: 3128)
        ),
        ProxyCase(
            name: "no http proxy for http",
            environment: ["HTTPS_PROXY": "http://proxy.corp:3128"],
            url: "http://api.github.com/",
            expected: nil
        ),
        ProxyCase(
            name: "lowercase wins, credentials kept",
            environment: ["HTTP_PROXY": "http://a:1", "http_proxy": "http://bob:pw@b:8080/"],
            url: "http://example.com/",
            expected: .init(host: "b", port: 8080, credentials: "bob:pw")
        ),
        ProxyCase(
            name: "NO_PROXY suffix",
            environment: ["HTTPS_PROXY": "proxy:1", "NO_PROXY": "localhost, .internal.corp"],
            url: "https://wiki.internal.corp/page",
            expected: nil
        ),
        ProxyCase(
            name: "NO_PROXY bare domain covers subdomains only on a dot boundary",
            environment: ["HTTPS_PROXY": "proxy:1", "NO_PROXY": "corp.com"],
            url: "https://evilcorp.com/",
            expected: .init(host: "proxy", port: 1)
        ),
        ProxyCase(
            name: "NO_PROXY address with port",
            environment: ["HTTP_PROXY": "proxy:1", "no_proxy": "10.0.0.7:8080"],
            url: "http://10.0.0.7:8080/x",
            expected: nil
        ),
        ProxyCase(
            name: "NO_PROXY star",
            environment: ["HTTP_PROXY": "proxy:1", "NO_PROXY": "*"],
            url: "http://example.com/",
            expected: nil
        ),
        ProxyCase(
            name: "loopback always direct",
            environment: ["HTTP_PROXY": "proxy:1"],
            url: "http://127.0.0.1:8080/",
            expected: nil
        ),
        ProxyCase(
            name: "unusable proxy ignored",
            environment: ["HTTP_PROXY": "socks5://proxy:1080"],
            url: "http://example.com/",
            expected: nil
        ),
        ProxyCase(
            name: "default port without scheme",
            environment: ["HTTP_PROXY": "proxy"],
            url: "http://example.com/",
            expected: .init(host: "proxy", port: 1080)
        ),
    ]

    @Test(arguments: proxyCases)
    func proxySelection(_ proxyCase: ProxyCase) {
        #expect(ProxySettings.fromEnvironment(proxyCase.environment).proxy(for: proxyCase.url) == proxyCase.expected)
    }
}
