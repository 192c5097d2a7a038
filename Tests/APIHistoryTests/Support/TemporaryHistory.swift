import APIHistory
import Foundation

/// A fresh directory for one test's database file, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "apiexplore-history-\(UUID().uuidString)")
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

/// A store on a fresh temporary database file (never in memory), removed afterwards.
func withTemporaryStore<T>(
    _ configuration: HistoryConfiguration = HistoryConfiguration(), _ body: (HistoryStore, URL) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        let file = directory.appendingPathComponent("history.sqlite")
        let store = try HistoryStore(location: HistoryLocation(path: file.path), configuration: configuration)
        return try await body(store, file)
    }
}
