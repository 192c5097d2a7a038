import APIMapping
import Testing

/// `driftWalk` with a window checks each model against only the models just before it, as the TUI's
/// Status marker does with the newest 200, so `history drift` and the marker agree on every exchange.
struct JSONShapeDriftWalkTests {
    static func values(_ texts: [String]) throws -> [(model: JSONNode, path: String)] {
        try texts.map { (model: try JSONDocument(parsing: $0).root, path: "data") }
    }

    @Test func aWindowForgetsTheModelsBeforeIt() throws {
        // Integers, then strings long enough to fill the window, then an integer again.
        let values = try Self.values(["1", "2", "3", #""a""#, #""b""#, #""c""#, "4"])
        let windowed = JSONShape.driftWalk(values, window: 3).map { $0?.changes.map(\.description) }
        #expect(windowed == [nil, nil, nil, ["data: int → string"], [], [], ["data: string → int"]])
        let whole = JSONShape.driftWalk(values).map { $0?.changes.map(\.description) }
        #expect(whole == [nil, nil, nil, ["data: int → string"], [], [], []])
    }

    @Test func valuesBeforeTheStartAreOnlySamples() throws {
        let values = try Self.values(["1", "2", "3", #""a""#, #""b""#, #""c""#, "4"])
        let reported = JSONShape.driftWalk(values, window: 3, from: 5).map { $0?.changes.map(\.description) }
        #expect(reported == [[], ["data: string → int"]])
        #expect(JSONShape.driftWalk(values, from: 3).map { $0?.isEmpty } == [false, true, true, true])
    }
}
