import Foundation
import Testing

/// A scratch folder for end-to-end runs against `serve-demo`, with `profiles/`, a state folder and a history file shared by its runs.
struct BackendWorkspace {
    let directory: URL
    var profiles: URL { directory.appendingPathComponent("profiles") }
    var state: URL { directory.appendingPathComponent("state") }
    var history: URL { directory.appendingPathComponent("history.sqlite") }
    /// Where a profile's `log: {file: requests.log}` writes: the log folder in the state folder.
    var log: URL { state.appendingPathComponent("logs/requests.log") }

    init(profiles: [String: String]) throws {
        directory = try Subprocess.temporaryDirectory()
        try FileManager.default.createDirectory(at: self.profiles, withIntermediateDirectories: true)
        for (name, text) in profiles {
            try Data(text.utf8).write(to: self.profiles.appendingPathComponent("\(name).yaml"))
        }
    }

    func write(profile name: String, _ text: String) throws {
        try Data(text.utf8).write(to: profiles.appendingPathComponent("\(name).yaml"))
    }

    var environment: [String: String] {
        ["APIEXPLORE_STATE": state.path, "APIEXPLORE_HISTORY": history.path]
    }

    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) async throws
        -> CommandRunner.Output
    {
        try await CommandRunner.run(
            arguments + ["--profiles-dir", profiles.path], stdin: stdin, in: directory,
            environment: environment.merging(extra) { $1 })
    }

    /// The binary in the background, for flows where the test plays the user.
    func background(_ arguments: [String], environment extra: [String: String]) throws -> BackgroundRun {
        try BackgroundRun(
            arguments + ["--profiles-dir", profiles.path], environment: environment.merging(extra) { $1 },
            scratch: directory)
    }

    func script(_ text: String, flags: [String] = [], environment extra: [String: String] = [:]) async throws
        -> CommandRunner.Output
    {
        let url = directory.appendingPathComponent("script-\(UUID().uuidString).apx")
        try Data(text.utf8).write(to: url)
        return try await run(["run", url.path] + flags, environment: extra)
    }

    /// Every byte apiexplore stored: the history file (and its WAL), the state folder, the log.
    func storedText() throws -> String {
        var text = ""
        let manager = FileManager.default
        for url in try manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        where url.lastPathComponent.hasPrefix("history.sqlite") || url.lastPathComponent == "requests.log" {
            text += String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        if let files = manager.enumerator(at: state, includingPropertiesForKeys: nil) {
            // Tokens and cookies are kept (0600) so they can be sent; nothing else may hold them.
            for case let url as URL in files
            where !url.hasDirectoryPath && !url.path.contains("/tokens/") && !url.path.contains("/cookies/") {
                text += String(decoding: try Data(contentsOf: url), as: UTF8.self)
            }
        }
        return text
    }

    func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }
}

extension BackendWorkspace {
    /// A profile in the code/msg/data family with `extra` YAML after the envelope.
    static func envelopeProfile(_ name: String, _ base: String, _ extra: String) -> String {
        """
        name: \(name)
        base_url: \(base)
        envelope: {status: code, success: 0, tip: msg, model: data}
        \(extra)
        """
    }

    /// `history list --json` of this workspace's history, newest first.
    func historyRows(_ extra: [String] = []) async throws -> [[String: Any]] {
        let output = try await CommandRunner.run(
            ["history", "list", "--json", "--limit", "100"] + extra, in: directory, environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        return Subprocess.jsonLines(output.stdout)
    }
}
