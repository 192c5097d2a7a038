import Foundation

/// The timing of one measured body: one duration per sample, each the time of a single iteration.
struct Timing: Sendable {
    /// Per-iteration durations, one per sample, in the order measured.
    let samples: [Duration]
    /// How many times the body ran in each sample.
    let iterationsPerSample: Int

    /// The fastest sample.
    var best: Duration { samples.min() ?? .zero }

    /// The median sample (the upper one of the middle two for an even count).
    var median: Duration {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    /// Throughput of the best sample in MB/s (MB = 10^6 bytes).
    func megabytesPerSecond(_ bytes: Int) -> Double { Self.throughput(bytes, best) }

    /// Throughput of the median sample in MB/s.
    func medianMegabytesPerSecond(_ bytes: Int) -> Double { Self.throughput(bytes, median) }

    private static func throughput(_ bytes: Int, _ duration: Duration) -> Double {
        let seconds = duration.seconds
        return seconds > 0 ? Double(bytes) / 1e6 / seconds : .infinity
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// Runs benchmark bodies with `ContinuousClock`: one warm-up, then best and median of 3 to 5 samples.
///
/// Every body returns an `Int` derived from its result (a node count, a sum of indexes); the measurer
/// adds them all into ``checksum``, which the report prints, so the optimizer cannot drop the work.
struct Measurer {
    private let clock = ContinuousClock()
    /// The sum of everything the measured bodies returned.
    private(set) var checksum = 0

    /// A warm-up slower than this gets 3 samples instead of 5, to keep the whole run short.
    private let slowWarmUp: Duration = .milliseconds(500)

    /// Measures `body` running `iterations` times per sample.
    ///
    /// - Parameters:
    ///   - iterations: Runs of `body` per sample; the reported durations are per run.
    ///   - body: The work; returns a value derived from its result.
    mutating func measure(iterations: Int = 1, _ body: () throws -> Int) rethrows -> Timing {
        let warmUp = try sample(iterations: iterations, body)
        let count = warmUp >= slowWarmUp ? 3 : 5
        var samples: [Duration] = []
        for _ in 0..<count {
            samples.append(try sample(iterations: iterations, body) / iterations)
        }
        return Timing(samples: samples, iterationsPerSample: iterations)
    }

    /// Measures `body` with as many iterations per sample as fit in about `sampleTime`.
    ///
    /// The warm-up run (a single iteration) calibrates the iteration count; at least one iteration runs.
    mutating func measure(sampleTime: Duration, _ body: () throws -> Int) rethrows -> Timing {
        let single = try sample(iterations: 1, body)
        let fitting = single > .zero ? Int(sampleTime / single) : 1_000
        return try measure(iterations: max(1, fitting), body)
    }

    /// Times `iterations` runs of `body` and keeps their results in ``checksum``.
    private mutating func sample(iterations: Int, _ body: () throws -> Int) rethrows -> Duration {
        var sum = 0
        let start = clock.now
        for _ in 0..<iterations {
            sum &+= try body()
        }
        let elapsed = clock.now - start
        checksum &+= sum
        return elapsed
    }

    /// Adds a value computed outside a measured body (for example by an external process) to ``checksum``.
    mutating func consume(_ value: Int) {
        checksum &+= value
    }
}

/// Resident-memory figures of this process from `/proc/self/status` (Linux only).
struct MemoryStatus: Sendable {
    /// Peak resident set size (VmHWM), in bytes.
    let peak: Int
    /// Current resident set size (VmRSS), in bytes.
    let current: Int

    /// Reads `/proc/self/status`; `nil` when it is unavailable (not Linux) or lacks the fields.
    static func read() -> MemoryStatus? {
        let status: String
        do {
            status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        } catch {
            return nil  // Not Linux, or /proc is not mounted: memory figures are simply not reported.
        }
        var peak: Int?
        var current: Int?
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmHWM:") { peak = kilobytes(line) }
            if line.hasPrefix("VmRSS:") { current = kilobytes(line) }
        }
        guard let peak, let current else { return nil }
        return MemoryStatus(peak: peak * 1024, current: current * 1024)
    }

    /// Resets VmHWM to the current RSS by writing `5` to `/proc/self/clear_refs` (Linux 4.0+).
    ///
    /// - Returns: Whether the kernel accepted the reset.
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        let written = fputs("5", file) >= 0
        return fclose(file) == 0 && written
    }

    /// The number in a line such as `VmHWM:     218184 kB`.
    private static func kilobytes(_ line: Substring) -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }
}
