import APIHistory
import APIMapping
import APITesting
import Foundation
import Testing

@Suite("History location")
struct HistoryLocationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let explicit: String?
        let environment: [String: String]
        let expected: String
        var testDescription: String { name }
    }

    @Test(
        arguments: [
            Case(
                name: "explicit path wins", explicit: "/tmp/x.sqlite",
                environment: ["APIEXPLORE_HISTORY": "/e.sqlite", "HOME": "/home/a"], expected: "/tmp/x.sqlite"),
            Case(
                name: "environment variable", explicit: nil,
                environment: ["APIEXPLORE_HISTORY": "/e.sqlite", "XDG_DATA_HOME": "/data"], expected: "/e.sqlite"),
            Case(
                name: "XDG_DATA_HOME", explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"],
                expected: "/data/apiexplore/history.sqlite"),
            Case(
                name: "relative XDG_DATA_HOME is ignored", explicit: nil,
                environment: ["XDG_DATA_HOME": "data", "HOME": "/home/a"],
                expected: "/home/a/.local/share/apiexplore/history.sqlite"),
            Case(
                name: "HOME fallback", explicit: nil, environment: ["HOME": "/home/a"],
                expected: "/home/a/.local/share/apiexplore/history.sqlite"),
        ])
    func resolves(_ testCase: Case) throws {
        let location = try HistoryLocation.resolve(explicitPath: testCase.explicit, environment: testCase.environment)
        #expect(location.url.path == testCase.expected)
    }

    @Test func withoutHomeIsAnError() {
        #expect(throws: HistoryError.self) { try HistoryLocation.resolve(explicitPath: nil, environment: [:]) }
    }

    @Test func createsPrivateDirectoryAndFile() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("nested/apiexplore/history.sqlite")
            let store = try HistoryStore(location: HistoryLocation(path: file.path))
            #expect(try await store.integrityCheck() == ["ok"])
            let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            let directoryMode =
                try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[
                    .posixPermissions] as? Int
            #expect(fileMode == 0o600)
            #expect(directoryMode == 0o700)
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: file.path + suffix) {
                let mode =
                    try FileManager.default.attributesOfItem(atPath: file.path + suffix)[.posixPermissions] as? Int
                #expect(mode == 0o600, "\(suffix)")
            }
        }
    }

    @Test func reopeningKeepsRowsAndSchema() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("history.sqlite").path
            let first = try HistoryStore(location: HistoryLocation(path: path))
            _ = try await first.upsertModels(
                ["id": 1], table: "t", identity: [.init(keys: ["id"])], profile: "p", endpoint: "e")
            let second = try HistoryStore(location: HistoryLocation(path: path))
            #expect(try await second.models(table: "t").count == 1)
        }
    }
}
