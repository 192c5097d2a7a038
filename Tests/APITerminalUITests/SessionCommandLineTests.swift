import APIMapping
import Testing

@testable import APITerminalUI

/// The `:` line through the real session: a line that sends gives its exchange back with its text,
/// so the UI fills the panes; other lines give text only.
extension SessionTerminalServicesTests {
    @Test func aSendingLineGivesItsExchangeBackAndOthersOnlyText() async throws {
        try await withServices { services in
            let call = await services.runCommand("call user id=1002") { _ in }
            let display = try #require(call.display)
            #expect(display.endpoint == "user")
            #expect(display.httpStatus == 200)
            #expect(display.tip == "成功")
            #expect(display.model?["name"]?.stringValue == "李娜")
            #expect(call.text.contains("user"), "\(call.text)")

            let rows = try await services.historyRows(limit: 10)
            #expect(rows.map(\.endpoint) == ["user"], "the call is recorded like a key's send")

            let replay = await services.runCommand("replay \(rows[0].id)") { _ in }
            #expect(replay.display?.model?["name"]?.stringValue == "李娜")

            let listed = await services.runCommand("history 5") { _ in }
            #expect(listed.display == nil)
            #expect(!listed.text.isEmpty)

            let mistyped = await services.runCommand("call nosuch") { _ in }
            #expect(mistyped.display == nil, "a mistyped endpoint is an error, not an exchange")
            #expect(mistyped.text.contains("nosuch"), "\(mistyped.text)")

            // The text-only form gives the same kind of summary.
            let text = await services.runCommand("call user id=1001")
            #expect(text.contains("user"), "\(text)")
        }
    }
}
