import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import APITesting
import Foundation
import Testing

@Suite("Recording and querying exchanges")
struct HistoryRecordingTests {
    @Test(arguments: HistoryBackendKind.allCases) func recordsRealExchangesAndListsThemNewestFirst(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            try await withDemoBackend { backend, transport in
                let profile = try TestProfiles.codeMessage()
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
                let user = try await client.call(profile: profile, endpoint: "user")
                let userID = try await store.record(user, profile: profile)
                let orders = try await client.call(profile: profile, endpoint: "orders")
                let ordersID = try await store.record(orders, profile: profile)

                let all = try await store.entries()
                #expect(all.map(\.id) == [ordersID, userID])
                let failure = try #require(all.first)
                #expect(failure.profile == "cmd")
                #expect(failure.endpoint == "orders")
                #expect(failure.method == "GET")
                #expect(failure.url == backend.baseURL + "/cmd/orders")
                #expect(failure.httpStatus == 200)
                #expect(failure.outcome == .businessFailure)
                #expect(failure.businessStatus == "40013")
                #expect(failure.tip == "invalid token")
                #expect(failure.duration != nil)

                #expect(try await store.entries(HistoryQuery(endpoint: "user")).map(\.id) == [userID])
                #expect(try await store.entries(HistoryQuery(outcomes: [.success])).map(\.id) == [userID])
                #expect(try await store.entries(HistoryQuery(businessStatus: "40013")).map(\.id) == [ordersID])
                #expect(try await store.entries(HistoryQuery(profile: "other")).isEmpty)
                #expect(try await store.entries(HistoryQuery(limit: 1, before: ordersID)).map(\.id) == [userID])

                let stored = try #require(try await store.exchange(id: userID))
                #expect(stored.entry.tip == "成功")
                #expect(stored.httpVerdict == "success")
                #expect(stored.businessVerdict == "success")
                #expect(stored.modelPath == "data")
                #expect(stored.modelText?.contains("张伟") == true)
                #expect(stored.responseBody == user.response.body)
                #expect(stored.isTruncated == false)
                #expect(stored.contentType?.hasPrefix("application/json") == true)
                #expect(stored.responseHeaders.contains { $0.name.lowercased() == "content-type" })
            }
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func reevaluatesWithStoredOrCurrentEnvelope(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            try await withDemoBackend { backend, transport in
                let profile = try TestProfiles.codeMessage()
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
                let orders = try await client.call(profile: profile, endpoint: "orders")
                let id = try await store.record(orders, profile: profile)
                let stored = try #require(try await store.exchange(id: id))
                // The envelope of the time is stored with the exchange and read back whole.
                #expect(stored.envelope == orders.request.envelope)
                let again = try #require(stored.evaluateAsRecorded())
                #expect(again.status?.location == orders.evaluation.status?.location)
                #expect(again.tipLocation == orders.evaluation.tipLocation)
                #expect(again.model?.location == orders.evaluation.model?.location)
                #expect(again.outcome == .businessFailure)
                #expect(again.tip == "invalid token")
                // A profile edited since: 40013 now counts as success.
                var current = orders.request.envelope
                current.success = .values([.number(JSONNumber(40013))])
                let now = try #require(stored.evaluate(with: current))
                #expect(now.outcome == .success)
                #expect(stored.entry.outcome == .businessFailure)
                #expect(stored.evaluateAsRecorded()?.outcome == .businessFailure)
            }
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func recordsTransportFailures(_ backend: HistoryBackendKind)
        async throws
    {
        try await withTemporaryStore(backend) { store, _ in
            let profile = try TestProfiles.codeMessage()
            // A port nothing listens on: the connection is refused.
            let transport = HTTPTransport(configuration: loopbackConfiguration())
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: "http://127.0.0.1:1")
            let request = try profile.resolveRequest(
                endpoint: "user", parameters: [:], environment: [:], demoBaseURL: "http://127.0.0.1:1")
            let thrown: ClientError?
            do throws(ClientError) {
                _ = try await client.call(profile: profile, endpoint: "user")
                thrown = nil
            } catch {
                thrown = error
            }
            try await transport.shutdown()
            let error = try #require(thrown)
            // The error keeps the request that was sent, so the failure is recorded with it.
            #expect(error.request == request)
            let id = try await store.recordFailure(
                profile: profile, endpointID: "user", request: error.request, error: error)
            let entry = try #require(try await store.entries(HistoryQuery(outcomes: [.transportFailure])).first)
            #expect(entry.id == id)
            #expect(entry.httpStatus == nil)
            #expect(entry.url == "http://127.0.0.1:1/cmd/users/1001")
            #expect(entry.errorKind == "connection refused")
            let stored = try #require(try await store.exchange(id: id))
            #expect(stored.errorMessage?.isEmpty == false)
            #expect(stored.evaluate(with: request.envelope) == nil)
            #expect(stored.envelope == request.envelope)
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func recordsProfileFailuresWithWhatIsKnown(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let profile = try TestProfiles.codeMessage()
            // The request cannot be built, so nothing reaches the transport.
            let transport = StubTransport { request in
                Issue.record("unexpected request \(request.url)")
                return .text("", status: 500)
            }
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: nil)
            let thrown: ClientError?
            do throws(ClientError) {
                _ = try await client.call(profile: profile, endpoint: "large")
                thrown = nil
            } catch {
                thrown = error
            }
            #expect(transport.requests.isEmpty)
            let error = try #require(thrown)
            let id = try await store.recordFailure(profile: profile, endpointID: "large", request: nil, error: error)
            let entry = try #require(try await store.exchange(id: id)).entry
            #expect(entry.outcome == .profileFailure)
            #expect(entry.url == "/hazards/large")
            #expect(entry.errorKind == "profile")
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func capsLargeBodiesAndKeepsTheirSize(
        _ backend: HistoryBackendKind
    ) async throws {
        var configuration = HistoryConfiguration()
        configuration.bodyLimit = 1000
        try await withTemporaryStore(backend, configuration) { store, _ in
            try await withDemoBackend { backend, transport in
                let profile = try TestProfiles.codeMessage()
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
                let large = try await client.call(profile: profile, endpoint: "large", parameters: ["size": "50000"])
                let id = try await store.record(large, profile: profile)
                let stored = try #require(try await store.exchange(id: id))
                #expect(stored.isTruncated)
                #expect(stored.responseBody.count == 1000)
                #expect(stored.entry.responseSize == large.response.body.count)
                #expect(Array(large.response.body.prefix(1000)) == stored.responseBody)
                // Cut JSON no longer parses: re-evaluation sees a body that is not JSON.
                #expect(stored.body().document == nil)
            }
        }
    }

    @Test(
        arguments: HistoryBackendKind.allCases,
        [
            RetentionPolicy(maximumRows: 7), RetentionPolicy(maximumBytes: 7 * 1200),
            RetentionPolicy(maximumRows: 9, maximumBytes: 7 * 1200),
        ])
    func retentionPrunesOldestFirst(_ backend: HistoryBackendKind, _ policy: RetentionPolicy) async throws {
        var configuration = HistoryConfiguration()
        configuration.retention = policy
        try await withTemporaryStore(backend, configuration) { store, _ in
            let profile = try TestProfiles.codeMessage()
            var ids: [Int64] = []
            for index in 0..<20 {
                ids.append(
                    try await store.record(SyntheticExchange.make(profile: profile, index: index), profile: profile))
            }
            let pruned = try await store.applyRetention()
            let remaining = try await store.entries().map(\.id)
            #expect(pruned == 20 - remaining.count)
            #expect(remaining == Array(ids.suffix(remaining.count).reversed()))
            let (rows, bytes) = try await store.count()
            if let maximum = policy.maximumRows { #expect(rows <= maximum) }
            if let maximum = policy.maximumBytes { #expect(bytes <= maximum) }
            #expect(rows > 0)
            #expect(try await store.applyRetention() == 0)
        }
    }
}
