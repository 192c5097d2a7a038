import APIClient
import APIMapping
import Testing

/// A profile's `volatile:` and `identity:`, at the top and per endpoint, and their errors with
/// file, line and column.
@Suite struct ProfileDiffSettingsTests {
    @Test func profileAndEndpointSettingsAdd() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: http://x
            volatile: [meta>ts, $..request_id]
            identity: {items: id, "$.groups[*].members": user>id}
            endpoints:
              quote:
                path: /quote
                volatile: price
                identity: {lines: sku}
              plain: {path: /plain}
            """)
        let quote = profile.diffSettings(endpoint: "quote")
        #expect(quote.volatile.map(\.description) == ["meta>ts", "$..request_id", "price"])
        #expect(
            quote.identities.map { "\($0.array)=\($0.key)" } == [
                "items=id", "$.groups[*].members=user>id", "lines=sku",
            ])
        #expect(profile.diffSettings(endpoint: "plain") == profile.diff)
        #expect(profile.diffSettings(endpoint: nil).volatile.count == 2)
        #expect(try DiffPath("$..request_id") == quote.volatile[1])
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let yaml: String
        let error: String
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        Broken(
            name: "a JSONPath that does not parse", yaml: "volatile: [ts, \"$.a[\"]\n",
            error:
                "profiles/t.yaml:3:21: invalid JSONPath '$.a[' for 'volatile': expected a selector (a quoted name, an index, a slice, '*' or a '?' filter), found end of query"
        ),
        Broken(
            name: "an empty profile path segment", yaml: "volatile: [a>>b]\n",
            error: "profiles/t.yaml:3:14: invalid profile path 'a>>b' for 'volatile': empty segment"),
        Broken(
            name: "a mapping for volatile", yaml: "volatile: {a: 1}\n",
            error: "profiles/t.yaml:3:11: expected a string for 'volatile', found a mapping"),
        Broken(
            name: "an empty identity key", yaml: "identity: {items: \"\"}\n",
            error:
                "profiles/t.yaml:3:19: the identity key of 'items' in 'identity' is empty: name a key of each element"),
        Broken(
            name: "a list for identity", yaml: "identity: [items]\n",
            error: "profiles/t.yaml:3:11: expected a mapping for 'identity', found a list"),
        Broken(
            name: "an endpoint's bad identity key",
            yaml: "endpoints:\n  e:\n    path: /e\n    identity: {items: a>>b}\n",
            error:
                "profiles/t.yaml:6:25: invalid profile path 'a>>b' for the identity key of 'items' in 'identity' of endpoint 'e': empty segment"
        ),
    ]

    @Test(arguments: broken)
    func brokenSettingsAreLocated(_ broken: Broken) {
        #expect(
            profileError { _ = try parseProfile("name: t\nbase_url: http://x\n" + broken.yaml) }?.description
                == broken.error)
    }
}
