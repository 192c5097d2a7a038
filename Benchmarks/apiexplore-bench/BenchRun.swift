import Foundation

/// One benchmark run: the options, the measurer, the report and the inputs generated so far.
///
/// The groups live in extensions, one file per capability: parsing (`JSONParseBenchmarks.swift`),
/// writing (`WriteBenchmarks.swift`), lookups (`LookupBenchmarks.swift`), external tools
/// (`ExternalReferences.swift`), Codable decoding (`DecodeBenchmarks.swift`), XML (`XMLBenchmarks.swift`) and
/// HTTP requests against the demo backend (`HTTPBenchmarks.swift`), the history store (`HistoryBenchmarks.swift`),
/// paging with the built binary (`PageBenchmarks.swift`, through `BinarySandbox.swift`), and the built
/// binary's terminal UI holding a large body (`MemoryBenchmarks.swift`, through `TmuxPane.swift`).
struct BenchRun {
    let options: BenchOptions
    var measurer = Measurer()
    var report = Report()
    private var cachedUsers: GeneratedInput?

    init(options: BenchOptions) {
        self.options = options
    }

    var sizes: BenchSizes { options.sizes }

    /// Runs the selected groups in a fixed order: memory-sensitive ones first, the asynchronous HTTP group last.
    @MainActor
    mutating func run() async throws(BenchFailure) {
        let groups = options.groups
        let sizes = sizes  // a copy: the input autoclosures below must not capture `self`
        if groups.contains(.users) { try runUsers() }
        if groups.contains(.write) { try runWriters() }
        if groups.contains(.decode) { try runDecode() }
        if groups.contains(.external) { try runExternalReferences() }
        if groups.contains(.openapi) { try runOpenAPI() }
        if groups.contains(.strings) {
            try runGenerated("string-heavy", Inputs.stringHeavy(targetBytes: sizes.strings))
        }
        if groups.contains(.numbers) {
            try runGenerated("number-heavy", Inputs.numberHeavy(targetBytes: sizes.numbers))
        }
        if groups.contains(.lookup) { try runLookups() }
        if groups.contains(.regex) { try runRegex() }
        if groups.contains(.import) { try runImport() }
        if groups.contains(.importprocess) { try runImportProcesses() }
        if groups.contains(.xml) { try runXML() }
        if groups.contains(.tui) { try runTUI() }
        if groups.contains(.search) { try runSearch() }
        if groups.contains(.secrets) { try runSecrets() }
        if groups.contains(.rawview) { try runRawView() }
        if groups.contains(.http) { try await runHTTP() }
        if groups.contains(.history) { try await runHistory() }
        if groups.contains(.historydb) { try await runHistoryDatabases() }
        if groups.contains(.pages) { try await runPages() }
        if groups.contains(.memory) { try await runMemory() }
        if groups.contains(.load) { try await runLoad() }
        if groups.contains(.datarun) { try await runDataRun() }
        if !groups.isDisjoint(with: [.download, .xmlprobe, .sse]) { try checkChildPeaksAreTheirOwn() }
        if groups.contains(.download) { try await runDownload() }
        if groups.contains(.xmlprobe) { try runXMLProbe() }
        if groups.contains(.sse) { try await runSSE() }
        if groups.contains(.historylist) { try await runHistoryList() }
    }

    /// The generated GitHub users, made on first use and kept for the groups that share it.
    mutating func usersInput() -> GeneratedInput {
        if let cachedUsers { return cachedUsers }
        let input = generate { GitHubUsers.generate(targetBytes: sizes.users) }
        cachedUsers = input
        return input
    }

    /// Runs a generator and prints the input's size, element count and generation time.
    func generate(_ generator: () -> GeneratedInput) -> GeneratedInput {
        let clock = ContinuousClock()
        let start = clock.now
        let input = generator()
        let elapsed = clock.now - start
        report.line(
            "input  \(pad(input.name, 14)) \(Format.megabytes(input.bytes.count)), "
                + "\(Format.count(input.count)) top-level elements, generated in \(Format.duration(elapsed))")
        return input
    }
}
