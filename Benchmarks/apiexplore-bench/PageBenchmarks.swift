import APIClient
import APIDemoBackend
import Foundation

/// The paging targets: `request … --all` over every page takes at most this many times one script
/// of the same pages as single calls…
let pagesTimeTarget = 1.2
/// …and its peak memory over 1,000 pages is at most this many times its peak over 10: flat.
let pagesMemoryTarget = 1.1

/// The sizes of the paging group: the list walked, its page size, and how many timed runs of each side.
private struct PageSizes {
    /// Items in the list the timed walk pages through.
    let count: Int
    /// Items in the list of the small walk the memory is compared with.
    let smallCount = 100
    /// Items per page.
    let perPage = 10
    /// Timed runs of each side, in alternating order, after one warm-up run of each.
    let rounds = 3

    var pages: Int { count / perPage }
}

extension BenchRun {
    /// (o) `apiexplore request pages numbered --all` against `apiexplore run` of a script that calls
    /// the same pages one by one, and the walk's peak memory over 10 and over 1,000 pages.
    ///
    /// Both sides run the built binary as a user would, in a ``BinarySandbox``, against one demo
    /// backend in this process (the shipped `pages` profile, its base URL pointed at it), so the
    /// children's time and memory are the client's alone.
    @MainActor
    mutating func runPages() async throws(BenchFailure) {
        report.section("(o) paging: request --all against one script of single calls (the apiexplore binary)")
        guard let binary = builtBinary(group: "pages", check: "pages --all time") else { return }
        let backend = try await BinarySandbox.startDemoBackend()
        let result: Result<Void, BenchFailure>
        do {
            let sandbox = try BinarySandbox(binary: binary, name: "pages")
            defer { sandbox.remove() }
            try measurePages(sandbox, baseURL: backend.baseURL)
            result = .success(())
        } catch {
            result = .failure(error)
        }
        await backend.stop()
        try result.get()
    }

    /// The measurements of the paging group, between starting and stopping the backend.
    private mutating func measurePages(_ sandbox: BinarySandbox, baseURL: String) throws(BenchFailure) {
        let sizes = PageSizes(count: options.quick ? 1_000 : 10_000)
        guard let shipped = BuiltinProfiles.all.first(where: { $0.name == "pages" }) else {
            throw BenchFailure(description: "pages: the shipped profile 'pages' is missing")
        }
        try sandbox.write(
            shipped.text.replacingOccurrences(of: "${demo:base_url}", with: baseURL), to: "profiles/pages.yaml")
        let calls = (1...sizes.pages).map { "call numbered page=\($0) per_page=\(sizes.perPage) count=\(sizes.count)" }
        let script = try sandbox.write((["use pages"] + calls).joined(separator: "\n") + "\n", to: "pages.apx")
        let walk = Self.walkArguments(count: sizes.count, perPage: sizes.perPage)
        report.line(
            "input  pages          numbered, \(Format.count(sizes.count)) items, \(sizes.perPage) per page = "
                + "\(Format.count(sizes.pages)) pages; backend in process at \(baseURL); \(sandbox.binary)")
        report.line(
            "       --all: \(walk.joined(separator: " ")) > items.jsonl;  script: run pages.apx "
                + "(use pages + \(Format.count(sizes.pages)) calls) > report.jsonl;  \(sizes.rounds) rounds + warm-up")

        var walkPeaks: [Bool: [Int]] = [:]
        for history in [true, false] {
            let label = history ? "history on " : "history off"
            var times: (walk: [Duration], script: [Duration]) = ([], [])
            for round in -1..<sizes.rounds {
                // Round -1 warms the file cache; the order alternates so neither side always goes first.
                let walkFirst = round < 0 || round % 2 == 0
                for side in walkFirst ? [true, false] : [false, true] {
                    let name = "\(side ? "walk" : "script")-\(history ? "on" : "off")-\(round + 1)"
                    let output = side ? "items.jsonl" : "report.jsonl"
                    let run = try sandbox.run(
                        side ? walk : ["run", script], history: history ? name + ".sqlite" : nil, output: output)
                    let lines = try sandbox.lineCount(output)
                    let expected = side ? sizes.count : sizes.pages + 1
                    guard lines == expected else {
                        throw BenchFailure(description: "pages: \(name) wrote \(lines) lines, expected \(expected)")
                    }
                    measurer.consume(lines)
                    guard round >= 0 else { continue }
                    if side {
                        times.walk.append(run.elapsed)
                        walkPeaks[history, default: []].append(run.peakResidentBytes)
                    } else {
                        times.script.append(run.elapsed)
                    }
                }
            }
            reportPageTimes(label, times: times, pages: sizes.pages, checked: history)
        }
        try measurePageMemory(sandbox, sizes: sizes, largePeaks: walkPeaks)
    }

