import APIClient
import APIClientTesting
import APIHTTP
import APIMapping
import Foundation
import Testing

@testable import APIHistory

/// The redirects an exchange followed are kept with it (migration v8), oldest first, their URLs
/// masked as the request's: a redirect can carry a credential the server issued and the request
/// never sent. Both backends; read back, shown and exported.
@Suite("History keeps the redirect chain")
struct HistoryRedirectTests {
    static let hops = [
        RedirectHop(
            method: "POST", url: "http://a.test/old", status: 307,
            location: "http://a.test/mid?access_token=issued-secret-7&page=2"),
        RedirectHop(
            method: "GET", url: "http://a.test/mid?access_token=issued-secret-7&page=2", status: 302,
            location: "https://b.test/new"),
    ]

    static let masked = [
        RedirectHop(
            method: "POST", url: "http://a.test/old", status: 307,
            location: "http://a.test/mid?access_token=\(Redaction.mask)&page=2"),
        RedirectHop(
            method: "GET", url: "http://a.test/mid?access_token=\(Redaction.mask)&page=2", status: 302,
            location: "https://b.test/new"),
    ]

    @Test(arguments: HistoryBackendKind.allCases)
    func theChainIsKeptInOrderWithItsURLsMasked(_ backend: HistoryBackendKind) async throws {
        try await withTemporaryStore(on: backend) { store in
            let profile = try TestProfiles.codeMessage()
            let followed = try await store.record(
                try SyntheticExchange.make(profile: profile, index: 1, redirects: Self.hops), profile: profile)
            let direct = try await store.record(
                try SyntheticExchange.make(profile: profile, index: 2), profile: profile)
            let stored = try #require(try await store.exchange(id: followed))
            #expect(stored.redirects == Self.masked)
            // A replay (the terminal UI's History pane, a script's history lines) carries the chain too.
            #expect(stored.replayedExchange(profile: profile)?.response.redirects == Self.masked)
            #expect(try await store.exchange(id: direct)?.redirects == [])

            let lines = try await store.exportText(.jsonLines).split(separator: "\n").map {
                try JSONDocument(parsing: Array($0.utf8)).root
            }
            #expect(lines.count == 2)
            let exported = lines.first { $0["id"]?.numberValue?.int64 == followed }
            #expect(exported?["redirects"]?.elements.map { $0["location"]?.stringValue } == Self.masked.map(\.location))
            #expect(exported?["redirects"]?.elements.map { $0["status"]?.numberValue?.int } == [307, 302])
            #expect(lines.first { $0["id"]?.numberValue?.int64 == direct }?["redirects"]?.elements.count == 0)
            let har = try await store.exportText(.har)
            #expect(har.contains(#""_redirects":[{"#))
            #expect(!har.contains("issued-secret-7"))
        }
    }

    /// A `redirects` column that does not hold hops is a located error, not a guess.
    @Test func aHopMissingAFieldIsAnError() async throws {
        try await withTemporaryStore(on: .sqlite) { store in
            let profile = try TestProfiles.codeMessage()
            let id = try await store.record(
                try SyntheticExchange.make(profile: profile, index: 1, redirects: Self.hops), profile: profile)
            _ = try await store.transaction(.write) { connection in
                try await connection.execute(
                    #"UPDATE exchange SET redirects = '[{"method":"GET","url":"http://a.test/"}]' WHERE id = ?"#,
                    [id.sqlValue])
            }
            await #expect {
                try await store.exchange(id: id)
            } throws: { error in
                "\(error)".contains("redirects") && "\(error)".contains("hop 1")
            }
        }
    }
}
