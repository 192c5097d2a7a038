import APIMapping
import Foundation
import Testing

@testable import APIClient

/// Saving "map from here" into a profile file: one line added, everything else kept, read back.
@Suite struct ProfileModelOverrideTests {
    static let text = """
        name: t
        base_url: https://api.example.com
        # the list
        endpoints:
          users:   # comment kept
            # a comment inside
            path: /users
          one: {path: /one}
          wrapped:
            path: /w
            envelope: {tip: msg}
        """

    @Test func aBlockEndpointGetsItsModelAndKeepsEverythingElse() throws {
        let profile = try Profile(yaml: Self.text, file: "profiles/t.yaml")
        let changed = try profile.textSettingModel(try ProfilePath("data>list"), forEndpoint: "users", in: Self.text)
        #expect(
            changed
                == Self.text.replacingOccurrences(
                    of: "  users:   # comment kept\n",
                    with: "  users:   # comment kept\n    envelope: {model: \"data>list\"}\n"))
        #expect(
            try Profile(yaml: changed, file: "profiles/t.yaml").endpoint("users")?.envelope.model?.description
                == "data>list")
    }

    @Test(arguments: [
        ("one", "is written on one line"),
        ("wrapped", "already declares an envelope"),
        ("nope", "has no endpoint 'nope'"),
    ])
    func whatCannotBeEditedSafelyIsRefused(_ endpoint: String, _ message: String) throws {
        let profile = try Profile(yaml: Self.text, file: "profiles/t.yaml")
        let error = profileError {
            _ = try profile.textSettingModel(try ProfilePath("data"), forEndpoint: endpoint, in: Self.text)
        }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }
}
