import APIClient
import APIMapping
import APITerminalUI
import Foundation

/// The terminal UI targets: first frame of a parsed body at most this long…
let tuiFirstFrameTarget: Duration = .milliseconds(50)
/// …each navigation frame (one key plus a full redraw) at most this long…
let tuiNavigationFrameTarget: Duration = .milliseconds(5)
/// …and peak memory while browsing at most this many times the body size.
let tuiMemoryTarget = 4.0

extension BenchRun {
    /// (k) the model pane of the generated users on the in-memory screen: first frame, navigation frames, memory.
    ///
    /// The baseline is the same frame over a 1 KB body, in the same run: the ratio shows how much the
    /// body's size costs a frame (1x would be none at all).
    mutating func runTUI() throws(BenchFailure) {
        report.section("(l) terminal UI: model pane of a large body on the in-memory screen (200x60)")
        let input = usersInput()
        let peakWasReset = MemoryStatus.resetPeak()
        let before = MemoryStatus.read()
        let document: JSONDocument
        let profile: Profile
        do {
            document = try JSONDocument(parsing: input.bytes)
        } catch {
            throw BenchFailure(description: "tui: parsing the input failed: \(error)")
        }
        guard let first = document.root[0] else {
            throw BenchFailure(description: "tui: the generated users are empty")
        }
        // The baseline body: the first user alone, about 1 KB.
        let small = JSONDocument(.array([first.value]))
        do {
            profile = try Profile(
                yaml: "name: bench\nbase_url: http://bench.test\nendpoints:\n  users:\n    path: /users\n",
                file: "bench.yaml")
        } catch {
            throw BenchFailure(description: "tui: the bench profile is invalid: \(error)")
        }
        let smallFrame = measurer.measure(iterations: 200) { Self.firstFrame(small, profile: profile) }
        let firstFrame = measurer.measure(iterations: 5) { Self.firstFrame(document, profile: profile) }
        let keys = Key.parse(
            String(repeating: "j", count: 100) + String(repeating: "<pgdn>", count: 50) + "G3g"
                + String(repeating: "l", count: 20) + "0" + String(repeating: "<pgup>", count: 10) + "1G")
        var state = Self.shown(document, profile: profile)
        var screen = GridScreen(columns: 200, rows: 60)
        let navigation = measurer.measure(iterations: 1) {
            var sum = 0
            for key in keys {
                state.handle(.key(key))
                state.render(into: &screen)
                sum &+= screen.cells.count
            }
            return sum
        }
        let perFrame = navigation.best / keys.count
        let after = MemoryStatus.read()

        let firstVerdict = report.check(
            "tui first frame \(input.name) <= 50 ms", measured: Format.duration(firstFrame.best),
            passed: firstFrame.best <= tuiFirstFrameTarget, rule: "<= 50 ms")
        report.line(
            "tui first frame  \(Format.megabytes(input.bytes.count)) body: \(Format.duration(firstFrame.best)) "
                + "(\(Format.duration(firstFrame.median))), 1 KB body: \(Format.duration(smallFrame.best)), "
                + "ratio \(Format.ratio(firstFrame.best / smallFrame.best)) of the small frame   " + firstVerdict)
        let frameVerdict = report.check(
            "tui navigation frame <= 5 ms", measured: Format.duration(perFrame),
            passed: perFrame <= tuiNavigationFrameTarget, rule: "<= 5 ms")
        report.line(
            "tui navigation   \(keys.count) keys (j, PgDn, G, g, l, depth 3/0/1), each key + full redraw: "
                + "\(Format.duration(perFrame)) per frame   " + frameVerdict)
        guard peakWasReset, let before, let after else {
            report.skip("tui peak memory <= 4x body", reason: "/proc/self/clear_refs or /proc/self/status unavailable")
            return
        }
        // The body was resident before the peak was reset; everything parsing and browsing added comes on top.
        let used = input.bytes.count + max(after.peak - before.current, 0)
        let ratio = Double(used) / Double(input.bytes.count)
        let memoryVerdict = report.check(
            "tui peak memory <= 4x body", measured: Format.ratio(ratio), passed: ratio <= tuiMemoryTarget,
            rule: "<= 4x")
        report.line(
            "tui memory       body \(Format.megabytes(input.bytes.count)) + peak growth "
                + "\(Format.megabytes(max(after.peak - before.current, 0))) while parsing and browsing = "
                + "\(Format.ratio(ratio)) body   " + memoryVerdict)
        withExtendedLifetime(document) {}
    }

    private static func shown(_ document: JSONDocument, profile: Profile) -> AppState {
        var state = AppState(profile: profile, columns: 200, rows: 60)
        state.handle(
            .show(
                ExchangeDisplay(
                    endpoint: "users", method: "GET", url: "http://bench.test/users", httpStatus: 200, reason: "OK",
                    outcome: .success, business: .notApplicable, businessStatus: nil, tip: nil, modelPath: "",
                    model: document.root, notes: [], duration: nil, size: document.bytes.count,
                    contentType: "application/json", textPreview: nil)))
        return state
    }

    private static func firstFrame(_ document: JSONDocument, profile: Profile) -> Int {
        let state = shown(document, profile: profile)
        var screen = GridScreen(columns: 200, rows: 60)
        state.render(into: &screen)
        return screen.cells.count
    }
}
