import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import APITerminalUI
import Foundation

/// The profile the UI tests drive: one endpoint per situation the acceptance list names.
let tuiTestProfileYAML = """
    name: tui
    description: Terminal UI test endpoints on the demo backend
    base_url: "${demo:base_url}"
    timeouts: {connect: 2s, total: 60s}
    envelope:
      status: code
      success: 0
      tip: msg
      model: data
    errors:
      40013: {name: invalid_token, message: The session token is missing or expired}
    endpoints:
      user:
        description: code/msg/data success with a CJK tip
        path: /cmd/users/{id}
        params:
          id: {default: "1001"}
      orders:
        description: business failure over HTTP 200
        path: /cmd/orders
      unavailable:
        description: an HTML 503 page
        path: /hazards/html503
        envelope: {status: null, success: http, tip: [], model: ""}
      reset:
        description: the server drops the connection
        path: /hazards/reset
      large:
        description: a large array of records
        path: /hazards/large
        query: {size: "${size}"}
        params:
          size: {default: "2000000"}
        envelope: {status: null, success: http, tip: [], model: ""}
      escapes:
        description: strings full of terminal escape sequences
        path: /hazards/escapes
        envelope: {status: null, success: http, tip: title, model: ""}
      slow:
        description: answers after a delay
        path: /hazards/slow
        query: {delay_ms: "${delay_ms}"}
        params:
          delay_ms: {default: "3000"}
        envelope: {status: null, success: http, tip: message, model: ""}
      feed:
        description: an RSS feed, shown as its JSON tree
        path: /feeds/rss
        envelope: {status: null, success: http, tip: rss>channel>title, model: rss>channel>item}
    xml_arrays: [rss>channel>item]
    """

/// A fixed clock, so history rows do not depend on when the test runs.
let fixedDate = Date(timeIntervalSince1970: 1_795_000_000)

/// Real services whose texts name the backend as `http://demo.test`, so snapshots do not depend on the
/// ephemeral port (transport failures quote the URL they could not reach).
struct PortMaskingServices: TerminalServices {
    let base: ClientTerminalServices
    let baseURL: String

    func mask(_ display: ExchangeDisplay) -> ExchangeDisplay {
        var display = display
        display.url = display.url.replacingOccurrences(of: baseURL, with: "http://demo.test")
        display.tip = display.tip?.replacingOccurrences(of: baseURL, with: "http://demo.test")
        display.failure = display.failure?.replacingOccurrences(of: baseURL, with: "http://demo.test")
        return display
    }

    func send(
        endpoint: String, parameters: [String: String], progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> ExchangeDisplay {
        mask(await base.send(endpoint: endpoint, parameters: parameters, progress: progress))
    }

    func historyRows(limit: Int) async throws -> [HistoryRow] {
        try await base.historyRows(limit: limit).map { row in
            var row = row
            row.tip = row.tip?.replacingOccurrences(of: baseURL, with: "http://demo.test")
            return row
        }
    }

    func historyExchange(id: Int64) async throws -> ExchangeDisplay {
        mask(try await base.historyExchange(id: id))
    }

    func runCommand(_ line: String) async -> String {
        await base.runCommand(line)
    }

    func runCommand(_ line: String, progress: @escaping @Sendable (ProgressReport) -> Void) async
        -> TerminalCommandResult
    {
        var result = await base.runCommand(line, progress: progress)
        result.display = result.display.map(mask)
        return result
    }
}

/// Starts the demo backend and a transport (``APIClientTesting/withDemoBackend(_:_:)``), gives the
/// body a session at a size, and shuts both down.
func withTUI<T>(
    columns: Int = 120, rows: Int = 40,
    _ body: (inout HeadlessTerminalUI<PortMaskingServices>) async throws -> T
) async throws -> T {
    try await withDemoBackend { backend, transport in
        let profile = try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml")
        let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
        let services = ClientTerminalServices(profile: profile, client: client, clock: { fixedDate })
        var state = AppState(profile: profile, baseURL: "http://demo.test", columns: columns, rows: rows)
        state.masksVolatileValues = true
        var session = HeadlessTerminalUI(
            state: state, services: PortMaskingServices(base: services, baseURL: backend.baseURL))
        return try await body(&session)
    }
}
