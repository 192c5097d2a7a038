import APITesting
import Dispatch
import Foundation
import Synchronization

/// What one target's run found and how fast it went.
struct FuzzReport {
    var target: String
    var executions = 0
    var accepted = 0
    var seconds = 0.0
    var slowest: Duration = .zero
    var hangs: [String] = []
    var largestInput = 0
    var residentGrowth = 0

    var executionsPerSecond: Double { seconds > 0 ? Double(executions) / seconds : 0 }
}

/// Runs one target: every seed once, then mutations of the corpus until the time or the run count
/// is spent. Inputs the parser accepts join the corpus (up to ``maximumCorpus``), which steers the
/// mutations towards valid structure without coverage feedback.
struct FuzzRunner {
    /// An input slower than this is a hang, and fails the run.
    static let hangLimit: Duration = .seconds(1)
    /// An input still running after this is stuck: the process exits at once, its input saved.
    static let stuckLimit: Duration = .seconds(10)
    /// The most inputs kept in a target's corpus.
    static let maximumCorpus = 2_000
    /// How much the peak resident size may grow during a target's run.
    static let maximumResidentGrowth = 256 << 20

    let options: FuzzOptions

    func run(_ target: FuzzTarget) async throws -> FuzzReport {
        var report = FuzzReport(target: target.name)
        let crashes = URL(fileURLWithPath: options.crashesDirectory)
        try FileManager.default.createDirectory(at: crashes, withIntermediateDirectories: true)
        let current = CurrentInput(path: crashes.appendingPathComponent("current-\(target.name)").path)
        defer { current.finish() }
        var corpus = target.seeds()
        if let extra = options.corpusDirectory {
            corpus += Seeds.files(extra, suffixes: [""])
        }
        if corpus.isEmpty { corpus = [[]] }
        let seedCount = corpus.count
        var mutator = Mutator(
            generator: SplitMix64(seed: options.seed ^ Self.hash(target.name)), dictionary: target.dictionary)
        let watchdog = Watchdog(limit: Self.stuckLimit, inputPath: current.path, target: target.name)
        defer { watchdog.stop() }
        let baseline = Self.peakResident()
        let clock = ContinuousClock()
        let started = clock.now
        var index = 0
        while true {
            if let runs = options.runs, report.executions >= runs { break }
            if options.runs == nil, clock.now - started >= .seconds(options.seconds) { break }
            let input: [UInt8]
            if index < seedCount {
                input = corpus[index]
            } else {
                let base = corpus[Int(mutator.generator.next() % UInt64(corpus.count))]
                input = mutator.mutate(base, corpus: corpus)
            }
            index += 1
            current.write(input)
            watchdog.begin()
            let before = clock.now
            let accepted = await target.run(input)
            let elapsed = clock.now - before
            watchdog.end()
            report.executions += 1
            report.largestInput = max(report.largestInput, input.count)
            report.slowest = max(report.slowest, elapsed)
            if elapsed > Self.hangLimit {
                let file = crashes.appendingPathComponent("hang-\(target.name)-\(report.executions).bin")
                try Data(input).write(to: file)
                report.hangs.append("\(file.path) (\(elapsed))")
            }
            if accepted {
                report.accepted += 1
                if index > seedCount, corpus.count < Self.maximumCorpus { corpus.append(input) }
            }
        }
        report.seconds =
            Double((clock.now - started).components.seconds)
            + Double((clock.now - started).components.attoseconds) / 1e18
        report.residentGrowth = Self.peakResident() - baseline
        return report
    }

    /// FNV-1a of a name: each target gets its own stream from the same seed.
    static func hash(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// The process's peak resident size in bytes.
    static func peakResident() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            return usage.ru_maxrss * 1024  // kilobytes on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return usage.ru_maxrss  // bytes on macOS
        #endif
    }
}

/// The input being run, kept in a file so that a crash leaves it behind; removed when the run ends.
final class CurrentInput {
    let path: String
    private let descriptor: Int32

    init(path: String) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }

    func write(_ bytes: [UInt8]) {
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(descriptor, off_t(bytes.count))
    }

    func finish() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        unlink(path)
    }
}

/// Ends the process when one input runs past the stuck limit: the input is already in its file.
final class Watchdog {
    /// When the running input started, in uptime nanoseconds; 0 between inputs.
    private final class StartTime: Sendable {
        let nanoseconds = Atomic<Int64>(0)
    }

    private let started = StartTime()
    private let timer: any DispatchSourceTimer

    init(limit: Duration, inputPath: String, target: String) {
        let started = started
        let limitNanoseconds = limit.components.seconds * 1_000_000_000
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler {
            let start = started.nanoseconds.load(ordering: .relaxed)
            guard start > 0, Int64(DispatchTime.now().uptimeNanoseconds) - start > limitNanoseconds else { return }
            FileHandle.standardError.write(
                Data("apiexplore-fuzz: \(target): an input ran over \(limit); it is in \(inputPath)\n".utf8))
            exit(3)
        }
        timer.resume()
    }

    func begin() { started.nanoseconds.store(Int64(DispatchTime.now().uptimeNanoseconds), ordering: .relaxed) }
    func end() { started.nanoseconds.store(0, ordering: .relaxed) }
    func stop() { timer.cancel() }
}
