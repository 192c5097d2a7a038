import APIClient
import Foundation
import Testing

/// The package root, found from this file's path: `Tests/APIClientTests/ProfileTestSupport.swift`.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The shipped profile files, sorted by name.
func shippedProfileFiles() -> [URL] {
    let directory = packageRoot.appendingPathComponent("profiles")
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
        // An empty list would let "every shipped profile validates" pass on nothing.
        fatalError("cannot list \(directory.path): \(error)")
    }
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { directory.appendingPathComponent($0) }
}

/// Reads inline YAML as `profiles/t.yaml`.
func parseProfile(_ yaml: String) throws(ProfileError) -> Profile {
    try Profile(yaml: yaml, file: "profiles/t.yaml")
}

/// The profile error `body` throws, or `nil`; any other error fails the test.
func profileError(_ body: () throws -> Void) -> ProfileError? {
    do {
        try body()
        return nil
    } catch let error as ProfileError {
        return error
    } catch {
        Issue.record("expected a ProfileError, got \(error)")
        return nil
    }
}
