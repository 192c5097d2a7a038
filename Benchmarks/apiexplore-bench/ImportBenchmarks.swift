import APIClient
import APIImport
import Foundation

extension BenchRun {
    /// (n): `profiles import openapi` in process (read every file, resolve `$ref`s, build the
    /// draft, write the YAML and read it back as a profile) against Python loading the same files,
    /// timed inside Python so neither side pays a process start-up.
    mutating func runImport() throws(BenchFailure) {
        report.section("(n) import OpenAPI descriptions against Python loading the same files")
        let fixtures = "Tests/APIImportTests/Fixtures"
        let digitalOcean = "\(fixtures)/openapi/digitalocean"
        let github = "\(fixtures)/github/api.github.com.v0.0.4-2020-07-30.json"
        guard FileManager.default.fileExists(atPath: digitalOcean), FileManager.default.fileExists(atPath: github)
        else {
            report.line("import SKIPPED: run from the repository root (\(fixtures) not found)")
            report.skip("import", reason: "fixtures not found")
            return
        }
        let pythonYAML = """
            import glob, sys, time, yaml
            files = sorted(glob.glob(sys.argv[1] + '/**/*.y*ml', recursive=True))
            best = 1e9
            for _ in range(3):
                start = time.perf_counter()
                for name in files:
                    with open(name, 'rb') as f: yaml.safe_load(f)
                best = min(best, time.perf_counter() - start)
            print(best, len(files))
            """
        let pythonJSON = """
            import json, sys, time
            best = 1e9
            for _ in range(5):
                start = time.perf_counter()
                with open(sys.argv[1], 'rb') as f: json.load(f)
                best = min(best, time.perf_counter() - start)
            print(best, 1)
            """
        try compareImport(
            "digitalocean", entry: "\(digitalOcean)/DigitalOcean-public.v2.yaml", operations: 408,
            baselineName: "yaml.safe_load", script: pythonYAML, argument: digitalOcean, target: 1.0,
            rule: "< 1x the YAML baseline")
        try compareImport(
            "github-json", entry: github, operations: 623, baselineName: "json.load", script: pythonJSON,
            argument: github, target: 3.0, rule: "<= 3x the JSON baseline")
    }

    private mutating func compareImport(
        _ name: String, entry: String, operations: Int, baselineName: String, script: String, argument: String,
        target: Double, rule: String
    ) throws(BenchFailure) {
        var failure: String?
        let timing = measurer.measure {
            do {
                let result = try OpenAPIImporter(options: .init(name: "bench")).importDescription(
                    at: URL(fileURLWithPath: entry))
                let (text, profile) = try result.draft.validatedYAML(file: "profiles/bench.yaml")
                if profile.endpoints.count != operations {
                    failure = "\(name): \(profile.endpoints.count) endpoints, expected \(operations)"
                }
                return text.utf8.count + profile.endpoints.count
            } catch {
                failure = "\(name): \(error)"
                return 0
            }
        }
        if let failure { throw BenchFailure(description: failure) }
        // Where the time goes: reading the description, writing the YAML, reading it back as a profile.
        var stages: [Duration] = [.zero, .zero, .zero]
        do {
            let clock = ContinuousClock()
            for _ in 0..<3 {
                let start = clock.now
                let result = try OpenAPIImporter(options: .init(name: "bench")).importDescription(
                    at: URL(fileURLWithPath: entry))
                let read = clock.now
                let text = result.draft.yaml()
                let written = clock.now
                _ = try Profile(yaml: text, file: "profiles/bench.yaml")
                let checked = clock.now
                let times = [read - start, written - read, checked - written]
                for index in stages.indices where stages[index] == .zero || times[index] < stages[index] {
                    stages[index] = times[index]
                }
            }
        } catch {
            throw BenchFailure(description: "\(name): \(error)")
        }
        let baseline: Double
        do {
            guard let python = ExternalTool.find("python3") else {
                report.line("import \(pad(name, 13)) \(Format.duration(timing.best))  baseline SKIPPED: no python3")
                report.skip("import \(name) \(rule)", reason: "python3 not on PATH")
                return
            }
            let output = try ExternalTool.run(python, ["-c", script, argument])
            guard let seconds = output.split(separator: " ").first.flatMap({ Double($0) }) else {
                throw ExternalToolError(description: "python printed '\(output)'")
            }
            baseline = seconds
        } catch {
            report.line("import \(pad(name, 13)) \(Format.duration(timing.best))  baseline SKIPPED: \(error)")
            report.skip("import \(name) \(rule)", reason: "baseline failed (PyYAML installed?)")
            return
        }
        let ours = Double(timing.best.components.seconds) + Double(timing.best.components.attoseconds) / 1e18
        let ratio = ours / baseline
        let verdict = report.check(
            "import \(name) \(rule)", measured: String(format: "%.2fx", ratio), passed: ratio <= target, rule: rule)
        let underASecond = report.check(
            "import \(name) under 1 s", measured: Format.duration(timing.best), passed: ours < 1, rule: "< 1 s")
        report.line(
            "import \(pad(name, 13)) stages (best of 3): read the description \(Format.duration(stages[0])), "
                + "write the YAML \(Format.duration(stages[1])), read it back as a profile \(Format.duration(stages[2]))"
        )
        report.line(
            "import \(pad(name, 13)) ours \(Format.duration(timing.best)) (median \(Format.duration(timing.median))), "
                + "python \(baselineName) \(String(format: "%.1f ms", baseline * 1000)), ours/python "
                + String(format: "%.2fx", ratio) + "  \(verdict) \(underASecond)")
    }
}
