import APIClient
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import APISession
import Foundation
import Testing

@testable import APITerminalUI

/// Editing through the real services: the draft masks secrets, an edited request is recorded under
/// its endpoint, a History row's kept secrets are read again, curl uses `${NAME}` and asks before
/// revealing a literal secret, and an ad-hoc request is recorded by method and URL.
@Suite struct SessionTerminalServicesEditingTests {
    static let token = "env-token-0123456789"
    static let literal = "lit-secret-0123456789"

    func withServices(_ body: (SessionTerminalServices, String) async throws -> Void) async throws {
        let backend = try await DemoBackend.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tui-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(
            """
            name: edits
            base_url: "${demo:base_url}"
            headers: {X-Token: "${env:EDIT_TOKEN}"}
            auth: {header: {name: X-Literal, value: "\(Self.literal)"}}
            envelope: {status: null, success: http, tip: [], model: ""}
            endpoints:
              echo:
                path: /hazards/echo
                query: {q: "${q}"}
                params: {q: {default: 中}}
            """.utf8
        ).write(to: directory.appendingPathComponent("edits.yaml"))
        var configuration = TransportConfiguration()
        configuration.proxy = .none
        let transport = HTTPTransport(configuration: configuration)
        let result: Result<Void, any Error>
        do {
            let history = try HistoryStore(
                location: HistoryLocation(path: directory.appendingPathComponent("h.sqlite").path))
            let library = ProfileLibrary(
                searchPath: ProfileSearchPath(
                    explicitDirectory: directory.path, workingDirectory: directory.path, environment: [:]))
            let session = ExplorerSession(
                library: library, environment: ["EDIT_TOKEN": Self.token], transport: transport, history: history,
                stateDirectory: directory.appendingPathComponent("state"), startDemo: { backend.baseURL })
            let services = SessionTerminalServices(session: session, profile: try library.load(named: "edits"))
            result = .success(try await body(services, backend.baseURL))
        } catch {
            result = .failure(error)
        }
        try await transport.shutdown()
        await backend.stop()
        try FileManager.default.removeItem(at: directory)
        try result.get()
    }

    /// The echoed request headers of a display's model, as name: value lines.
    static func echoedHeaders(_ display: ExchangeDisplay) -> [String] {
        guard let headers = display.model?["headers"] else { return [] }
        return headers.elements.compactMap { pair -> String? in
            guard pair.count == 2 else { return nil }
            return "\(pair[0]?.stringValue ?? ""): \(pair[1]?.stringValue ?? "")"
        }
    }

    @Test func editResendAndCopyKeepSecretsOutOfSight() async throws {
        try await withServices { services, baseURL in
            let editable = try await services.editableRequest(endpoint: "echo", parameters: [:])
            let shown = editable.draft.headers.map { "\($0.name): \($0.value) \($0.isSecret)" }
            #expect(shown == ["X-Token: •••• true", "X-Literal: •••• true"])
            #expect(editable.draft.query.map(\.value) == ["中"])

            var edit = editable.untouchedEdit
            edit.headers?.append(.init(name: "X-Extra", value: .text("是")))
            edit.query = [.init(name: "q", value: .text("改"))]
            // With secrets shown (`S`, answered yes), the echo proves the kept secrets went out with
            // their real values.
            services.setRevealsSecrets(true)
            let sent = await services.send(EditedRequest(endpoint: "echo", parameters: [:], edit: edit)) { _ in }
            #expect(Self.echoedHeaders(sent).contains("X-Token: \(Self.token)"))
            #expect(Self.echoedHeaders(sent).contains("X-Literal: \(Self.literal)"))
            #expect(Self.echoedHeaders(sent).contains("X-Extra: 是"))
            let rows = try await services.historyRows(limit: 5)
            #expect(rows.map(\.endpoint) == ["echo"])

            let stored = try await services.storedRequest(id: rows[0].id)
            #expect(stored.endpoint == "echo")
            #expect(stored.note == "2 masked value(s) read again from the profile")
            let again = await services.send(
                EditedRequest(endpoint: stored.endpoint, parameters: [:], edit: stored.untouchedEdit)
            ) { _ in }
            #expect(Self.echoedHeaders(again).contains("X-Token: \(Self.token)"))
            #expect(Self.echoedHeaders(again).contains("X-Literal: \(Self.literal)"))
            #expect(Self.echoedHeaders(again).contains("X-Extra: 是"))
            #expect(again.url.hasSuffix("/hazards/echo?q=%E6%94%B9"))
            // Masked again, the same echo shows neither secret (the session's gate masks the answer).
            services.setRevealsSecrets(false)
            let masked = await services.send(EditedRequest(endpoint: "echo", parameters: [:], edit: edit)) { _ in }
            #expect(Self.echoedHeaders(masked).contains("X-Token: ••••"))
            #expect(Self.echoedHeaders(masked).contains("X-Literal: ••••"))
            let echoed = masked.model.map { $0.jsonText() } ?? ""
            #expect(!echoed.isEmpty && !echoed.contains(Self.token) && !echoed.contains(Self.literal))

            let copy = try await services.curl(
                for: EditedRequest(endpoint: "echo", parameters: [:], edit: edit), revealingSecrets: false)
            #expect(copy.masksSecrets)
            #expect(copy.command.contains("${EDIT_TOKEN}") && copy.command.contains("X-Literal: ••••"))
            #expect(!copy.command.contains(Self.token) && !copy.command.contains(Self.literal))
            #expect(copy.command.contains("X-Extra: 是"))
            let revealed = try await services.curl(
                for: EditedRequest(endpoint: "echo", parameters: [:], edit: edit), revealingSecrets: true)
            #expect(revealed.command.contains(Self.literal) && !revealed.command.contains(Self.token))
            let path = try await services.saveCurl(copy.command)
            #expect(path.hasSuffix("/state/copied-request.curl.sh"))
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)

            let adHoc = await services.send(
                EditedRequest(
                    endpoint: nil, parameters: [:],
                    edit: RequestEdit(method: "GET", url: "\(baseURL)/hazards/echo", query: [], headers: []))
            ) { _ in }
            #expect(adHoc.outcome == .success)
            // Nothing of the profile's went with it.
            #expect(!Self.echoedHeaders(adHoc).contains { $0.hasPrefix("X-Token") || $0.hasPrefix("X-Literal") })
            #expect(try await services.historyRows(limit: 5).first?.endpoint == "GET \(baseURL)/hazards/echo")
        }
    }
}