    /// `request pages numbered count=N per_page=M --all`.
    private static func walkArguments(count: Int, perPage: Int) -> [String] {
        ["request", "pages", "numbered", "count=\(count)", "per_page=\(perPage)", "--all"]
    }

    /// Prints the medians of both sides and their ratio; `checked` records the time target.
    private mutating func reportPageTimes(
        _ label: String, times: (walk: [Duration], script: [Duration]), pages: Int, checked: Bool
    ) {
        let (walk, script) = (Self.median(times.walk), Self.median(times.script))
        let ratio = walk / script
        var verdict = "(not a target)"
        if checked {
            verdict = report.check(
                "pages --all time <= \(pagesTimeTarget)x one script", measured: Format.ratio(ratio),
                passed: ratio <= pagesTimeTarget, rule: "<= \(pagesTimeTarget)x")
        }
        func runs(_ samples: [Duration]) -> String { samples.map(Format.duration).joined(separator: ", ") }
        report.line(
            "pages  \(label)  --all \(Format.duration(walk)) (\(runs(times.walk))), "
                + "script \(Format.duration(script)) (\(runs(times.script))); "
                + "\(Format.number(walk.seconds * 1e3 / Double(pages), 2)) / "
                + "\(Format.number(script.seconds * 1e3 / Double(pages), 2)) ms per page; "
                + "ratio \(Format.ratio(ratio))   " + verdict)
    }

    /// Peak resident memory of walks over 10 pages against the timed walks over 1,000, with history
    /// and without; the target is the one with history, which users get by default.
    private mutating func measurePageMemory(
        _ sandbox: BinarySandbox, sizes: PageSizes, largePeaks: [Bool: [Int]]
    ) throws(BenchFailure) {
        let smallPages = sizes.smallCount / sizes.perPage
        for history in [true, false] {
            var smallPeaks: [Int] = []
            for round in 0..<sizes.rounds {
                let run = try sandbox.run(
                    Self.walkArguments(count: sizes.smallCount, perPage: sizes.perPage),
                    history: history ? "small-\(round).sqlite" : nil, output: "small.jsonl")
                smallPeaks.append(run.peakResidentBytes)
            }
            let large = largePeaks[history, default: []]
            guard !large.isEmpty else { continue }
            let ratio = Double(Self.median(large)) / Double(Self.median(smallPeaks))
            var verdict = "(not a target)"
            if history {
                verdict = report.check(
                    "pages --all peak RSS \(Format.count(sizes.pages)) / \(smallPages) pages <= \(pagesMemoryTarget)x",
                    measured: Format.ratio(ratio), passed: ratio <= pagesMemoryTarget, rule: "<= \(pagesMemoryTarget)x")
            }
            func peaks(_ values: [Int]) -> String { values.map(Format.megabytes).joined(separator: ", ") }
            report.line(
                "pages  peak RSS, \(history ? "history on " : "history off")  \(smallPages) pages "
                    + "\(Format.megabytes(Self.median(smallPeaks))) (\(peaks(smallPeaks))), "
                    + "\(Format.count(sizes.pages)) pages \(Format.megabytes(Self.median(large))) (\(peaks(large))); "
                    + "ratio \(Format.ratio(ratio))   " + verdict)
        }
    }

    /// The median (the upper one of the middle two for an even count); `values` is not empty.
    private static func median<Value: Comparable>(_ values: [Value]) -> Value {
        values.sorted()[values.count / 2]
    }
}
