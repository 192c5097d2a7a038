import APIMapping
import Foundation

/// The parse targets of the issue: ours must be at least this many times faster than JSONSerialization.
let parseRatioTarget = 5.0
/// The tree-memory target: input bytes plus node records, at most this many times the input size.
let treeMemoryTarget = 2.0
/// The size of one node record of `JSONDocument`'s tape (kind, offset, length or count, next sibling).
let tapeRecordBytes = 12

extension BenchRun {
    /// (a) and (d): the generated GitHub users, parsed by both parsers, with memory figures.
    ///
    /// Order matters for (d): ours parses once and the RSS is read while its document is alive;
    /// that document is released before JSONSerialization parses, and the RSS is read again.
    mutating func runUsers() throws(BenchFailure) {
        report.section("(a) parse generated GitHub users   (d) memory")
        let input = usersInput()
        let bytes = input.bytes
        let peakWasReset = MemoryStatus.resetPeak()
        let before = MemoryStatus.read()

        let (nodeCount, compactBytes, afterOurs) = try measureOurTree(input)
        let (ours, _) = try timeOurs(bytes, input: input.name)

        let data = Data(bytes)
        let afterFoundation: MemoryStatus?
        do {
            let object = try parseFoundation(data, input: input.name)
            afterFoundation = withExtendedLifetime(object) { MemoryStatus.read() }
            try crossCheck(
                input.name, expected: input.count, found: Self.topLevelCount(object), by: "JSONSerialization")
        }
        let (foundation, _) = try timeFoundation(data, input: input.name)

        let ratio = foundation.best / ours.best
        let verdict = report.check(
            "parse \(input.name) ratio >= 5x", measured: Format.ratio(ratio), passed: ratio >= parseRatioTarget,
            rule: ">= 5x")
        report.line(
            parseLine(input.name, size: Format.megabytes(bytes.count), bytes.count, ours, foundation, verdict: verdict))

        // (d) the tree's own footprint: the input it keeps plus one 12-byte record per node.
        let treeBytes = bytes.count + nodeCount * tapeRecordBytes
        let treeRatio = Double(treeBytes) / Double(bytes.count)
        let treeVerdict = report.check(
            "tree memory \(input.name) <= 2x input", measured: Format.ratio(treeRatio),
            passed: treeRatio <= treeMemoryTarget, rule: "<= 2x")
        report.line(
            "memory \(input.name) tree   input \(Format.megabytes(bytes.count)) + \(Format.count(nodeCount)) nodes "
                + "x \(tapeRecordBytes) B (\(Format.megabytes(nodeCount * tapeRecordBytes))) = \(Format.megabytes(treeBytes)) = "
                + "\(Format.ratio(treeRatio)) input   " + treeVerdict)
        let compactRatio = Double(compactBytes + nodeCount * tapeRecordBytes) / Double(compactBytes)
        report.line(
            "memory \(input.name) tree   (same data written compact: \(Format.megabytes(compactBytes)) "
                + "+ nodes = \(Format.ratio(compactRatio)) input; not a target, the input above is pretty-printed)")
        reportMemory(
            input.name, before: before, afterOurs: afterOurs, afterFoundation: afterFoundation,
            peakWasReset: peakWasReset)
    }

    /// Parses the users once with ours, reads the RSS while the document is alive, and sizes the tree.
    ///
    /// - Returns: The node count, the size of the same data written compact, and the memory figures.
    private mutating func measureOurTree(
        _ input: GeneratedInput
    ) throws(BenchFailure) -> (nodes: Int, compactBytes: Int, memory: MemoryStatus?) {
        let document = try parseOurs(input.bytes, input: input.name)
        let memory = withExtendedLifetime(document) { MemoryStatus.read() }
        try crossCheck(input.name, expected: input.count, found: document.root.count, by: "APIMapping")
        var compactBytes = 0
        document.root.writeJSON(style: .compact) { compactBytes += $0.count }
        measurer.consume(compactBytes)
        return (document.nodeCount, compactBytes, memory)
    }

