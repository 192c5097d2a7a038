import Foundation

@testable import APIMapping

/// The feeds in `Fixtures/feeds/` next to this file (see `Fixtures/feeds/PROVENANCE.md`), read by path so
/// that the folder works in any test target without being declared as a resource.
enum FeedFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/feeds")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(relativePath)))
    }

    /// The fixture converted to JSON and read as a feed; `nil` when it is not one.
    static func feed(_ relativePath: String, options: XMLConversionOptions = XMLConversionOptions()) throws
        -> FeedModel?
    {
        FeedModel(document: try JSONDocument(xml: try bytes(relativePath), options: options).root)
    }
}
