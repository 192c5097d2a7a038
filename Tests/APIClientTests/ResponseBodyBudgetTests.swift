import APIClient
import APIMapping
import Testing

/// A body's tree is bounded relative to the body: past one value every ``ResponseBody/bytesPerValue``
/// bytes (and the floor), a JSON or XML body is kept as raw text with a message instead of a tree.
@Suite("Response body tree budget")
struct ResponseBodyBudgetTests {
    /// `count` copies of `item` in a JSON array.
    static func array(of item: String, count: Int) -> [UInt8] {
        Array(("[" + Array(repeating: item, count: count).joined(separator: ",") + "]").utf8)
    }

    @Test(arguments: [
        ("empty arrays", "[]", 3), ("empty objects", "{}", 3), ("zeros", "0", 2), ("one-zero arrays", "[0]", 4),
        ("tiny objects", #"{"a":0}"#, 8), ("nested", "[[[[[]]]]]", 11),
    ])
    func aBodyOfTinyValuesPastTheFloorIsKeptRaw(shape: String, item: String, bytes: Int) throws {
        // Enough copies to pass the floor of a million values.
        let body = Self.array(of: item, count: ResponseBody.minimumValueBudget / max(1, bytes / 4) + 10)
        let read = ResponseBody(bytes: body, contentType: "application/json", xmlArrays: [])
        #expect(read.document == nil, "\(shape)")
        #expect(read.kind == .text)
        #expect(read.jsonError == nil)
        #expect(read.problem?.contains("its tree would take too much memory, so it is kept as raw text") == true)
    }

    @Test func ordinaryJSONOfTheSameSizeIsATree() throws {
        let user = #"{"login":"octocat","id":583231,"type":"User","site_admin":false,"score":1.5}"#
        let body = Self.array(of: user, count: 60_000)  // 4.6 MB, 6 values per 77 bytes
        let read = ResponseBody(bytes: body, contentType: "application/json", xmlArrays: [])
        #expect(read.kind == .json)
        #expect(read.document?.root.count == 60_000)
        #expect(read.problem == nil)
    }

    @Test func aSmallBodyOfTinyValuesIsStillATree() throws {
        let body = Self.array(of: "[]", count: 100_000)  // under the floor
        let read = ResponseBody(bytes: body, contentType: "application/json", xmlArrays: [])
        #expect(read.kind == .json)
        #expect(read.document?.nodeCount == 100_001)
    }

    @Test func theBudgetIsRelativeToTheBody() {
        #expect(ResponseBody.valueBudget(forBodyOf: 0) == ResponseBody.minimumValueBudget)
        #expect(ResponseBody.valueBudget(forBodyOf: 256 << 20) == (256 << 20) / ResponseBody.bytesPerValue)
    }
}
