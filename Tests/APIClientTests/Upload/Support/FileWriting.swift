import Foundation

/// Writes `bytes` to `name` inside `directory` and returns the file's path.
func writeFile(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}