    /// Prints the RSS readings of the users group.
    private func reportMemory(
        _ name: String, before: MemoryStatus?, afterOurs: MemoryStatus?, afterFoundation: MemoryStatus?,
        peakWasReset: Bool
    ) {
        guard let before, let afterOurs, let afterFoundation else {
            report.line("memory \(name) RSS    skipped: /proc/self/status is not available")
            return
        }
        let peakNote =
            peakWasReset
            ? "VmHWM reset after input generation" : "VmHWM could not be reset: it includes input generation"
        report.line(
            "memory \(name) RSS    before parsing (input held)          VmHWM \(Format.megabytes(before.peak))   "
                + "VmRSS \(Format.megabytes(before.current))   (\(peakNote))")
        report.line(
            "memory \(name) RSS    after ours (document alive)          VmHWM \(Format.megabytes(afterOurs.peak))   "
                + "VmRSS \(Format.megabytes(afterOurs.current))   "
                + "(+\(Format.megabytes(afterOurs.current - before.current)) resident over before)")
        report.line(
            "memory \(name) RSS    after JSONSerialization (object alive) VmHWM "
                + "\(Format.megabytes(afterFoundation.peak))   VmRSS \(Format.megabytes(afterFoundation.current))   "
                + "(+\(Format.megabytes(afterFoundation.current - before.current)) over before, "
                + "incl. the input's Data copy; our document was released)")
    }

    /// (b): the GitHub OpenAPI description, parsed repeatedly by both parsers.
    mutating func runOpenAPI() throws(BenchFailure) {
        report.section("(b) parse the GitHub OpenAPI description repeatedly")
        let name = "github-openapi"
        let rule = "parse \(name) ratio >= 5x"
        let path = options.openAPIPath ?? BenchOptions.defaultOpenAPIPath
        let shownPath = URL(fileURLWithPath: path).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else {
            report.line(
                "parse  \(name)   SKIPPED: \(shownPath) not found; pass the path of "
                    + "\(BenchOptions.openAPIFileName) as the argument")
            report.skip(rule, reason: "file not found")
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            report.line("parse  \(name)   SKIPPED: cannot read \(shownPath): \(error)")
            report.skip(rule, reason: "file not readable")
            return
        }
        let bytes = [UInt8](data)
        report.line("input  \(pad(name, 14)) \(Format.megabytes(bytes.count)), \(shownPath)")

        let sampleTime = sizes.repeatedParseTime / 5
        let (ours, ourCount) = try timeOurs(bytes, input: name, sampleTime: sampleTime)
        let (foundation, foundationCount) = try timeFoundation(data, input: name, sampleTime: sampleTime)
        try crossCheck(name, expected: ourCount, found: foundationCount, by: "JSONSerialization")
        let ratio = foundation.best / ours.best
        let verdict = report.check(
            rule, measured: Format.ratio(ratio), passed: ratio >= parseRatioTarget, rule: ">= 5x")
        let size = "\(Format.megabytes(bytes.count)) x\(ours.iterationsPerSample)/x\(foundation.iterationsPerSample)"
        report.line(parseLine(name, size: size, bytes.count, ours, foundation, verdict: verdict))
    }

    /// (c): a generated document (strings or numbers), parsed by both parsers; no target.
    mutating func runGenerated(
        _ title: String, _ makeInput: @autoclosure () -> GeneratedInput
    ) throws(BenchFailure) {
        report.section("(c) parse a generated \(title) document")
        let input = generate(makeInput)
        let data = Data(input.bytes)
        let (ours, ourCount) = try timeOurs(input.bytes, input: input.name)
        try crossCheck(input.name, expected: input.count, found: ourCount, by: "APIMapping")
        let (foundation, foundationCount) = try timeFoundation(data, input: input.name)
        try crossCheck(input.name, expected: input.count, found: foundationCount, by: "JSONSerialization")
        report.line(
            parseLine(input.name, size: Format.megabytes(input.bytes.count), input.bytes.count, ours, foundation))
    }

