import APIClient
import APIMapping
import APITerminalUI
import Testing

/// `m` (map from here), `:model`, `:store` and `]` in the key state machine: no network, no terminal.
@Suite("Mapping and paging keys")
struct MappingKeyTests {
    static func shown() throws -> AppState {
        var state = try KeyStateMachineTests.state()
        let body = try JSONDocument(parsing: #"{"code":0,"data":{"total":3,"list":[{"id":1},{"id":2},{"id":3}]}}"#)
        var display = try KeyStateMachineTests.display()
        display.body = body.root
        display.model = body.root["data"]
        display.modelPath = "data"
        state.handle(.show(display))
        return state
    }

    @Test func mMakesTheCursorsNodeTheModelForThisView() throws {
        var state = try Self.shown()
        for key in Key.parse("jjm") { state.handle(.key(key)) }
        #expect(state.exchange?.modelPath == "data>list")
        #expect(state.tree?.root.count == 3)
        #expect(state.message?.contains("model from data>list") == true)
        // Saving asks the services, with the path and the endpoint.
        var effects: [AppEffect] = []
        for key in Key.parse(":model save<enter>") { effects += state.handle(.key(key)) }
        #expect(effects == [.saveModel(path: "data>list", endpoint: "user")])
    }

    @Test(arguments: [
        (":model data>total<enter>", "model from data>total"),
        (":model data>nope<enter>", "model: 'data>nope' selects nothing in this body"),
        (":model data>>x<enter>", "model: "),
        (":model save<enter>", "nothing to save: map a model first"),
        (":store<enter>", "usage: :store TABLE"),
        ("]", "this answer does not page"),
    ])
    func localCommandsAnswerWithoutARequest(_ keys: String, _ message: String) throws {
        var state = try Self.shown()
        var effects: [AppEffect] = []
        for key in Key.parse(keys) { effects += state.handle(.key(key)) }
        #expect(effects.isEmpty, "\(effects)")
        #expect(state.message?.hasPrefix(message) == true, "\(state.message ?? "nil")")
    }

    @Test func storeAsksForTheTable() throws {
        var state = try Self.shown()
        var effects: [AppEffect] = []
        for key in Key.parse(":store users<enter>") { effects += state.handle(.key(key)) }
        #expect(effects == [.loadStoreTable("users")])
    }

    @Test func aNextPageJoinsTheTreeUnderPageMarkers() throws {
        var state = try Self.shown()
        var first = try KeyStateMachineTests.display()
        let one = try JSONDocument(parsing: #"[{"id":1},{"id":2}]"#)
        first.pageItems = Array(one.root.elements)
        first.page = PageStatus(number: 1, totalPages: 2, items: 2, hasNext: true, stop: nil)
        state.handle(.show(first))
        // A cursor deep in the first page's tree does not carry over to the tree of pages.
        for key in Key.parse("jj") { state.handle(.key(key)) }
        let effects = state.handle(.key(.character("]")))
        #expect(effects == [.nextPage(requestID: 1)])
        var second = first
        let two = try JSONDocument(parsing: #"[{"id":3}]"#)
        second.pageItems = Array(two.root.elements)
        second.page = PageStatus(number: 2, totalPages: 2, items: 3, hasNext: false, stop: "last page: all 3 items")
        state.handle(.pageResponded(requestID: 1, display: second))
        #expect(state.tree?.root.members.map(\.key) == ["page 1", "page 2"])
        #expect(state.tree?.cursor == [])
        #expect(state.message == "page 2 of 2 · 3 items · last page: all 3 items")
        state.handle(.key(.character("]")))
        #expect(state.message == "no next page: last page: all 3 items")
    }
}
