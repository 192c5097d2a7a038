import Foundation

/// The user's own settings for every profile: `$XDG_CONFIG_HOME/apiexplore/config.yaml`, else
/// `~/.config/apiexplore/config.yaml`.
///
/// ```yaml
/// # ~/.config/apiexplore/config.yaml
/// theme: light        # dark (the default), light or mono
/// history: postgres://ada@db.internal/apiexplore?sslmode=verify-full   # or a file path
/// logs: {github: ~/logs/github.log}   # a profile's request log outside apiexplore's log folder
/// require_history: true   # a run fails (exit 5) when an exchange was not recorded
/// ```
///
/// A missing file is an empty configuration; a malformed one, or an unknown key, is an error with
/// its file, line and column, as in a profile (the same hardened YAML reader reads both).
///
/// ```swift
/// let configuration = try UserConfiguration.load(environment: ProcessInfo.processInfo.environment)
/// configuration.theme  // "light"
/// ```
public struct UserConfiguration: Sendable, Equatable {
    /// The terminal UI's colour theme, as written (checked by the UI, which knows the themes).
    public var theme: String?
    /// Where history is kept when neither `--history` nor `APIEXPLORE_HISTORY` says: a SQLite file
    /// (`~/` is the home directory) or a `postgres://` URL. Checked to be one of the two here; the
    /// history store checks the URL's parts.
    public var history: String?
    /// Log files by profile name, chosen by the user (`logs: {github: ~/logs/github.log}`): the one
    /// way, besides `--log-file`, to log outside apiexplore's own log folder. Absolute or `~/` paths.
    public var logs: [String: String] = [:]

    /// Whether a command that records must fail (exit 5) when history did not record an exchange,
    /// as `--require-history` asks; `nil` when the file does not say.
    public var requireHistory: Bool?
    /// The file the settings came from, `nil` when there was none.
    public var file: String?

    /// The keys a configuration file may have.
    static let keys = ["theme", "history", "logs", "require_history"]

    /// An empty configuration: every setting at its default.
    public init() {}

    /// Reads a configuration from its YAML text.
    ///
    /// - Parameters:
    ///   - yaml: The file's text.
    ///   - file: Its path, for error locations.
    /// - Throws: ``ProfileError`` for malformed YAML, an unknown key or a value of the wrong type.
    public init(yaml: String, file: String) throws(ProfileError) {
        let reader = ProfileYAMLReader(file: file)
        let root = try reader.compose(yaml)
        let fields = try reader.fields(root, "the configuration", allowed: Self.keys)
        if let theme = fields["theme"] { self.theme = try reader.string(theme, "'theme'") }
        if let node = fields["history"] {
            let history = try reader.string(node, "'history'")
            let lowered = history.lowercased()
            let isURL = lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
            guard isURL || history.hasPrefix("/") || history.hasPrefix("~/") else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "'history' must be an absolute path, a ~/ path or a postgres:// URL")
            }
            guard !history.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw ProfileError(.invalidValue, at: reader.location(node), "'history' contains a control character")
            }
            self.history = history
        }
        if let node = fields["logs"] {
            for (name, _, value) in try reader.entries(node, "'logs'") {
                let path = try reader.string(value, "'logs.\(name)'")
                guard path.hasPrefix("/") || path.hasPrefix("~/"),
                    !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(value),
                        "'logs.\(name)' must be an absolute path or a ~/ path")
                }
                logs[name] = path
            }
        }
        if let node = fields["require_history"] { requireHistory = try reader.bool(node, "'require_history'") }
        self.file = file
    }

    /// Where the configuration file is looked for.
    ///
    /// - Parameter environment: Where `XDG_CONFIG_HOME` and `HOME` are read.
    /// - Returns: The path, or `nil` when neither names an absolute folder.
    public static func location(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/apiexplore/config.yaml"
        }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/apiexplore/config.yaml" }
        return nil
    }

    /// Reads the configuration file, if there is one.
    ///
    /// - Parameter environment: Where `XDG_CONFIG_HOME` and `HOME` are read.
    /// - Returns: Its settings; an empty configuration when there is no file.
    /// - Throws: ``ProfileError`` when the file exists but cannot be read (not a regular file, over
    ///   64 KiB) or is not a valid configuration.
    public static func load(environment: [String: String]) throws(ProfileError) -> UserConfiguration {
        guard let path = location(environment: environment), FileManager.default.fileExists(atPath: path) else {
            return UserConfiguration()
        }
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(URL(fileURLWithPath: path), maximumBytes: 64 * 1024)
        } catch {
            throw ProfileError(.unreadableFile, file: path, line: 0, column: 0, message: "\(error)")
        }
        return try UserConfiguration(yaml: String(decoding: bytes, as: UTF8.self), file: path)
    }
}
