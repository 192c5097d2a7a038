import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import APIHistory
import Foundation
import Testing

@Suite("Redaction before writing")
struct HistoryRedactionTests {
    static let token = "tok-7f3a9c1e5b2d4680-secret"

    /// The token goes out in the Authorization header, the access_token query item and the body
    /// path auth>token; the demo's echo route sends all three back in its response. Nothing of it
    /// may reach the database file, its write-ahead log, or an export.
    @Test func theTokenIsNowhereInTheFileBytes() async throws {
        try await withTemporaryStore { store, file in
            try await withDemoBackend { backend, transport in
                let profile = try TestProfiles.secrets()
                let client = ProfileClient(
                    transport: transport, environment: ["SECRET_TOKEN": Self.token], demoBaseURL: backend.baseURL)
                let exchange = try await client.call(profile: profile, endpoint: "echo")
                // The echo really carries the token three times, so the test can fail.
                let echoed = String(decoding: exchange.response.body, as: UTF8.self)
                #expect(echoed.components(separatedBy: Self.token).count - 1 >= 3)
                let id = try await store.record(exchange, profile: profile)
                _ = try await store.storeModels(from: exchange, profile: profile, exchangeID: id)
                try #require(try await store.exchange(id: id) != nil)

                let files = [file.path, file.path + "-wal", file.path + "-shm"]
                #expect(try Self.occurrences(of: Self.token, in: files) == 0)
                try await store.checkpoint()
                #expect(try Self.occurrences(of: Self.token, in: files) == 0)
                #expect(try Self.occurrences(of: "••••", in: [file.path]) > 0)

                let stored = try #require(try await store.exchange(id: id))
                #expect(stored.entry.url.contains("access_token=••••"))
                #expect(stored.entry.url.contains("q=swift"))
                #expect(stored.requestHeaders.contains { $0.name == "Authorization" && $0.value == "••••" })
                let requestBody = String(decoding: stored.requestBody ?? [], as: UTF8.self)
                #expect(requestBody.contains(#""note":"hello""#))
                #expect(!requestBody.contains(Self.token))
                for format in HistoryExportFormat.allCases {
                    #expect(!(try await store.exportText(format)).contains(Self.token))
                }
            }
        }
    }

    static func occurrences(of needle: String, in paths: [String]) throws -> Int {
        let pattern = Array(needle.utf8)
        var count = 0
        for path in paths where FileManager.default.fileExists(atPath: path) {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            guard bytes.count >= pattern.count else { continue }
            for start in 0...(bytes.count - pattern.count)
            where bytes[start] == pattern[0] && bytes[start..<start + pattern.count].elementsEqual(pattern) {
                count += 1
            }
        }
        return count
    }
}
