import APIClient
import APIMapping
import Foundation
import Testing

/// `store:` with its `nested:` tables, read from YAML.
@Suite struct ProfileStoreTests {
    @Test func nestedTablesAreReadInFileOrderAndRecursively() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: http://x
            endpoints:
              repos:
                path: /repos
                store:
                  table: repositories
                  identity: [id]
                  model: items
                  nested:
                    owner: {table: users, identity: [id], nested: {company: {table: companies, identity: name}}}
                    license>spdx: {table: licenses, identity: [key]}
            """)
        let store = try #require(profile.endpoint("repos")?.store)
        #expect(store.table == "repositories")
        #expect(store.nested.map(\.path) == [try ProfilePath("owner"), try ProfilePath("license>spdx")])
        #expect(store.nested.map(\.store.table) == ["users", "licenses"])
        #expect(store.nested[0].store.nested.map(\.store.identity) == [[try ProfilePath("name")]])
        #expect(store.nested[0].store.model == nil)
        #expect(store.depth == 3)
    }

    @Test func shippedGitHubProfilesStoreOwnersAsUsers() throws {
        for name in ["github", "github-demo"] {
            let file = packageRoot.appendingPathComponent("profiles/\(name).yaml")
            let profile = try Profile(
                yaml: try String(contentsOf: file, encoding: .utf8), file: "profiles/\(name).yaml")
            let stores = profile.endpoints.compactMap(\.store).filter { $0.table == "repositories" }
            #expect(!stores.isEmpty, "\(name)")
            for store in stores {
                #expect(store.nested.map(\.path.description) == ["owner"], "\(name)")
                #expect(store.nested.map(\.store.table) == ["users"], "\(name)")
            }
        }
    }
}
