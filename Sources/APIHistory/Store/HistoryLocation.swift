public import Foundation

/// Where the history database lives.
///
/// The first that is set wins: an explicit path (the command line's `--history PATH`), the
/// `APIEXPLORE_HISTORY` environment variable, `$XDG_DATA_HOME/apiexplore/history.sqlite`, then
/// `~/.local/share/apiexplore/history.sqlite`. A relative `XDG_DATA_HOME` is ignored, as the XDG
/// specification asks.
///
/// ```swift
/// let location = try HistoryLocation.resolve(
///     explicitPath: nil, environment: ["HOME": "/home/ada"])
/// location.url.path  // "/home/ada/.local/share/apiexplore/history.sqlite"
/// ```
public struct HistoryLocation: Hashable, Sendable {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "APIEXPLORE_HISTORY"

    /// The database file.
    public let url: URL

    /// A location at an explicit file path.
    ///
    /// ```swift
    /// HistoryLocation(path: "/tmp/h.sqlite").url.lastPathComponent  // "h.sqlite"
    /// ```
    ///
    /// - Parameter path: The database file's path.
    public init(path: String) {
        url = URL(fileURLWithPath: path)
    }

    /// Resolves the location from an explicit path, the environment and the XDG defaults.
    ///
    /// ```swift
    /// try HistoryLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "/data"]).url.path
    /// // "/data/apiexplore/history.sqlite"
    /// ```
    ///
    /// - Parameters:
    ///   - explicitPath: A path given on the command line, if any.
    ///   - environment: The process environment.
    /// - Throws: ``HistoryError`` when neither a path, `XDG_DATA_HOME` nor `HOME` is set.
    public static func resolve(explicitPath: String?, environment: [String: String]) throws(HistoryError)
        -> HistoryLocation
    {
        if let explicitPath, !explicitPath.isEmpty { return HistoryLocation(path: explicitPath) }
        if let path = environment[environmentVariable], !path.isEmpty { return HistoryLocation(path: path) }
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
}
