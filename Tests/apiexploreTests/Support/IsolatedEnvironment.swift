import Foundation

/// The environment every process a test spawns runs in: the suite's own environment with every
/// place apiexplore (or anything it starts) could read or write user data pointed into a scratch
/// folder, so a test can never touch the user's history, profiles or configuration.
enum IsolatedEnvironment {
    /// The variables pointed into the scratch folder.
    static let isolatedNames = [
        "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "APIEXPLORE_HISTORY",
        "APIEXPLORE_STATE",
    ]

    /// The variables taken out: what the user chose for their own shell must not choose for a test
    /// (an environment, an editor), and the developer's PostgreSQL credentials must not let a command
    /// test pass that would fail elsewhere.
    static let clearedNames = ["APIEXPLORE_ENV", "VISUAL", "EDITOR", "PGPASSWORD", "PGPASSFILE", "PGUSER"]

    /// The environment for a process whose scratch folder is `scratch`: `HOME` and the XDG
    /// folders inside it, `APIEXPLORE_HISTORY` a file in it; then `overrides` on top, and the
    /// `removing` names taken out.
    static func make(
        scratch: URL, overrides: [String: String] = [:], removing: [String] = [],
        base: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        var environment = base
        environment["HOME"] = scratch.appendingPathComponent("home").path
        environment["XDG_DATA_HOME"] = scratch.appendingPathComponent("home/.local/share").path
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("home/.config").path
        environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("home/.cache").path
        environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("home/.local/state").path
        environment["APIEXPLORE_HISTORY"] = scratch.appendingPathComponent("history.sqlite").path
        environment["APIEXPLORE_STATE"] = scratch.appendingPathComponent("state").path
        for name in clearedNames { environment[name] = nil }
        environment.merge(overrides) { $1 }
        for name in removing { environment[name] = nil }
        return environment
    }
}
