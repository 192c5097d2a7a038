import Foundation

extension BenchRun {
    /// (g): `jq length FILE` and Python's orjson on the GitHub users, written to a temporary file.
    ///
    /// Each tool is timed as a whole process (start-up included), 1 warm-up and best of 3 to 5 runs.
    /// These are references only: no ratio, no target. A missing tool is reported as skipped.
    mutating func runExternalReferences() throws(BenchFailure) {
        report.section("(g) external references on the GitHub users file (whole-process wall time, no targets)")
        let input = usersInput()
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("apiexplore-bench-\(ProcessInfo.processInfo.processIdentifier)-github-users.json")
        do {
            try Data(input.bytes).write(to: file)
        } catch {
            report.line("external               SKIPPED: cannot write \(file.path): \(error)")
            return
        }
        report.line("input  \(pad(input.name, 14)) \(Format.megabytes(input.bytes.count)) written to \(file.path)")
        defer {
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                report.line("warning: could not remove \(file.path): \(error)")
            }
        }

        runJQ(on: file.path, input: input)
        runOrjson(on: file.path, input: input)
    }

    private mutating func runJQ(on path: String, input: GeneratedInput) {
        let label = pad("jq length", 21)
        guard let jq = ExternalTool.find("jq") else {
            report.line("external \(label) SKIPPED: jq is not on PATH")
            return
        }
        let startup = timeTool(jq, ["-n", "0"])
        let run = timeTool(jq, ["length", path])
        report.line(referenceLine(label, input: input, run, startup: startup, startupName: "jq -n 0"))
    }

    private mutating func runOrjson(on path: String, input: GeneratedInput) {
        let label = pad("python3 orjson.loads", 21)
        guard let python = ExternalTool.find("python3") else {
            report.line("external \(label) SKIPPED: python3 is not on PATH")
            return
        }
        let startup = timeTool(python, ["-c", "import orjson"])
        if case .failure(let error) = startup {
            report.line("external \(label) SKIPPED: python3 -c 'import orjson' failed: \(error)")
            return
        }
        let script = "import orjson,sys; orjson.loads(open(sys.argv[1],'rb').read())"
        let run = timeTool(python, ["-c", script, path])
        report.line(referenceLine(label, input: input, run, startup: startup, startupName: "import orjson alone"))
    }

    /// Times a tool with the measurer; its exit status and output length go into the checksum.
    private mutating func timeTool(
        _ executable: String, _ arguments: [String]
    ) -> Result<(timing: Timing, output: String), ExternalToolError> {
        var output = ""
        do {
            let timing = try measurer.measure { () throws(ExternalToolError) -> Int in
                output = try ExternalTool.run(executable, arguments)
                return output.utf8.count
            }
            return .success((timing, output))
        } catch let error as ExternalToolError {
            return .failure(error)
        } catch {
            return .failure(ExternalToolError(description: "\(error)"))
        }
    }

    /// `external jq length   50.0 MB   1.234 s (median 1.250 s) = 40.5 MB/s   output 41234 ...`.
    private func referenceLine(
        _ label: String, input: GeneratedInput, _ run: Result<(timing: Timing, output: String), ExternalToolError>,
        startup: Result<(timing: Timing, output: String), ExternalToolError>, startupName: String
    ) -> String {
        switch run {
        case .failure(let error):
            return "external \(label) FAILED: \(error)"
        case .success(let (timing, output)):
            var line =
                "external \(label) \(pad(Format.megabytes(input.bytes.count), 8)) "
                + "\(Format.duration(timing.best)) (median \(Format.duration(timing.median))) = "
                + "\(Format.number(timing.megabytesPerSecond(input.bytes.count))) MB/s"
            let printed = output.trimmingCharacters(in: .whitespacesAndNewlines)
            if !printed.isEmpty {
                line +=
                    "   printed \(printed)"
                    + (printed == String(input.count) ? " (matches)" : " (expected \(input.count))")
            }
            if case .success(let (base, _)) = startup {
                line += "   [\(startupName): \(Format.duration(base.best))]"
            }
            return line
        }
    }
}

/// Why an external tool run failed: it could not start, or it exited with a non-zero status.
struct ExternalToolError: Error, CustomStringConvertible {
    let description: String
}

/// Finding and running command-line tools with `Process`.
enum ExternalTool {
    /// The full path of an executable named `name` in `PATH`, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` to completion and returns its standard output.
    ///
    /// Standard output is read to its end before waiting for the exit; standard error is read
    /// afterwards, so a tool must not write more than a pipe buffer (64 KiB) of errors.
    ///
    /// - Throws: ``ExternalToolError`` when the process cannot start or exits with a non-zero status.
    static func run(_ executable: String, _ arguments: [String]) throws(ExternalToolError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ExternalToolError(description: "cannot start \(executable): \(error)")
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).split(separator: "\n").first ?? ""
            throw ExternalToolError(
                description: "\(URL(fileURLWithPath: executable).lastPathComponent) exited with status "
                    + "\(process.terminationStatus): \(message)")
        }
        return String(decoding: outputData, as: UTF8.self)
    }
}