    // MARK: - Helpers shared with the other groups

    /// Parses with our engine outside any timing; a rejection stops the run with exit status 1.
    func parseOurs(_ bytes: [UInt8], input name: String) throws(BenchFailure) -> JSONDocument {
        do {
            return try JSONDocument(parsing: bytes)
        } catch {
            throw BenchFailure(description: "input \(name) rejected by APIMapping:\n\(error)")
        }
    }

    /// Parses with JSONSerialization outside any timing; a rejection stops the run with exit status 1.
    func parseFoundation(_ data: Data, input name: String) throws(BenchFailure) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw BenchFailure(description: "input \(name) rejected by JSONSerialization: \(error)")
        }
    }

    /// Fails when a parser's top-level count differs from the expected one.
    func crossCheck(_ name: String, expected: Int, found: Int, by parser: String) throws(BenchFailure) {
        guard expected == found else {
            throw BenchFailure(
                description: "input \(name): \(parser) found \(found) top-level values, expected \(expected)")
        }
    }

    /// The number of elements or members of a JSONSerialization result; 1 for a scalar.
    static func topLevelCount(_ object: Any) -> Int {
        if let array = object as? [Any] { return array.count }
        if let dictionary = object as? [String: Any] { return dictionary.count }
        return 1
    }

    /// Times `JSONDocument(parsing:)`; each run's node count goes into the checksum.
    ///
    /// - Parameter sampleTime: Repeat the parse for about this long per sample; `nil` for one parse per sample.
    /// - Returns: The timing, and the top-level element or member count of the last parse, for cross-checks.
    mutating func timeOurs(
        _ bytes: [UInt8], input name: String, sampleTime: Duration? = nil
    ) throws(BenchFailure) -> (timing: Timing, count: Int) {
        var count = 0
        let body = { () throws(JSONParseError) -> Int in
            let document = try JSONDocument(parsing: bytes)
            count = document.root.count
            return document.nodeCount
        }
        do {
            if let sampleTime { return (try measurer.measure(sampleTime: sampleTime, body), count) }
            return (try measurer.measure(body), count)
        } catch {
            throw BenchFailure(description: "input \(name) rejected by APIMapping:\n\(error)")
        }
    }

    /// Times `JSONSerialization.jsonObject(with:)`; each run's top-level count goes into the checksum.
    ///
    /// - Returns: The timing, and the top-level element or member count of the last parse, for cross-checks.
    mutating func timeFoundation(
        _ data: Data, input name: String, sampleTime: Duration? = nil
    ) throws(BenchFailure) -> (timing: Timing, count: Int) {
        var count = 0
        let body = { () throws -> Int in
            count = Self.topLevelCount(try JSONSerialization.jsonObject(with: data))
            return count
        }
        do {
            if let sampleTime { return (try measurer.measure(sampleTime: sampleTime, body), count) }
            return (try measurer.measure(body), count)
        } catch {
            throw BenchFailure(description: "input \(name) rejected by JSONSerialization: \(error)")
        }
    }

    /// `parse  NAME  SIZE   ours X MB/s (median Y)   JSONSerialization X MB/s (median Y)   ratio Rx   VERDICT`.
    func parseLine(
        _ name: String, size: String, _ bytes: Int, _ ours: Timing, _ foundation: Timing, verdict: String = ""
    ) -> String {
        let ratio = foundation.best / ours.best
        return "parse  \(pad(name, 14)) \(pad(size, 16)) "
            + "ours \(Format.throughput(ours.megabytesPerSecond(bytes))) "
            + "(median \(Format.number(ours.medianMegabytesPerSecond(bytes))))   "
            + "JSONSerialization \(Format.throughput(foundation.megabytesPerSecond(bytes))) "
            + "(median \(Format.number(foundation.medianMegabytesPerSecond(bytes))))   "
            + "ratio \(Format.ratio(ratio))" + (verdict.isEmpty ? "" : "   " + verdict)
    }
}
