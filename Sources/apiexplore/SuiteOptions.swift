import APIClient
import APIMapping
import APIScript
import ArgumentParser
import Foundation
import Synchronization

/// `run`'s options for suites: parallel files, variables and data, reports, timings, load.
struct SuiteOptions: ParsableArguments {
    @Option(help: "Run this many scripts at once (each script stays sequential; output stays in order).")
    var jobs = 1

    @Option(
        name: .customLong("var"),
        help: ArgumentHelp("Define ${NAME} before the first line (repeatable).", valueName: "name=value"))
    var variableAssignments: [String] = []

    @Option(
        name: .customLong("vars-file"),
        help: ArgumentHelp("Define variables from a YAML, JSON or .env file (--var wins).", valueName: "file"))
    var variablesFile: String?

    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "Run every script once per row of a CSV (header row names the columns) or JSON-lines file; "
                + "the row's columns are variables.", valueName: "file"))
    var dataFile: String?

    @Option(name: .customLong("report-junit"), help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"))
    var junitReport: String?

    @Option(name: .customLong("report-tap"), help: ArgumentHelp("Write a TAP (version 13) report.", valueName: "file"))
    var tapReport: String?

    @Option(name: .customLong("report-json"), help: ArgumentHelp("Write a JSON report.", valueName: "file"))
    var jsonReport: String?

    @Flag(help: "After the run, print per endpoint the count and p50/p95/max response times.")
    var timings = false

    @Flag(help: "Print only the summaries (no line per command).")
    var quiet = false

    @Flag(help: "Print each response's whole model, not an excerpt.")
    var verbose = false

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run the scripts this many times and report latency percentiles and outcome counts instead of each command.",
            valueName: "n"))
    var repetitions: Int?

    @Option(help: "With --repeat: how many runs at once.")
    var concurrency = 1

    @Flag(name: .customLong("forbid-only"), help: "Fail (exit 2) when a script is marked 'only', as CI should.")
    var forbidOnly = false

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp(
            "Stop the whole run after this long (30s, 10m): reports are written, the run is marked interrupted "
                + "and exits 3.", valueName: "duration"))
    var runTimeout: DurationFlag?

    @Option(
        name: .customLong("script-timeout"),
        help: ArgumentHelp(
            "Stop each script run after this long; it fails with the outcome 'timeout' (exit 3), others go on.",
            valueName: "duration"))
    var scriptTimeout: DurationFlag?

    /// Whether the run goes through the suite path (reports, data, several jobs, load…).
    var usesSuite: Bool {
        jobs != 1 || verbose || dataFile != nil || junitReport != nil || tapReport != nil || jsonReport != nil
            || timings
            || quiet || repetitions != nil || forbidOnly || concurrency != 1 || runTimeout != nil
            || scriptTimeout != nil
    }

    func validate() throws {
        try FlagRanges.validate(jobs, in: InputRanges.jobs, flag: "--jobs")
        try FlagRanges.validate(repetitions, in: InputRanges.repeatRuns, flag: "--repeat")
        try FlagRanges.validate(concurrency, in: InputRanges.concurrency, flag: "--concurrency")
        try DurationFlag.validate(runTimeout, in: InputRanges.timeoutMilliseconds, flag: "--timeout")
        try DurationFlag.validate(scriptTimeout, in: InputRanges.timeoutMilliseconds, flag: "--script-timeout")
        if quiet && verbose { throw ValidationError("--quiet and --verbose contradict each other.") }
        if repetitions == nil && concurrency != 1 { throw ValidationError("--concurrency applies to --repeat runs.") }
        if repetitions != nil && jobs != 1 {
            throw ValidationError("--repeat runs use --concurrency, not --jobs.")
        }
        if repetitions != nil && (runTimeout != nil || scriptTimeout != nil) {
            throw ValidationError(
                "--repeat runs have no time limits; for a load bounded in time use 'apiexplore load --duration'.")
        }
        if repetitions != nil
            && (junitReport != nil || tapReport != nil || jsonReport != nil || timings || quiet || verbose)
        {
            throw ValidationError(
                "--repeat prints one load summary (latency included); reports, --timings, --quiet and --verbose "
                    + "apply to normal runs.")
        }
        for assignment in variableAssignments {
            guard let equals = assignment.firstIndex(of: "="),
                Script.isVariableName(String(assignment[..<equals]))
            else {
                throw ValidationError(
                    "--var takes name=value with a variable name (letters, digits, _ - .), not '\(assignment)'.")
            }
        }
    }

    /// The variables of `--vars-file` and `--var`, the latter winning.
    func variables() throws -> [String: String] {
        var variables: [String: String] = [:]
        if let variablesFile {
            let file = try InputFile(variablesFile)
            do {
                variables = try VariablesFile.read(file.bytes, file: file.displayName)
            } catch {
                Terminal.errorLine(error.description)
                throw ExitCode(2)
            }
            for name in variables.keys.sorted() where !Script.isVariableName(name) {
                Terminal.errorLine("\(file.displayName): '\(name)' is not a variable name (letters, digits, _ - .)")
                throw ExitCode(2)
            }
        }
        for assignment in variableAssignments {
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            variables[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return variables
    }

    /// The rows of `--data`, checked and counted (and read again, a row at a time, as the run
    /// goes), or `nil` without it.
    func data() throws -> ScriptData? {
        guard let dataFile else { return nil }
        do {
            // A regular file is read twice (checked, then streamed); a pipe can be read once, so it is held.
            var isDirectory: ObjCBool = false
            var regular = false
            if dataFile != "-", FileManager.default.fileExists(atPath: dataFile, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                let type = try FileManager.default.attributesOfItem(atPath: dataFile)[.type] as? FileAttributeType
                regular = type == .typeRegular
            }
            guard regular else {
                let input = try InputFile(dataFile)
                return try ScriptData(bytes: input.bytes, file: input.displayName)
            }
            return try ScriptData(contentsOf: dataFile)
        } catch let error as ScriptDataError {
            Terminal.errorLine(error.description)
            throw ExitCode(2)
        }
    }
}

/// The scripts a `run` names: files as given, directories searched for `*.apx` in path order.
struct ScriptSources {
    struct File {
        let name: String
        let bytes: [UInt8]
    }

    /// The extension `run DIR` looks for.
    static let fileExtension = "apx"

    let files: [File]
    /// Whether a directory was named (the run is a suite even with one script in it).
    let namedDirectory: Bool

    init(arguments: [String]) throws {
        var files: [File] = []
        var namedDirectory = false
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if argument != "-", FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                namedDirectory = true
                let found = try Self.scripts(under: argument)
                guard !found.isEmpty else {
                    Terminal.error("\(argument): no .\(Self.fileExtension) scripts in this directory")
                    throw ExitCode(2)
                }
                for path in found { files.append(File(name: path, bytes: try InputFile(path).bytes)) }
            } else {
                let input = try InputFile(argument)
                files.append(File(name: input.displayName, bytes: input.bytes))
            }
        }
        self.files = files
        self.namedDirectory = namedDirectory
    }

    /// The `*.apx` files under `directory`, recursively, sorted by path; hidden entries are skipped.
    private static func scripts(under directory: String) throws -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        // A folder that cannot be read fails the run: CI must never run fewer scripts quietly.
        let unreadable = Mutex<String?>(nil)
        guard
            let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: base), includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles],
                errorHandler: { url, error in
                    unreadable.withLock { $0 = $0 ?? "\(url.path): cannot list: \(error.localizedDescription)" }
                    return false
                })
        else {
            Terminal.error("\(directory): cannot list this directory")
            throw ExitCode(2)
        }
        let root = URL(fileURLWithPath: base).standardizedFileURL.path
        var paths: [String] = []
        for case let url as URL in enumerator where url.pathExtension == fileExtension {
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : full
            paths.append(base + "/" + relative)
        }
        if let problem = unreadable.withLock({ $0 }) {
            Terminal.error(problem)
            throw ExitCode(2)
        }
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
