package import APIHistory
import APITesting
package import Foundation

/// The history backends a test can run against.
///
/// ```swift
/// @Test(arguments: HistoryBackendKind.allCases)
/// func recordsAnExchange(_ backend: HistoryBackendKind) async throws {
///     try await withTemporaryStore(backend) { store, _ in … }
/// }
/// ```
package enum HistoryBackendKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A SQLite file in a temporary folder.
    case sqlite
    /// A schema of its own on the server `APIEXPLORE_TEST_POSTGRES_URL` names, dropped afterwards.
    case postgres

    /// The environment variable naming the test server, such as
    /// `postgres://apiexplore@127.0.0.1:55432/postgres`.
    package static let postgresVariable = "APIEXPLORE_TEST_POSTGRES_URL"

    /// `sqlite` or `postgres`, as test names show it.
    package var description: String { rawValue }
}

/// Why a PostgreSQL test cannot run: no server was named.
package struct MissingTestPostgres: Error, CustomStringConvertible {
    /// What to do.
    package var description: String {
        "\(HistoryBackendKind.postgresVariable) is not set: run the tests with the README's test command "
            + "(scripts/test), which starts a throwaway PostgreSQL server and sets it"
    }
}

/// The test server's URL with a fresh schema of its own (`…?schema=t_…`), so tests run in parallel.
///
/// - Throws: ``MissingTestPostgres`` when `APIEXPLORE_TEST_POSTGRES_URL` is not set.
package func temporaryPostgresURL() throws -> String {
    guard let base = ProcessInfo.processInfo.environment[HistoryBackendKind.postgresVariable], !base.isEmpty else {
        throw MissingTestPostgres()
    }
    let schema = "t_" + UUID().uuidString.lowercased().replacing("-", with: "")
    return base + (base.contains("?") ? "&" : "?") + "schema=" + schema
}

/// Runs `body` with a history store on a fresh database file in a temporary folder (a real SQLite
/// file, never in memory), or in a fresh schema on the test PostgreSQL server, removed afterwards.
///
/// ```swift
/// try await withTemporaryStore { store, file in
///     let id = try await store.record(exchange, profile: profile)
/// }
/// ```
///
/// - Parameters:
///   - backend: SQLite (default) or PostgreSQL.
///   - configuration: The store's configuration.
///   - body: The work, given the open store and its file (for PostgreSQL, its URL without password).
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, why the store could not be opened, or ``MissingTestPostgres``.
package func withTemporaryStore<T>(
    _ backend: HistoryBackendKind = .sqlite, _ configuration: HistoryConfiguration = HistoryConfiguration(),
    _ body: (HistoryStore, URL) async throws -> T
) async throws -> T {
    switch backend {
    case .sqlite:
        return try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("history.sqlite")
            let store = try HistoryStore(location: HistoryLocation(path: file.path), configuration: configuration)
            return try await body(store, file)
        }
    case .postgres:
        let location = try HistoryLocation(
            postgresURL: try temporaryPostgresURL(), environment: ProcessInfo.processInfo.environment)
        return try await withTemporaryPostgresHistory(location) {
            let store = try HistoryStore(location: location, configuration: configuration)
            let result: Result<T, any Error>
            do {
                result = .success(try await body(store, location.url))
            } catch {
                result = .failure(error)
            }
            try await store.close()
            return try result.get()
        }
    }
}

/// Runs `body`, then drops the PostgreSQL schema `location` names, whatever happened.
///
/// - Parameters:
///   - location: A `postgres://…?schema=NAME` location.
///   - body: The work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or why the schema could not be dropped.
package func withTemporaryPostgresHistory<T>(_ location: HistoryLocation, _ body: () async throws -> T) async throws
    -> T
{
    let result: Result<T, any Error>
    do {
        result = .success(try await body())
    } catch {
        result = .failure(error)
    }
    let cleaner = try HistoryStore(location: location)
    try await cleaner.dropPostgresSchema()
    try await cleaner.close()
    return try result.get()
}

/// Runs `body` with a history store in SQLite (default) or on the test PostgreSQL server;
/// ``withTemporaryStore(_:_:_:)`` without the file.
///
/// - Parameters:
///   - backend: SQLite or PostgreSQL.
///   - configuration: The store's configuration.
///   - body: The work, given the open store.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or why the store could not be opened.
package func withTemporaryStore<T>(
    on backend: HistoryBackendKind, _ configuration: HistoryConfiguration = HistoryConfiguration(),
    _ body: (HistoryStore) async throws -> T
) async throws -> T {
    try await withTemporaryStore(backend, configuration) { store, _ in try await body(store) }
}

/// ``withTemporaryStore(_:_:_:)`` on SQLite with a configuration.
///
/// - Parameters:
///   - configuration: The store's configuration.
///   - body: The work, given the open store and its file.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or why the store could not be opened.
package func withTemporaryStore<T>(
    _ configuration: HistoryConfiguration, _ body: (HistoryStore, URL) async throws -> T
) async throws -> T {
    try await withTemporaryStore(.sqlite, configuration, body)
}
