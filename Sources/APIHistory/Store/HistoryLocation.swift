public import Foundation

/// Where the history lives: a SQLite file, or a PostgreSQL database shared by a team.
///
/// The first that is set wins: an explicit value (the command line's `--history`), the
/// `APIEXPLORE_HISTORY` environment variable, the configuration file's `history:`, `$XDG_DATA_HOME/apiexplore/history.sqlite`, then
/// `~/.local/share/apiexplore/history.sqlite`. A relative `XDG_DATA_HOME` is ignored, as the XDG
/// specification asks. A value starting with `postgres://` (or `postgresql://`) names a PostgreSQL
/// database (see `docs/history-postgres.md`): its password, from the URL,
/// `PGPASSWORD` or `~/.pgpass`, is never shown (``description`` leaves it out).
///
/// ```swift
/// let location = try HistoryLocation.resolve(
///     explicitPath: nil, environment: ["HOME": "/home/ada"])
/// location.url.path  // "/home/ada/.local/share/apiexplore/history.sqlite"
/// let team = try HistoryLocation.resolve(
///     explicitPath: "postgres://ada:secret@db.internal/api?sslmode=require", environment: [:])
/// team.description   // "postgres://ada@db.internal:5432/api?sslmode=require"
/// ```
public struct HistoryLocation: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "APIEXPLORE_HISTORY"

    /// The database file; for a PostgreSQL history, its URL without the password.
    public let url: URL
    /// The server, database and credentials of a PostgreSQL history.
    let postgres: PostgresTarget?

    /// A location at an explicit file path.
    ///
    /// ```swift
    /// HistoryLocation(path: "/tmp/h.sqlite").url.lastPathComponent  // "h.sqlite"
    /// ```
    ///
    /// - Parameter path: The database file's path.
    public init(path: String) {
        url = URL(fileURLWithPath: path)
        postgres = nil
    }

    /// A PostgreSQL history from its URL.
    ///
    /// ```swift
    /// let team = try HistoryLocation(postgresURL: "postgres://ci@db:5432/history?sslmode=verify-full")
    /// ```
    ///
    /// - Parameters:
    ///   - postgresURL: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=PATH&schema=NAME]`.
    ///   - environment: For `PGPASSWORD`, `PGPASSFILE`, `PGUSER` and `HOME` (the password file).
    /// - Throws: ``HistoryError`` (showing the URL without its password) when the URL is malformed.
    public init(postgresURL: String, environment: [String: String]) throws(HistoryError) {
        let target = try PostgresTarget(url: postgresURL, environment: environment)
        postgres = target
        url = URL(string: target.redactedURL) ?? URL(fileURLWithPath: "/")
    }

    /// Whether this is a PostgreSQL history.
    public var isPostgres: Bool { postgres != nil }

    /// What a program should print once before using this history, or `nil`: a PostgreSQL server on
    /// another machine whose certificate is not verified (`sslmode=prefer` or `require`), or a
    /// password file skipped because others may read it.
    ///
    /// ```swift
    /// try HistoryLocation(postgresURL: "postgres://ci@db/api", environment: [:]).securityWarning
    /// // "history at postgres://ci@db:5432/api?sslmode=require: the server's certificate is not verified …"
    /// ```
    public var securityWarning: String? {
        let warnings = [postgres?.tlsWarning, postgres?.passwordFileWarning].compactMap { $0 }
        return warnings.isEmpty ? nil : warnings.joined(separator: "; ")
    }

    /// The file's path, or the PostgreSQL URL without its password: what messages show.
    public var description: String { postgres?.redactedURL ?? url.path }

    /// Shows ``description`` only, so that `dump` and debuggers never print a password.
    public var customMirror: Mirror { Mirror(self, children: ["location": description]) }

    /// Resolves the location from an explicit value, the environment and the XDG defaults.
    ///
    /// ```swift
    /// try HistoryLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "/data"]).url.path
    /// // "/data/apiexplore/history.sqlite"
    /// ```
    ///
    /// - Parameters:
    ///   - explicitPath: A path or `postgres://` URL given on the command line, if any.
    ///   - environment: The process environment.
    ///   - configured: The configuration file's `history:` (see `UserConfiguration`), if any.
    /// - Throws: ``HistoryError`` when neither a path, `XDG_DATA_HOME` nor `HOME` is set, or a
    ///   `postgres://` URL is malformed.
    public static func resolve(
        explicitPath: String?, environment: [String: String], configured: String? = nil
    ) throws(HistoryError) -> HistoryLocation {
        if let explicitPath, !explicitPath.isEmpty { return try named(explicitPath, environment: environment) }
        if let path = environment[environmentVariable], !path.isEmpty {
            return try named(path, environment: environment)
        }
        if let configured, !configured.isEmpty {
            if configured.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/") {
                return HistoryLocation(path: home + configured.dropFirst())
            }
            return try named(configured, environment: environment)
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return HistoryLocation(path: data + "/apiexplore/history.sqlite")
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw HistoryError(
                .location, path: "~/.local/share/apiexplore/history.sqlite",
                message: "neither \(environmentVariable), XDG_DATA_HOME nor HOME is set")
        }
        return HistoryLocation(path: home + "/.local/share/apiexplore/history.sqlite")
    }

    /// A file path or a `postgres://` URL.
    private static func named(_ value: String, environment: [String: String]) throws(HistoryError) -> HistoryLocation {
        PostgresTarget.isPostgresURL(value)
            ? try HistoryLocation(postgresURL: value, environment: environment) : HistoryLocation(path: value)
    }
}
