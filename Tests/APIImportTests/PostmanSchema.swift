import Foundation
import RawHTTPTesting

/// The Postman Collection v2.1 JSON Schema in the fixtures and the Python script that checks a
/// document against it (see Fixtures/collections/PROVENANCE.md).
enum PostmanSchema {
    static let folder = CollectionFixtures.url("postman-schema")

    /// Validates a collection file: exit status 0, or 1 with the first errors printed.
    static func validate(_ file: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder.appendingPathComponent("validate.py").path, folder.path, file.path]
        let pipe = try ProcessLaunch.run(process, piping: .outputAndErrors)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
