import APIMapping
import Testing

@testable import APITerminalUI

/// The Status pane's `shape` marker: a recorded successful exchange on screen asks for a shape check off
/// the key loop; its answer, when it is for that exchange, marks the drift, and `:drift` lists it whole.
@Suite struct ShapeDriftMarkerTests {
    static func display(historyID: Int64?) throws -> ExchangeDisplay {
        var display = try KeyStateMachineTests.display()
        display.historyID = historyID
        return display
    }

    static let drift: JSONShapeDrift = {
        var drift = JSONShapeDrift()
        drift.changes = [
            JSONShapeChange(path: "data>age", kind: .type(was: [.integer], now: .string)),
            JSONShapeChange(path: "data>items[]>price", kind: .new),
        ]
        drift.notes = [JSONShapeChange(path: "data>role", kind: .newValue("owner", seen: ["admin", "member"]))]
        return drift
    }()

    @Test func aRecordedSuccessAsksForACheckAndItsAnswerMarksTheStatusPane() throws {
        var state = try KeyStateMachineTests.state()
        #expect(state.handle(.show(try Self.display(historyID: 7))) == [.checkShape(id: 1, historyID: 7)])
        #expect(!StatusPaneFailureTests.panes(state).status.contains("shape"))
        let check = ShapeCheck(exchangeID: 7, endpoint: "user", samples: 4, drift: Self.drift)
        #expect(state.handle(.shapeChecked(id: 1, check: check, failure: nil)) == [])
        let status = StatusPaneFailureTests.panes(state).status
        #expect(status.contains(" shape 2 changes:\n"), "\(status)")
        #expect(status.contains("data>age: int →"), "\(status)")
        try assertSnapshot(HeadlessScreenRenderer.render(state), named: "shape-drift-marker")

        for key in Key.parse(":drift<enter>") { state.handle(.key(key)) }
        #expect(
            state.commandOutput == """
                shape of user: 2 changes against 4 earlier successful models
                data>age: int → string
                data>items[]>price: new
                note: data>role: new value "owner" (seen: admin, member)
                """)
    }

    @Test func theLineCompletesDrift() throws {
        var state = try KeyStateMachineTests.state()
        for key in Key.parse(":dri<tab>") { state.handle(.key(key)) }
        #expect(state.commandLine.text == "drift ")
    }

    @Test func aNewExchangeCancelsTheCheckAndALateAnswerIsDropped() throws {
        var state = try KeyStateMachineTests.state()
        state.handle(.show(try Self.display(historyID: 7)))
        #expect(
            state.handle(.show(try Self.display(historyID: 8)))
                == [.cancelShapeCheck(id: 1), .checkShape(id: 2, historyID: 8)])
        let old = ShapeCheck(exchangeID: 7, endpoint: "user", samples: 4, drift: Self.drift)
        state.handle(.shapeChecked(id: 1, check: old, failure: nil))
        #expect(!StatusPaneFailureTests.panes(state).status.contains("shape"))
        for key in Key.parse(":drift<enter>") { state.handle(.key(key)) }
        #expect(state.commandOutput == "checking the shape against earlier successful models…")
    }

    @Test(arguments: [
        (nil, ExchangeOutcome.success, "no shape check: it needs a successful exchange recorded in history"),
        (
            Int64(9), ExchangeOutcome.businessFailure,
            "no shape check: it needs a successful exchange recorded in history"
        ),
    ])
    func unrecordedOrFailedExchangesAreNotChecked(historyID: Int64?, outcome: ExchangeOutcome, output: String) throws {
        var state = try KeyStateMachineTests.state()
        var display = try Self.display(historyID: historyID)
        display.outcome = outcome
        #expect(state.handle(.show(display)) == [])
        for key in Key.parse(":drift<enter>") { state.handle(.key(key)) }
        #expect(state.commandOutput?.hasPrefix(output) == true, "\(state.commandOutput ?? "")")
    }

    @Test func tooFewEarlierModelsAndNoDriftShowNoMarker() throws {
        var state = try KeyStateMachineTests.state()
        state.handle(.show(try Self.display(historyID: 3)))
        state.handle(
            .shapeChecked(
                id: 1, check: ShapeCheck(exchangeID: 3, endpoint: "user", samples: 2, drift: nil), failure: nil))
        #expect(!StatusPaneFailureTests.panes(state).status.contains("shape"))
        for key in Key.parse(":drift<enter>") { state.handle(.key(key)) }
        #expect(state.commandOutput == "shape of user: 2 earlier successful models, 3 needed to check")
    }

    /// The real services over a real history: the demo's `drift_user` changes shape at step 5, and the
    /// check of each exchange, run as the UI runs it, marks that one only.
    @Test func theSessionServicesMarkExactlyTheExchangeThatChangedShape() async throws {
        try await SessionTerminalServicesTests().withServices(profile: "code-msg-data") { services in
            var markers: [String?] = []
            for step in 1...6 {
                let display = await services.send(endpoint: "drift_user", parameters: ["step": "\(step)"]) { _ in }
                var terminal = HeadlessTerminalUI(
                    state: AppState(profile: services.profile, columns: 120, rows: 40), services: services)
                await terminal.apply(.show(display))
                markers.append(terminal.state.shapeMarker)
            }
            #expect(markers == [nil, nil, nil, nil, "2 changes: data>user>age: int → string", nil])
        }
    }
}
