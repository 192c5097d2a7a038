public import APIHistory
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

/// Runs `body` with a history store on a fresh database file in a temporary folder (a real SQLite
/// file, never in memory), removed afterwards.
///
/// ```swift
/// try await withTemporaryStore { store, file in
///     let id = try await store.record(exchange, profile: profile)
/// }
/// ```
///
/// - Parameters:
///   - configuration: The store's configuration.
///   - body: The work, given the open store and its file.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or why the store could not be opened.
public func withTemporaryStore<T>(
    _ configuration: HistoryConfiguration = HistoryConfiguration(), _ body: (HistoryStore, URL) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        let file = directory.appendingPathComponent("history.sqlite")
        let store = try HistoryStore(location: HistoryLocation(path: file.path), configuration: configuration)
        return try await body(store, file)
    }
}
