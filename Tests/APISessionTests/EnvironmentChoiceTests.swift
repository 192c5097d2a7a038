import APIClient
import APIHTTP
import APISession
import Foundation
import Testing

/// The environment a session loads a profile in: the start-up choice, then a later one for that
/// profile (the terminal UI's `E`), which a reload (`:use`) keeps.
@Suite struct EnvironmentChoiceTests {
    @Test func aLaterChoiceWinsForItsProfileOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "apiexplore-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: folder) } catch { Issue.record("cleanup: \(error)") }
        }
        for name in ["a", "b"] {
            try """
            name: \(name)
            environments:
              dev: {base_url: "http://dev.test"}
              prod: {base_url: "http://prod.test"}
            """.write(to: folder.appending(path: "\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let library = ProfileLibrary(
            searchPath: ProfileSearchPath(
                explicitDirectory: folder.path, workingDirectory: folder.path, environment: [:]))
        let session = ExplorerSession(
            library: library, environment: [:], transport: HTTPTransport(), environmentName: "dev",
            startDemo: { "" })
        #expect(try session.profile(named: "a").activeEnvironment == "dev")
        session.choose(environment: "prod", forProfile: "a")
        #expect(try session.profile(named: "a").activeEnvironment == "prod")
        #expect(try session.profile(named: "b").activeEnvironment == "dev")
        try await session.transport.shutdown()
    }
}
