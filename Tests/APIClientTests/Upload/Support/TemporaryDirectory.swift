import Foundation

/// A fresh directory under the system's temporary folder, removed when `body` returns or throws.
func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("apiexplore-upload-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let result: Result
    do {
        result = try await body(directory)
    } catch {
        try FileManager.default.removeItem(at: directory)
        throw error
    }
    try FileManager.default.removeItem(at: directory)
    return result
}

/// Writes `bytes` to `name` inside `directory` and returns the file's path.
func writeFile(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}
