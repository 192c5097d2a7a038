import Foundation

/// Paths of the fixture files copied next to the tests (see Fixtures/PROVENANCE.md).
enum FixtureFiles {
    static let root: URL = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) { return url }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }()

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
