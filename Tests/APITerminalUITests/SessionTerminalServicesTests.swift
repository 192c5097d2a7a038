import APIClient
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import APIScript
import APISession
import Foundation
import Testing

@testable import APITerminalUI

/// The services the executable gives the UI: real HTTP through a session, a real SQLite history
/// file, and the command language on the `:` line.
@Suite struct SessionTerminalServicesTests {
    /// Runs `body` with services for a built-in profile over the demo backend and a fresh history file.
    func withServices(profile: String = "demo", _ body: (SessionTerminalServices) async throws -> Void)
        async throws
    {
        let backend = try await DemoBackend.start()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tui-\(UUID().uuidString).sqlite")
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        let transport = HTTPTransport(configuration: configuration)
        let result: Result<Void, any Error>
        do {
            let history = try HistoryStore(location: HistoryLocation(path: file.path))
            let library = ProfileLibrary(
                searchPath: ProfileSearchPath(
                    explicitDirectory: nil, workingDirectory: "/nonexistent", environment: [:]))
            let session = ExplorerSession(
                library: library, environment: [:], transport: transport, history: history,
                startDemo: { backend.baseURL })
            let services = SessionTerminalServices(session: session, profile: try library.load(named: profile))
            result = .success(try await body(services))
        } catch {
            result = .failure(error)
        }
        try await transport.shutdown()
        await backend.stop()
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: file.path + suffix) {
            try FileManager.default.removeItem(atPath: file.path + suffix)
        }
        try result.get()
    }

    @Test func sentExchangesAreStoredAndRefillWithoutTheNetwork() async throws {
        try await withServices { services in
            let user = await services.send(endpoint: "user", parameters: ["id": "1002"]) { _ in }
            #expect(user.outcome == .success)
            #expect(user.model?["name"]?.stringValue == "李娜")
            let orders = await services.send(endpoint: "orders", parameters: [:]) { _ in }
            #expect(orders.outcome == .businessFailure)
            #expect(orders.tip == "invalid token")

            let rows = try await services.historyRows(limit: 10)
            #expect(rows.map(\.endpoint) == ["orders", "user"])
            #expect(rows.map(\.outcome) == [.businessFailure, .success])
            #expect(rows[0].businessStatus == "40013")

            let refilled = try await services.historyExchange(id: rows[1].id)
            #expect(refilled.outcome == .success)
            #expect(refilled.tip == "成功")
            #expect(refilled.model?["name"]?.stringValue == "李娜")
            await #expect(throws: TerminalServicesError.self) { try await services.historyExchange(id: 999) }
        }
    }

    @Test func aTransportFailureIsShownAndStored() async throws {
        try await withServices { services in
            // The demo profile has no endpoint that resets the connection; `:` sends a raw path.
            let output = await services.runCommand("get /hazards/reset")
            #expect(output.hasPrefix("✗ get /hazards/reset: "))
            let rows = try await services.historyRows(limit: 10)
            #expect(rows.first?.outcome == .transportFailure)
            #expect(rows.first?.endpoint == "GET /hazards/reset")
            let shown = try await services.historyExchange(id: try #require(rows.first).id)
            #expect(shown.outcome == .transportFailure)
        }
    }

    @Test func theCommandLineRunsTheLanguageAndRemembersBetweenLines() async throws {
        try await withServices { services in
            #expect(await services.runCommand("call users") == "✓ call users: 200 OK, success, tip \"成功\" (#1)")
            #expect(await services.runCommand("capture last = list>-1>id") == "✓ capture last = list>-1>id: 1002")
            #expect(await services.runCommand("call user id=${last}").hasPrefix("✓ call user id=${last}: 200 OK"))
            #expect(await services.runCommand("probe name") == "✓ probe name: \"李娜\"")
            #expect(
                await services.runCommand("expect probe name == \"张伟\"")
                    == "✗ expect probe name == \"张伟\"\n  expected name == \"张伟\", got \"李娜\"")
            #expect(await services.runCommand("cal x").hasPrefix("column 1: unknown command 'cal'"))
            #expect(await services.runCommand("history 2").hasPrefix("✓ history 2: 2 exchanges, newest #2"))
            // A mistyped endpoint says its column, never the script's internal `::1:6:`.
            let typo = await services.runCommand("call usr")
            #expect(typo.contains("\n  column 6: ") && !typo.contains("::"), "\(typo)")
        }
    }

    @Test(arguments: [
        ("✗ call usr\n  ::1:6: no endpoint 'usr'", "✗ call usr\n  column 6: no endpoint 'usr'"),
        ("a :: b ::1: c ::x:2: d", "a :: b ::1: c ::x:2: d"),
        ("::12:34: x ::1:2: y", "column 34: x column 2: y"),
    ])
    func scriptLocationsBecomeColumns(text: String, expected: String) {
        #expect(SessionTerminalServices.withColumns(text) == expected)
    }

    @Test func aCallOfAPagedEndpointCanBePaged() async throws {
        try await withServices(profile: "pages") { services in
            let first = await services.runCommand("call link per_page=5") { _ in }
            #expect(first.display?.page?.number == 1 && first.display?.page?.hasNext == true)
            let second = await services.nextPage { _ in }
            #expect(second?.page?.number == 2, "\(String(describing: second?.page))")
        }
    }
}
