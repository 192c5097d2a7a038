import APIClient
import APIMapping
import APIScript
import APITerminalUI
import ArgumentParser
import Foundation

/// `apiexplore run SCRIPT|-`: a script of the command language, headless.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scripts of apiexplore commands headless and print one JSON object per command.",
        discussion: """
            One command per line; lines starting with # are comments:
              use PROFILE                      set NAME = VALUE
              call ENDPOINT [name=value ...]   get|post|put|patch|delete PATH [JSON body]
              probe PATH                       capture NAME = PATH        (then ${NAME})
              expect success | business-failure | http-failure | http 200 | tip "…" | tip ~ /regex/
                   | probe PATH == VALUE | count PATH == N | time < 500ms
              zip { call a; call b }           history [N]                replay ID
              if CONDITION { … } else { … }    repeat until CONDITION every 2s for 1m { … }
              skip "reason"                    only
            PATH is a profile path (data>items>0>id) or an RFC 9535 JSONPath ($.items[?@.id > 3]).
            ${NAME} is a variable (set, capture, --var, a data column); ${env:NAME:-default} reads the
            environment, and what it reads is masked as a secret.

            Several scripts, or a directory (its *.apx files, recursively, in path order), run as a
            suite: --jobs N runs N at once, output stays grouped per script in order, and a summary
            per script and a total follow. --data FILE.csv|.jsonl runs every script once per row.

            A profile's defaults.expect apply to every call unless an expect line about the outcome \
            (success, business-failure, http-failure, http N) follows the call. The run stops at the \
            first failure unless --keep-going.

            A .http or .rest file (JetBrains HTTP Client, VS Code REST Client) runs its requests in \
            order, with http-client.env.json beside it for --env; --profile NAME lends them that \
            profile's envelope and error catalogue, so business outcomes are reported.

            Exit codes (the most serious over all scripts): 0 all passed; 1 an expectation failed; \
            2 usage, script or profile error; 3 transport failure; 4 business failure where success was expected.
            """)

    @Argument(
        help: ArgumentHelp(
            "Script files (.apx), .http/.rest files of requests, directories searched for scripts, or '-' for standard input.",
            valueName: "script"))
    var scripts: [String]

    @Option(help: "The profile in use before the first 'use' line.")
    var profile: String?

    @Flag(help: "Print a readable transcript instead of JSON lines.")
    var pretty = false

    @Flag(name: .customLong("keep-going"), help: "Go on after a failed expectation or transport failure.")
    var keepGoing = false

    @Option(
        help: ArgumentHelp(
            "After each command, print the terminal UI's screen as text (COLUMNSxROWS, e.g. 120x40).",
            valueName: "size"))
    var screen: String?

    @Flag(
        name: .customLong("show-secrets"),
        help: "Print secrets in clear on standard output and error and in reports; history and logs stay masked.")
    var showSecrets = false

    @OptionGroup(title: "Many scripts, variables and data") var suiteOptions: SuiteOptions

    @OptionGroup var sessionOptions: SessionOptions

    func validate() throws {
        if let screen {
            guard let size = HeadlessScreenRenderer.parseSize(screen) else {
                throw ValidationError("--screen must be COLUMNSxROWS, such as 120x40.")
            }
            try FlagRanges.validate(size.columns, in: InputRanges.screenSide, flag: "--screen columns")
            try FlagRanges.validate(size.rows, in: InputRanges.screenSide, flag: "--screen rows")
        }
        if scripts.isEmpty { throw ValidationError("Name at least one script, directory, or '-'.") }
        if scripts.count(where: { $0 == "-" }) > 1 { throw ValidationError("Standard input ('-') can be read once.") }
        try suiteOptions.validate()
        if screen != nil && (scripts.count > 1 || suiteOptions.usesSuite) {
            throw ValidationError("--screen shows one script's screens; run one script without suite options.")
        }
    }

    func run() async throws {
        if showSecrets { Terminal.revealSecrets() }
        let sources = try ScriptSources(arguments: scripts)
        let requestFiles = sources.files.contains { RequestFileScript.isRequestFile($0.name) }
        if sources.files.count == 1 && !sources.namedDirectory && !suiteOptions.usesSuite && !requestFiles {
            let file = sources.files[0]
            let status = try await Self.runScript(
                file.bytes, name: file.name, profile: profile, pretty: pretty, keepGoing: keepGoing,
                screen: screen.flatMap(HeadlessScreenRenderer.parseSize), variables: try suiteOptions.variables(),
                sessionOptions: sessionOptions)
            if status != .passed { throw ExitCode(status.rawValue) }
            return
        }
        let status = try await SuiteRun(
            sources: sources, options: suiteOptions, profile: profile, pretty: pretty, keepGoing: keepGoing,
            sessionOptions: sessionOptions
        ).run()
        if status != .passed { throw ExitCode(status.rawValue) }
    }

    /// Parses and runs a script, printing its reports; shared with `--profile NAME --headless`.
    static func runScript(
        _ bytes: [UInt8], name: String, profile: String?, pretty: Bool, keepGoing: Bool,
        screen: (columns: Int, rows: Int)? = nil, variables: [String: String] = [:], sessionOptions: SessionOptions
    ) async throws -> ScriptExitStatus {
        let script: Script
        do {
            script = try Script(parsing: bytes, name: name)
        } catch {
            Terminal.errorLine(error.description)
            return .usageError
        }
        let host = try await SessionHost(options: sessionOptions, loading: profile)
        var state = ScriptState(variables: variables)
        if let loaded = host.profile {
            do {
                state.profile = try loaded.get()
            } catch {
                Terminal.error(error.description)
                await host.close()
                return .usageError
            }
        }
        let transcript = Transcript(pretty: pretty)
        let screens = screen.map { ScreenTranscript(session: host.session, columns: $0.columns, rows: $0.rows) }
        // The profile in use after each command, for the screen's header and endpoints.
        var current = state.profile
        var (commands, failed) = (0, 0)
        let progress = ProgressLine.make()
        let runner = ScriptRunner(session: host.session, keepGoing: keepGoing, progress: progress.map { $0.update })
        let status = await runner.run(script, state: state) { report in
            progress?.finish()
            commands += 1
            if !report.passed { failed += 1 }
            if let profile = report.profile { current = profile }
            if let screens {
                await screens.print(report, profile: current)
            } else {
                transcript.print(report)
            }
            if let error = report.scriptError { Terminal.errorLine(error.description) }
        }
        transcript.summary(status, commands: commands, failed: failed)
        await host.close()
        return status
    }
}
