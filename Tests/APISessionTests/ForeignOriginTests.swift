import APIClient
import APIHTTP
import APIHistory
import Foundation
import Testing

@testable import APISession

/// Requests to another origin than the profile's carry no credential and never sign in, and a
/// typed URL that fails is recorded with its secrets masked.
@Suite struct ForeignOriginTests {
    static let profileText = """
        name: shop
        base_url: http://127.0.0.1:1/api
        redact: {query: [api_key]}
        endpoints:
          user: {path: "/users/{id}"}
        """

    static func options(editingURL url: String?) -> CallOptions {
        var options = CallOptions()
        options.edit = RequestEdit(url: url)
        return options
    }

    static func session(history: HistoryStore? = nil) -> ExplorerSession {
        let library = ProfileLibrary(
            searchPath: ProfileSearchPath(explicitDirectory: nil, workingDirectory: "/nonexistent", environment: [:]))
        return ExplorerSession(
            library: library, environment: [:], transport: HTTPTransport(), history: history, startDemo: { "" })
    }

    @Test(arguments: [
        (ExplorerSession.Request.endpoint("user", parameters: ["id": "1"]), false),
        (.raw(method: "GET", path: "/users/1", body: nil), false),
        (.raw(method: "GET", path: "http://127.0.0.1:1/api/users/1", body: nil), false),
        (.raw(method: "GET", path: "https://evil.test/steal", body: nil), true),
        (.adHoc(RequestEdit(url: "http://127.0.0.1:2/x")), true),
        (.adHoc(RequestEdit(url: "HTTP://127.0.0.1:1/other")), false),
        (.customized("user", parameters: [:], options: Self.options(editingURL: "http://evil.test/u")), true),
        (.customized("user", parameters: [:], options: Self.options(editingURL: nil)), false),
    ])
    func foreignRequestsAreKnown(request: ExplorerSession.Request, foreign: Bool) async throws {
        let session = Self.session()
        let profile = try Profile(yaml: Self.profileText, file: "shop.yaml")
        #expect(try await session.isForeign(request, profile: profile) == foreign)
        try await session.transport.shutdown()
    }

    @Test func aFailedTypedURLIsRecordedWithItsSecretsMasked() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "foreign-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { unlink(file.path + suffix) }
        }
        let history = try HistoryStore(location: HistoryLocation(path: file.path))
        let session = Self.session(history: history)
        let profile = try Profile(yaml: Self.profileText, file: "shop.yaml")
        // Nothing listens on port 1: the call fails and is recorded as a failure row.
        let call = try await session.send(
            .raw(method: "GET", path: "http://127.0.0.1:1/api/x?api_key=K3Y-SECRET", body: nil), profile: profile)
        #expect(call.historyID != nil)
        let rows = try await history.entries(HistoryQuery(profile: "shop", limit: 5))
        #expect(rows.count == 1)
        #expect(!rows[0].endpoint.contains("K3Y-SECRET"), "\(rows[0].endpoint)")
        #expect(rows[0].endpoint.hasPrefix("GET http://127.0.0.1:1/api/x?api_key="), "\(rows[0].endpoint)")
        try await session.transport.shutdown()
    }
}
