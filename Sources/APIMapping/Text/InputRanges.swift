/// The documented range of every number and size a user gives, in a profile or on the command line.
///
/// One table, mirrored in README's "Ranges" reference: the profile reader and the command-line
/// options check their values against these before anything is computed with them, and name the
/// range in the error, so no input reaches an arithmetic trap (a duration overflowing NIO's
/// nanoseconds, a screen too large to allocate).
///
/// ```swift
/// InputRanges.timeoutMilliseconds.contains(DurationText.milliseconds("3000000000000h")!)  // false
/// ```
package enum InputRanges {
    /// A profile's `timeouts.connect`, `timeouts.read` and `timeouts.total`: 1 ms to 24 h.
    package static let timeoutMilliseconds: ClosedRange<Int64> = 1...86_400_000
    /// A profile's `max_body_size`: 1 byte to 1 GiB (the body is held in memory).
    package static let maxBodySize: ClosedRange<Int> = 1...(1 << 30)
    /// The most YAML nodes a profile may have with its aliases expanded (a defence against billion laughs).
    package static let profileNodes = 100_000
    /// `--history-keep`: 1 to 1,000,000,000 exchanges.
    package static let historyKeep: ClosedRange<Int> = 1...1_000_000_000
    /// `--history-max-size`: 1 byte (keep nothing once the command ends) to 1 TiB of stored exchanges.
    package static let historyMaxSize: ClosedRange<Int> = 1...(1 << 40)
    /// `history list --limit` and `history search --limit`: 1 to 1,000,000 rows.
    package static let historyRows: ClosedRange<Int> = 1...1_000_000
    /// `history export --limit`: at least 1 exchange (the default exports all).
    package static let historyExport: ClosedRange<Int> = 1...Int.max
    /// `run --screen COLUMNSxROWS`: each of columns and rows 1 to 1000.
    package static let screenSide: ClosedRange<Int> = 1...1000
    /// A script's `repeat … every DURATION`: 1 ms to 1 h between attempts.
    package static let repeatInterval: ClosedRange<Int64> = 1...3_600_000
    /// A script's `repeat … for DURATION`: 1 ms to 24 h in all.
    package static let repeatLimit: ClosedRange<Int64> = 1...86_400_000
    /// `run --jobs`: 1 to 64 script files at once.
    package static let jobs: ClosedRange<Int> = 1...64
    /// `run --repeat`: 1 to 1,000,000 runs of the scripts (the runs are listed up front).
    package static let repeatRuns: ClosedRange<Int> = 1...1_000_000
    /// `load --requests`: 1 to 1,000,000,000 requests.
    package static let loadRequests: ClosedRange<Int> = 1...1_000_000_000
    /// `load --rate`: 0.001 to 1,000,000 requests per second.
    package static let loadRate: ClosedRange<Double> = 0.001...1_000_000
    /// `run --concurrency` and `load --concurrency`: 1 to 1,024 at once.
    package static let concurrency: ClosedRange<Int> = 1...1024
    /// A profile's `retry.attempts`, the first included.
    package static let retryAttempts: ClosedRange<Int> = 1...10
    /// A profile's `retry.backoff` and `retry.max_delay`, in milliseconds.
    package static let retryDelayMilliseconds: ClosedRange<Int64> = 0...600_000
    /// A profile's `paginate.max_pages` and `request --pages`: 1 to 1,000,000 pages a walk.
    package static let pages: ClosedRange<Int> = 1...1_000_000
    /// A profile's `paginate.start`: the first page number, 0 to 1,000,000.
    package static let pageStart: ClosedRange<Int> = 0...1_000_000
    /// A page number a walk starts from or reaches: 0 to 1,000,000,000.
    package static let pageNumber: ClosedRange<Int> = 0...1_000_000_000
    /// An offset a walk starts from or reaches: 0 to 2^50 items.
    package static let pageOffset: ClosedRange<Int> = 0...(1 << 50)
    /// A page size a walk is asked for: 1 to 1,000,000 items.
    package static let pageSize: ClosedRange<Int> = 1...1_000_000
    /// The largest multipart form an upload sends: 1 TiB.
    package static let uploadBytes = 1 << 40
    /// The longest cursor a walk follows: 4 KiB (a longer one is a server misbehaving).
    package static let cursorBytes = 4096
    /// A built request's URL: at most 64 KiB (servers refuse far less; curl sends any length).
    package static let urlBytes = 65_536
    /// One built request header, name and value: at most 64 KiB.
    package static let headerBytes = 65_536
    /// A built request's headers: at most 256.
    package static let headerCount = 256
    /// `--max-events`: 1 to 1,000,000,000 events of a stream.
    package static let maxEvents: ClosedRange<Int> = 1...1_000_000_000
    /// `--max-filesize`: 1 B to 1 TiB saved.
    package static let maxFileSize: ClosedRange<Int> = 1...(1 << 40)

    /// A size range in words: `1 B to 1 GiB`.
    package static func describe(bytes range: ClosedRange<Int>) -> String {
        "\(SizeLimitSyntax.text(range.lowerBound)) to \(SizeLimitSyntax.text(range.upperBound))"
    }

    /// A duration range in words: `1ms to 24h`.
    package static func describe(milliseconds range: ClosedRange<Int64>) -> String {
        "\(DurationText.text(milliseconds: range.lowerBound)) to \(DurationText.text(milliseconds: range.upperBound))"
    }
}
