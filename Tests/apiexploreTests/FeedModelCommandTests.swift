import Foundation
import Testing

/// The `feeds` profile reads RSS and Atom as one normalised model, so a feed looks like a JSON list
/// to `--probe`, the model store and `--pages`.
@Suite struct FeedModelCommandTests {
    static let keys: Set<String> = ["id", "title", "link", "date", "summary", "author"]

    @Test(arguments: ["rss", "atom"])
    func aFeedIsAListOfNormalisedItems(_ endpoint: String) async throws {
        let output = try await CommandRunner.run(["request", "feeds", endpoint, "--output", "model"])
        #expect(output.status == 0, "\(output.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        for item in items {
            #expect(Set(item.keys).isSubset(of: Self.keys), "\(item.keys)")
            for key in ["id", "title", "link", "date"] { #expect(item[key] is String, "\(key) in \(item)") }
            // Dates are ISO 8601 in UTC, whatever the feed wrote.
            #expect((item["date"] as? String)?.hasSuffix("Z") == true)
        }
    }

    @Test func bothFormatsProbeAndStoreTheSameWay() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let environment = ["APIEXPLORE_HISTORY": scratch.appendingPathComponent("h.sqlite").path]
        for endpoint in ["rss", "atom"] {
            let output = try await CommandRunner.run(
                ["request", "feeds", endpoint, "--probe", "$[*].link"], environment: environment)
            #expect(output.status == 0, "\(output.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let links = (json["probe"] as? [String: Any])?["value"] as? [String]
            #expect(links?.count == 2 && links?.allSatisfy { $0.hasPrefix("https://") } == true, "\(json)")
            #expect((json["stored"] as? [String: Any])?["inserted"] as? Int == 2, "\(json)")
        }
    }
}
