import APIDemoBackend
import Foundation

/// A scratch folder for runs of the built `apiexplore` binary, so a benchmark never reads or writes
/// the user's files.
///
/// Every run gets an environment of its own: `HOME`, the XDG folders and `APIEXPLORE_HISTORY` point
/// inside the folder, only `PATH` comes from this process, and `--profiles-dir` names the folder's
/// `profiles` (the shell benchmarks do the same in `Benchmarks/demo-backend.sh`).
///
/// ```swift
/// let sandbox = try BinarySandbox(binary: binary, name: "pages")
/// try sandbox.write(profileText, to: "profiles/pages.yaml")
/// let run = try sandbox.run(["request", "pages", "numbered", "--all"], history: "one.sqlite", output: "items.jsonl")
/// sandbox.remove()
/// ```
struct BinarySandbox {
    /// The `apiexplore` executable.
    let binary: String
    /// The scratch folder.
    let root: URL

    /// Where the runs look for profiles first (`--profiles-dir`).
    var profiles: URL { root.appending(path: "profiles") }

    /// The `apiexplore` built beside this benchmark (both in `.build/release`), if there is one.
    static func siblingBinary() -> String? {
        guard let bench = Bundle.main.executableURL else { return nil }
        let path = bench.deletingLastPathComponent().appending(path: "apiexplore").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Makes the scratch folder with an empty home and profiles folder.
    ///
    /// - Throws: ``BenchFailure`` when the folders cannot be made.
    init(binary: String, name: String) throws(BenchFailure) {
        self.binary = binary
        root = FileManager.default.temporaryDirectory.appending(
            path: "apiexplore-bench-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        do {
            for folder in ["home", "profiles", "runs"] {
                try FileManager.default.createDirectory(
                    at: root.appending(path: folder), withIntermediateDirectories: true)
            }
        } catch {
            throw BenchFailure(description: "cannot make the scratch folder \(root.path): \(error)")
        }
    }

    /// Writes `text` to `name`, a path inside the folder.
    ///
    /// - Returns: The file's full path.
    /// - Throws: ``BenchFailure`` when the file cannot be written.
    @discardableResult
    func write(_ text: String, to name: String) throws(BenchFailure) -> String {
        let url = root.appending(path: name)
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw BenchFailure(description: "cannot write \(url.path): \(error)")
        }
        return url.path
    }

    /// Runs the binary with `arguments` and `--profiles-dir`, standard output to `output`.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program name.
    ///   - history: The history file's name inside `runs/` (a fresh name gives an empty history);
    ///     `nil` adds `--no-history`.
    ///   - output: The file's name inside `runs/` that standard output goes to.
    ///   - session: Whether the command takes the session options (`--profiles-dir`, `--no-history`);
    ///     `probe` does not: it reads no profile and no history, so only the environment confines it.
    /// - Returns: The run's wall time and peak resident memory.
    /// - Throws: ``BenchFailure`` when the binary does not start or does not exit with status 0.
    func run(_ arguments: [String], history: String?, output: String, session: Bool = true) throws(BenchFailure)
        -> ChildRun
    {
        let runs = root.appending(path: "runs")
        let environment = environment(history: history)
        let flags =
            session ? ["--profiles-dir", profiles.path] + (history == nil ? ["--no-history"] : []) : []
        do {
            return try ChildProcess.run(
                binary, arguments + flags, environment: environment, output: runs.appending(path: output).path,
                errors: runs.appending(path: "stderr.txt").path)
        } catch {
            throw BenchFailure(description: error.description)
        }
    }

    /// The whole environment of a run: `PATH` from this process, everything else inside the folder.
    ///
    /// - Parameter history: The history file's name inside `runs/`; `nil` names one that stays unused.
    func environment(history: String?) -> [String: String] {
        let home = root.appending(path: "home").path
        return [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CACHE_HOME": home + "/.cache",
            "XDG_STATE_HOME": home + "/.local/state",
            "APIEXPLORE_HISTORY": root.appending(path: "runs").appending(path: history ?? "unused.sqlite").path,
        ]
    }

    /// The number of lines the run wrote to `output` (inside `runs/`).
    ///
    /// - Throws: ``BenchFailure`` when the file cannot be read.
    func lineCount(_ output: String) throws(BenchFailure) -> Int {
        let url = root.appending(path: "runs").appending(path: output)
        do {
            return try Data(contentsOf: url).reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        } catch {
            throw BenchFailure(description: "cannot read \(url.path): \(error)")
        }
    }

    /// Deletes the folder and everything the runs left in it.
    func remove() {
        do {
            try FileManager.default.removeItem(at: root)
        } catch {
            print("apiexplore-bench: could not remove \(root.path): \(error)")
        }
    }
}

extension BinarySandbox {
    /// Starts the demo backend the binary's runs talk to.
    ///
    /// - Throws: ``BenchFailure`` when it does not start.
    static func startDemoBackend() async throws(BenchFailure) -> RunningDemoBackend {
        do {
            return try await DemoBackend.start()
        } catch {
            throw BenchFailure(description: "the demo backend did not start: \(error)")
        }
    }
}

extension BenchRun {
    /// The `apiexplore` built beside this benchmark, or `nil` after reporting `check` as skipped with
    /// how to build it.
    mutating func builtBinary(group: String, check: String) -> String? {
        guard let binary = BinarySandbox.siblingBinary() else {
            report.line(
                "\(group) SKIPPED: no apiexplore beside this benchmark; build it (one --product per build): "
                    + "swift build -c release --product apiexplore")
            report.skip(check, reason: "apiexplore not built")
            return nil
        }
        return binary
    }
}
