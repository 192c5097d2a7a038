import Foundation

/// Files copied into `Tests/APIMappingTests/Fixtures`, each folder with its provenance and licence.
enum Fixtures {
    static let root: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures resource folder is missing from the test bundle")
        }
        return url
    }()

    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(relativePath)))
    }

    static func files(in folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url(folder), includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
