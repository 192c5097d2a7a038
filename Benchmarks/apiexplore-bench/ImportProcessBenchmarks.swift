import Foundation

extension BenchRun {
    /// (s) Whole processes, same run: the built binary's `profiles import openapi FILE -o OUT` (read,
    /// infer, write, prove the profile loads) against `python3` only loading the same description:
    /// `json.load` for JSON, PyYAML's `safe_load` for YAML, and every file of DigitalOcean's split
    /// description. Each side's best of five runs, start-up included.
    mutating func runImportProcesses() throws(BenchFailure) {
        report.section("(s) profiles import openapi, whole processes, against python3 loading the same files")
        let check = "importprocess within its ratio of python3"
        guard let binary = builtBinary(group: "importprocess", check: check) else { return }
        guard let python = ExternalTool.find("python3") else {
            report.line("importprocess SKIPPED: no python3")
            report.skip(check, reason: "python3 not on PATH")
            return
        }
        let fixtures = "Tests/APIImportTests/Fixtures"
        guard FileManager.default.fileExists(atPath: fixtures) else {
            report.line("importprocess SKIPPED: run from the repository root (\(fixtures) not found)")
            report.skip(check, reason: "fixtures not found")
            return
        }
        let sandbox = try BinarySandbox(binary: binary, name: "importprocess")
        defer { sandbox.remove() }
        let json = "import json, sys\nwith open(sys.argv[1], 'rb') as f: json.load(f)"
        let yaml = "import sys, yaml\nwith open(sys.argv[1], 'rb') as f: yaml.safe_load(f)"
        let allYAML = """
            import glob, sys, yaml
            for name in sorted(glob.glob(sys.argv[1] + '/**/*.y*ml', recursive=True)):
                with open(name, 'rb') as f: yaml.safe_load(f)
            """
        let cases: [(String, String, String, String, String, Double)] = [
            ("twilio-studio", "openapi/real/twilio_studio_v2.json", json, "", "json.load", 2),
            ("twilio-serverless", "openapi/real/twilio_serverless_v1.json", json, "", "json.load", 2),
            ("ghes-diff", "openapi/github-ghes-3.6-diff.json", json, "", "json.load", 2),
            ("github-2020", "github/api.github.com.v0.0.4-2020-07-30.json", json, "", "json.load", 2),
            ("github-2021", "github/api.github.com.v1.1.4-2021-12.yaml", yaml, "", "yaml.safe_load", 2),
            ("petstore", "openapi/oai/v3.0/petstore-expanded.yaml", yaml, "", "yaml.safe_load", 2),
            (
                "digitalocean", "openapi/digitalocean/DigitalOcean-public.v2.yaml", allYAML, "openapi/digitalocean",
                "yaml.safe_load of 2,034 files", 0.5
            ),
        ]
        for (name, file, script, folder, baselineName, target) in cases {
            let description = "\(fixtures)/\(file)"
            let output = sandbox.root.appending(path: "runs/\(name).yaml").path
            let errors = sandbox.root.appending(path: "runs/\(name).err").path
            let environment = sandbox.environment(history: nil)
            let ours = try best(of: 5) { () throws(BenchFailure) -> Duration in
                do {
                    return try ChildProcess.run(
                        binary, ["profiles", "import", "openapi", description, "-o", output, "--force"],
                        environment: environment, output: "/dev/null", errors: errors
                    ).elapsed
                } catch {
                    throw BenchFailure(description: "import \(name): \(error)")
                }
            }
            let argument = folder.isEmpty ? description : "\(fixtures)/\(folder)"
            let theirs: Duration
            do {
                theirs = try best(of: 5) { () throws(BenchFailure) -> Duration in
                    do {
                        return try ChildProcess.run(
                            python, ["-c", script, argument], environment: environment, output: "/dev/null",
                            errors: errors
                        ).elapsed
                    } catch {
                        throw BenchFailure(description: "python3 \(baselineName) of \(name): \(error)")
                    }
                }
            } catch {
                report.line("importprocess \(pad(name, 17)) baseline SKIPPED: \(error) (PyYAML installed?)")
                report.skip("importprocess \(name)", reason: "baseline failed")
                continue
            }
            let ratio = seconds(ours) / seconds(theirs)
            let rule = "<= \(target)x python3 \(baselineName)"
            let verdict = report.check(
                "importprocess \(name) \(rule)", measured: String(format: "%.2fx", ratio), passed: ratio <= target,
                rule: rule)
            report.line(
                "importprocess \(pad(name, 17)) ours \(Format.duration(ours)), python3 \(baselineName) "
                    + "\(Format.duration(theirs)), ours/python " + String(format: "%.2fx", ratio) + "  \(verdict)")
        }
    }

    private func best(of runs: Int, _ body: () throws(BenchFailure) -> Duration) throws(BenchFailure) -> Duration {
        var fastest: Duration?
        for _ in 0..<runs {
            let time = try body()
            if let current = fastest, current <= time { continue }
            fastest = time
        }
        return fastest ?? .zero
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
