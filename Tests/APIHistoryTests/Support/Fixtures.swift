import APIMapping
import Foundation

/// The files in `Tests/APIHistoryTests/Fixtures` (see its README for where each comes from).
enum Fixtures {
    static let root: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures resource folder is missing from the test bundle")
        }
        return url
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(name)))
    }

    static func json(_ name: String) throws -> JSONValue {
        try JSONDocument(parsing: try bytes(name)).root.value
    }
}
