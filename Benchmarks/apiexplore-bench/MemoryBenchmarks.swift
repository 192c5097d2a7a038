import APIClient
import APIDemoBackend
import APIHTTP
import Foundation

/// The memory target: the terminal UI's peak resident memory holding one JSON body (tree plus bytes) is
/// at most this many times the body, for the largest body measured.
let memoryRatioTarget = 3.0

/// A profile whose one endpoint answers the demo backend's array of fixed-width records of `size`
/// bytes at most, shown whole as the model.
private func largeBodyProfile(baseURL: String, size: Int) -> String {
    """
    name: big
    base_url: "\(baseURL)"
    timeouts: {connect: 2s, total: 300s}
    envelope: {status: null, success: http, tip: [], model: ""}
    endpoints:
      large:
        path: /hazards/large
        query: {size: "${size}"}
        params:
          size: {default: "\(size)"}

    """
}

extension BenchRun {
    /// (p) The built binary's terminal UI, in tmux, holding a 50 MB and a 200 MB JSON body (the demo
    /// backend's `/hazards/large`: `{"id":"…","name":"用户…","city":"杭州","active":true}` records, nine
    /// values in 77 bytes, the densest tree the backend serves), against `jq .` on the same bytes.
    ///
    /// The UI runs with history on, as users get it, in a ``BinarySandbox`` environment; the peak is the
    /// process's VmHWM once the tree is on screen. `jq .` runs to completion and its `ru_maxrss` is read.
    @MainActor
    mutating func runMemory() async throws(BenchFailure) {
        report.section("(p) memory: the terminal UI holding one large JSON body, against jq . (the apiexplore binary)")
        guard let binary = builtBinary(group: "memory", check: "memory TUI peak") else { return }
        guard let tmux = ExternalTool.find("tmux") else {
            report.line("memory SKIPPED: tmux is not on PATH")
            report.skip("memory TUI peak", reason: "no tmux")
            return
        }
        let backend = try await BinarySandbox.startDemoBackend()
        let result: Result<Void, BenchFailure>
        do {
            let sandbox = try BinarySandbox(binary: binary, name: "memory")
            defer { sandbox.remove() }
            let sizes = options.quick ? [5_000_000, 20_000_000] : [50_000_000, 200_000_000]
            for size in sizes {
                try sandbox.write(largeBodyProfile(baseURL: backend.baseURL, size: size), to: "profiles/big.yaml")
                let body = try await Self.fetchBody(size: size, baseURL: backend.baseURL, into: sandbox)
                try measureMemory(
                    sandbox, tmux: tmux, size: size, body: body, checked: !options.quick && size == sizes.last)
            }
            result = .success(())
        } catch {
            result = .failure(error)
        }
        await backend.stop()
        try result.get()
    }

    /// Writes the body the UI will get to a file for `jq`, and returns the file's path and byte count.
    private static func fetchBody(
        size: Int, baseURL: String, into sandbox: BinarySandbox
    ) async throws(BenchFailure) -> (path: String, bytes: Int) {
        let transport = HTTPTransport()
        let path = sandbox.root.appending(path: "body-\(size).json").path
        let count: Int
        do {
            let record = try await transport.send(
                HTTPRequestSpec(url: "\(baseURL)/hazards/large?size=\(size)", maximumBodySize: 2 * size))
            count = record.body.count
            try Data(record.body).write(to: URL(fileURLWithPath: path))
        } catch {
            await Self.shutDown(transport)
            throw BenchFailure(description: "memory: cannot fetch the \(size)-byte body: \(error)")
        }
        await Self.shutDown(transport)
        return (path, count)
    }

    private static func shutDown(_ transport: HTTPTransport) async {
        do {
            try await transport.shutdown()
        } catch {
            print("apiexplore-bench: the transport did not shut down cleanly: \(error)")
        }
    }

    /// One size: the UI's peak with the body open, then `jq .` on the same file.
    private mutating func measureMemory(
        _ sandbox: BinarySandbox, tmux: String, size: Int, body: (path: String, bytes: Int), checked: Bool
    ) throws(BenchFailure) {
        let environment = sandbox.environment(history: "memory-\(size).sqlite")
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }
        let command =
            "exec env -i TERM=xterm-256color \(assignments.joined(separator: " ")) \(Self.quoted(sandbox.binary)) "
            + "--profile big --profiles-dir \(Self.quoted(sandbox.profiles.path))"
        let pane = try TmuxPane(
            tmux: tmux, name: "apiexplore-bench-memory-\(size)", command: command, width: 200, height: 50)
        defer { pane.close() }
        try pane.waitFor("UI", timeout: .seconds(30)) { $0.contains("apiexplore · big") }
        let idle = try pane.peakResidentBytes()
        try pane.type("e")
        try pane.waitFor("endpoint picker", timeout: .seconds(30)) { $0.contains("Endpoints (") }
        try pane.type("large")
        try pane.press("Enter")
        try pane.waitFor("parameter form", timeout: .seconds(30)) { $0.contains("Parameters · large") }
        try pane.press("Enter")
        try pane.waitFor("tree of the body", timeout: .seconds(600)) { $0.contains("HTTP 200") && $0.contains("$: [") }
        let peak = try pane.peakResidentBytes()
        let jq = try Self.runJQ(body.path, in: sandbox)

        let ratio = Double(peak) / Double(body.bytes)
        let jqRatio = jq.map { Double($0.peakResidentBytes) / Double(body.bytes) }
        var verdict = "(not a target)"
        if checked {
            verdict = report.check(
                "memory TUI peak <= \(Format.number(memoryRatioTarget, 0))x body", measured: Format.ratio(ratio),
                passed: ratio <= memoryRatioTarget, rule: "<= \(Format.number(memoryRatioTarget, 0))x")
        }
        let jqText =
            jq.map {
                "jq . \(Format.megabytes($0.peakResidentBytes)) = \(Format.ratio(Double($0.peakResidentBytes) / Double(body.bytes))) in \(Format.duration($0.elapsed))"
            }
            ?? "jq . SKIPPED (not on PATH)"
        report.line(
            "memory \(Format.megabytes(body.bytes)) body: TUI peak \(Format.megabytes(peak)) = \(Format.ratio(ratio)) "
                + "(idle before the request \(Format.megabytes(idle))); \(jqText)"
                + (jqRatio.map { "; TUI / jq \(Format.ratio(ratio / $0))" } ?? "") + "   " + verdict)
    }

    /// `jq . FILE > /dev/null`: its run, or `nil` when jq is not installed.
    private static func runJQ(_ path: String, in sandbox: BinarySandbox) throws(BenchFailure) -> ChildRun? {
        guard let jq = ExternalTool.find("jq") else { return nil }
        do {
            return try ChildProcess.run(
                jq, [".", path], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
                output: "/dev/null", errors: sandbox.root.appending(path: "jq-stderr.txt").path)
        } catch {
            throw BenchFailure(description: error.description)
        }
    }

    /// A word for `sh -c`: single-quoted, any single quote inside closed and escaped.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
