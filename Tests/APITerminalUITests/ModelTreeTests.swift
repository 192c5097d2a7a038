import APIMapping
import APITerminalUI
import Testing

@Suite("Model tree")
struct ModelTreeTests {
    static let document = try! JSONDocument(
        parsing: #"{"code":0,"data":{"list":[{"id":1},{"id":2}],"total":2},"msg":"ok"}"#)

    @Test func rowsFollowFoldsAndDepth() {
        var tree = ModelTree(root: Self.document.root)
        #expect(tree.visibleRows(count: 20).map(\.label) == ["$", "code", "data", "list", "total", "msg"])
        tree.collapse(toDepth: 1, viewHeight: 10)
        #expect(tree.visibleRows(count: 20).map(\.label) == ["$", "code", "data", "msg"])
        tree.collapse(toDepth: 1_000, viewHeight: 10)
        #expect(
            tree.visibleRows(count: 20).map(\.label) == [
                "$", "code", "data", "list", "[0]", "id", "[1]", "id", "total", "msg",
            ])
    }

    @Test func cursorMovesAndTogglesAndReportsItsPath() {
        var tree = ModelTree(root: Self.document.root)
        tree.moveDown(viewHeight: 10, by: 3)
        #expect(tree.cursorLocation.profilePath == "data>list")
        #expect(tree.cursorLocation.description == "$.data.list")
        tree.expandOrEnter(viewHeight: 10)
        tree.expandOrEnter(viewHeight: 10)
        #expect(tree.cursorLocation.profilePath == "data>list>0")
        tree.collapseOrLeave(viewHeight: 10)
        #expect(tree.cursorLocation.profilePath == "data>list")
        tree.collapseOrLeave(viewHeight: 10)
        tree.collapseOrLeave(viewHeight: 10)
        #expect(tree.cursorLocation.profilePath == "data")
        tree.moveToBottom(viewHeight: 10)
        #expect(tree.cursorLocation.profilePath == "msg")
        tree.moveUp(viewHeight: 10)
        #expect(tree.cursorLocation.profilePath == "data>total")
    }

    @Test func revealOpensTheWayAndScrolls() throws {
        var tree = ModelTree(root: Self.document.root, depthLimit: 1)
        let found = tree.reveal(JSONLocation([.key("data"), .key("list"), .index(1), .key("id")]), viewHeight: 3)
        #expect(found)
        #expect(tree.cursorLocation.profilePath == "data>list>1>id")
        let rows = tree.visibleRows(count: 3)
        #expect(rows.count == 3 && rows.last?.position == tree.cursor)
        let missing = tree.reveal(JSONLocation([.key("nope")]), viewHeight: 3)
        #expect(!missing)
    }

    @Test func aLargeArrayShowsOnlyTheRowsOnScreen() throws {
        var text = "["
        for index in 0..<100_000 { text += (index == 0 ? "" : ",") + #"{"id":\#(index),"tags":["a","b"]}"# }
        text += "]"
        var tree = ModelTree(root: try JSONDocument(parsing: text).root)
        tree.moveToBottom(viewHeight: 30)
        #expect(tree.cursorLocation.profilePath == "99999>tags")
        let rows = tree.visibleRows(count: 30)
        #expect(rows.count == 30 && rows.last?.position == tree.cursor)
        tree.moveToTop()
        #expect(tree.visibleRows(count: 3).map(\.label) == ["$", "[0]", "id"])
    }
}
