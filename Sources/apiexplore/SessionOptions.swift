import APIClient
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import APIScript
import APISession
import ArgumentParser
import Foundation

/// Options every command that talks to a backend shares.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .customLong("profiles-dir"),
        help: "Look for profiles here first (then ./profiles, $XDG_CONFIG_HOME/apiexplore/profiles, built-in).")
    var profilesDirectory: String?

    @Option(
        name: .customLong("history"),
        help: ArgumentHelp(
            "The history: a SQLite file or a postgres://USER@HOST:PORT/DB?sslmode=… URL (default $APIEXPLORE_HISTORY, else the config file's 'history:', else $XDG_DATA_HOME/apiexplore/history.sqlite).",
            valueName: "path-or-url"))
    var historyPath: String?

    @Flag(name: .customLong("no-history"), help: "Do not record exchanges.")
    var noHistory = false

    @Flag(
        name: .customLong("require-history"),
        help: ArgumentHelp(
            "Fail (exit 5) when an exchange was not recorded, and before sending anything when the history is read-only (also 'require_history: true' in the config file)."
        ))
    var requireHistory = false

    @Option(
        name: .customLong("history-keep"),
        help: "Keep at most this many exchanges, pruning the oldest when the command ends (default: keep all).")
    var historyKeep: Int?

    @Option(
        name: .customLong("history-max-size"),
        help: ArgumentHelp(
            "Keep at most this many stored bytes of exchanges, pruning the oldest when the command ends.",
            valueName: "size"),
        transform: { text in
            guard let bytes = SizeLimitSyntax.parse(text) else {
                throw ValidationError("'\(text)' is not a size; use bytes, or KB, MB, GB, KiB, MiB, GiB")
            }
            return bytes
        })
    var historyMaxBytes: Int?

    @Option(
        name: .customLong("env"),
        help: ArgumentHelp(
            "Use this environment of the profile (default $APIEXPLORE_ENV, else the profile's default).",
            valueName: "name"))
    var environmentName: String?

    @Option(
        name: .customLong("env-file"),
        help: ArgumentHelp(
            "Read KEY=VALUE lines from this file for ${env:KEY}; variables already set win.", valueName: "path"))
    var environmentFile: String?

    @Option(
        name: .customLong("max-time"),
        help: ArgumentHelp(
            "The longest one request may take, headers and body (500ms, 2s, 1m; a bare number is seconds); "
                + "a profile's shorter timeouts still apply. A request stopped by it has the outcome 'timeout'.",
            valueName: "duration"))
    var maxTime: DurationFlag?

    @Option(
        name: .customLong("connect-timeout"),
        help: ArgumentHelp(
            "The longest establishing a connection may take (500ms, 2s; a bare number is seconds).",
            valueName: "duration"))
    var connectTimeout: DurationFlag?

    @Flag(
        name: .customLong("allow-commands"),
        help: "Run the profile's ${cmd:…} secret commands without asking (headless runs refuse them otherwise).")
    var allowCommands = false

    @Flag(
        name: .customLong("allow-secret-files"),
        help: "Read ${file:…} secrets outside the profile's folder and ~/.config/apiexplore/secrets without asking.")
    var allowSecretFiles = false

    @Option(
        name: .customLong("max-redirects"),
        help: "Follow at most this many redirects per request (0-50), over the profile's 'redirects:'.")
    var maxRedirects: Int?

    @Flag(name: .customLong("no-follow"), help: "Follow no redirect: a 3xx answer is the answer.")
    var noFollow = false

    @Option(
        name: .customLong("log-file"),
        help: ArgumentHelp(
            "Log every request (redacted) to this file, one apiexplore created or a new one; over the profile's 'log:'.",
            valueName: "path"))
    var logFile: String?

    /// Where request logs may go: `--log-file` (made absolute) and the configuration's `logs:`.
    ///
    /// - Throws: ``ProfileError`` when the configuration file is malformed.
    func logDestinations(environment: [String: String]) throws -> LogDestinations {
        let configured = try UserConfiguration.load(environment: environment).logs
        let path = logFile.map { path in
            path.hasPrefix("/") || path.hasPrefix("~/")
                ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        return LogDestinations(commandLine: path, configured: configured)
    }

    /// `--no-follow` and `--max-redirects`, for every request of the command.
    var redirectOverride: RedirectPolicy.Override? {
        noFollow || maxRedirects != nil ? RedirectPolicy.Override(noFollow: noFollow, limit: maxRedirects) : nil
    }

    func validate() throws {
        try FlagRanges.validate(maxRedirects, in: 0...RedirectPolicy.maximumLimit, flag: "--max-redirects")
        try FlagRanges.validate(historyKeep, in: InputRanges.historyKeep, flag: "--history-keep")
        try FlagRanges.validate(
            historyMaxBytes, in: InputRanges.historyMaxSize, flag: "--history-max-size", as: SizeLimitSyntax.text)
        try DurationFlag.validate(maxTime, in: InputRanges.timeoutMilliseconds, flag: "--max-time")
        try DurationFlag.validate(connectTimeout, in: InputRanges.timeoutMilliseconds, flag: "--connect-timeout")
    }

    /// The time limits `--max-time` and `--connect-timeout` put on every request.
    var requestLimits: RequestLimits {
        RequestLimits(maximumTime: maxTime?.duration, connectTimeout: connectTimeout?.duration)
    }

    /// The history these options name: where and how, or `nil` with `--no-history`.
    ///
    /// - Throws: When no location resolves (no `HOME` and no explicit path), or the configuration file is
    ///   malformed.
    func history(environment: [String: String]) throws -> HistoryChoice? {
        guard !noHistory else { return nil }
        var configuration = HistoryConfiguration(
            recoveryDirectory: SessionHost.stateDirectory(environment)?.appending(path: "history-recovery"),
            recorder: HistoryRecorder.current(
                tool: "\(APIExplore.name) \(APIExplore.version)", environment: environment))
        configuration.retention = RetentionPolicy(maximumRows: historyKeep, maximumBytes: historyMaxBytes)
        let user = try UserConfiguration.load(environment: environment)
        return HistoryChoice(
            location: try HistoryLocation.resolve(
                explicitPath: historyPath, environment: environment, configured: user.history),
            configuration: configuration, isRequired: requireHistory || user.requireHistory == true)
    }

    /// The process environment with `--env-file`'s variables under it.
    ///
    /// - Throws: ``ProfileError`` locating the file's first malformed line.
    func environment() throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let environmentFile {
            let file = try InputFile(environmentFile)
            for (name, value) in try VariablesFile.readDotEnv(file.bytes, file: file.displayName)
            where environment[name] == nil {
                environment[name] = value
            }
        }
        return environment
    }

    /// The environment the options choose: `--env`, else `$APIEXPLORE_ENV`.
    func environmentChoice(_ environment: [String: String]) -> String? {
        environmentName ?? environment["APIEXPLORE_ENV"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The profile library for these options.
    func library(environment: [String: String]) -> ProfileLibrary {
        ProfileLibrary(
            searchPath: ProfileSearchPath(
                explicitDirectory: profilesDirectory, workingDirectory: FileManager.default.currentDirectoryPath,
                environment: environment))
    }
}
