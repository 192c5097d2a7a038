import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import Foundation
import NIOCore
import Testing

/// `profiles import openapi --allow-remote-refs` fetches `$ref`s over http(s): bounded in size and
/// time, against the demo backend on loopback.
@Suite("Remote references: fetched with a size cap and a timeout")
struct RemoteDocumentTests {
    /// The blocking fetch on a thread of its own: on one of Swift's few cooperative threads it would
    /// hold a thread the in-process demo backend needs to answer.
    static func fetch(_ url: URL, maximumBytes: Int = RemoteDocument.maximumBytes, timeout: TimeAmount = .seconds(30))
        async throws -> [UInt8]
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try RemoteDocument.fetch(url, maximumBytes: maximumBytes, timeout: timeout) })
            }
        }
    }

    @Test func aDocumentArrives() async throws {
        try await withDemoBackend { backend, _ in
            let bytes = try await Self.fetch(try #require(URL(string: backend.baseURL + "/hazards/slow?delay_ms=0")))
            #expect(String(decoding: bytes, as: UTF8.self).contains(#""slow":true"#))
        }
    }

    @Test func aDocumentOverTheCapIsRefused() async throws {
        try await withDemoBackend { backend, _ in
            let url = try #require(URL(string: backend.baseURL + "/hazards/large?size=50000"))
            await #expect {
                try await Self.fetch(url, maximumBytes: 10_000)
            } throws: { error in
                "\(error)".contains("larger than 10000 bytes")
            }
        }
    }

    @Test func aSlowDocumentTimesOut() async throws {
        try await withDemoBackend { backend, _ in
            let url = try #require(URL(string: backend.baseURL + "/hazards/slow?delay_ms=3000"))
            await #expect {
                try await Self.fetch(url, timeout: .milliseconds(300))
            } throws: { error in
                "\(error)".contains("did not arrive within")
            }
        }
    }

    @Test func onlyHTTPIsFetched() throws {
        #expect {
            try RemoteDocument.fetch(URL(fileURLWithPath: "/etc/passwd"))
        } throws: { error in
            "\(error)".contains("only http and https")
        }
    }
}
