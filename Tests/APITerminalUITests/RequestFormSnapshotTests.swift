import APIClient
import APITerminalUI
import Testing

/// The request edit form over a real exchange, at the smallest and a large size, with CJK values
/// and a masked secret (re-record with `RECORD_SNAPSHOTS=1`).
@Suite("Request form snapshots")
struct RequestFormSnapshotTests {
    static let editable = EditableRequest(
        endpoint: "user", parameters: ["id": "1001"],
        draft: {
            var draft = RequestDraft()
            draft.url = "http://demo.test/cmd/users/1001"
            draft.query = [.init(name: "城市", value: "杭州"), .init(name: "sig", value: "••••", isSecret: true)]
            draft.headers = [
                .init(name: "Accept", value: "application/json"),
                .init(name: "Authorization", value: "••••", isSecret: true),
                .init(name: "X-备注", value: "测试 请求"),
            ]
            draft.body = Array(#"{"name":"张伟"}"#.utf8)
            return draft
        }())

    @Test(arguments: [(80, 24), (200, 50)])
    func theEditForm(columns: Int, rows: Int) async throws {
        let text = try await withTUI(columns: columns, rows: rows) { session in
            await session.press("euser<enter><enter>")
            await session.apply(.editableRequest(Self.editable))
            await session.press("jj<enter><c-u>上海")
            return session.screenText()
        }
        #expect(!text.contains("张伟\"}"))
        try assertSnapshot(text, named: "edit-form-\(columns)x\(rows)")
    }

    @Test func theAdHocForm() async throws {
        let text = try await withTUI(columns: 80, rows: 24) { session in
            await session.press("ahttp://demo.test/hazards/echo?q=中文<enter>")
            return session.screenText()
        }
        try assertSnapshot(text, named: "edit-form-ad-hoc-80x24")
    }
}
