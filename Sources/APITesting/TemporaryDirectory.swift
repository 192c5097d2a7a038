public import Foundation

/// Runs `body` with a fresh empty folder under the temporary directory, removed afterwards
/// whatever happens.
///
/// ```swift
/// try await withTemporaryDirectory { folder in
///     try Data("name: x".utf8).write(to: folder.appendingPathComponent("x.yaml"))
/// }
/// ```
///
/// - Parameter body: The work, given the folder.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or why the folder could not be made or removed.
public func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apiexplore-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(directory))
    } catch {
        result = .failure(error)
    }
    try FileManager.default.removeItem(at: directory)
    return try result.get()
}
