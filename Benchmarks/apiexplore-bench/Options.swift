import Foundation

/// A group of measurements that `--only` can select.
enum BenchGroup: String, CaseIterable, Sendable {
    /// (a) parse the generated GitHub users, and (d) their memory footprint.
    case users
    /// (b) parse the GitHub OpenAPI description repeatedly.
    case openapi
    /// (c) parse the string-heavy document.
    case strings
    /// (c) parse the number-heavy document.
    case numbers
    /// (e) profile-path lookups against hand-written `[String: Any]` lookups.
    case lookup
    /// (f) compact and pretty writing of the GitHub users.
    case write
    /// (g) jq and Python orjson on the GitHub users file.
    case external
    /// (h) bytes to Codable structs: ours against JSONDecoder.
    case decode
    /// (i) XML to a JSON tree against XMLParser alone.
    case xml
    /// (j) requests per second against the demo backend.
    case http
    /// (k) the history store: insert overhead, growth, search over 1,000,000 exchanges. Opt-in
    /// (`--only history`): filling the store takes minutes.
    case history
    /// (s) the history backends side by side: insert and search latency (p50/p99) at 100,000 and
    /// 1,000,000 stored exchanges, SQLite and PostgreSQL (`APIEXPLORE_BENCH_POSTGRES_URL`). Opt-in
    /// (`--only historydb`): filling takes minutes.
    case historydb

    /// (l) the terminal UI's model pane over the generated users: first frame, navigation frames, memory.
    case tui

    /// (m) JSONPath match()/search() filters: our I-Regexp automaton against Swift Regex by hand.
    case regex

    /// (n) `profiles import openapi` of DigitalOcean's and GitHub's descriptions against Python loading them.
    case `import`

    /// (o) `request … --all` of the built `apiexplore` binary against a script of single calls, and its
    /// peak memory. Opt-in (`--only pages`): it runs the `apiexplore` built beside the benchmark, which
    /// `swift run apiexplore-bench` does not build, so a default run would time a stale binary.
    case pages

    /// (p) `/` text search for a rare string over the generated users' tree and raw bytes against `grep -c`.
    case search
    /// (q) the raw view's first frame of a 50 MB body against `less -S` in a pseudo-terminal. Opt-in
    /// (`--only rawview`): it spawns `/usr/bin/less` and writes the body to a temporary file.
    case rawview
    /// (r) peak memory of the built `apiexplore` terminal UI (in tmux) holding a 50 MB and a 200 MB JSON
    /// body, against `jq .` on the same bytes. Opt-in (`--only memory`), like `pages`.
    case memory

    /// (t) `apiexplore load` against wrk on the same `serve-demo` endpoint at 1, 8 and 64 connections:
    /// requests per second and client CPU per request. Opt-in (`--only load`): it runs the built binary
    /// and needs wrk (`apt-get install wrk`).
    case load
    /// (u) a data run of 20,000 CSV rows against one script of the same 20,000 calls (time), and its
    /// peak memory against a 100-row run. Opt-in (`--only datarun`): it runs the built binary.
    case datarun
    /// (s) whole processes: the built `apiexplore`'s `profiles import openapi` of each description
    /// against `python3` loading the same file (`json.load`, or PyYAML for YAML). Opt-in (`--only
    /// importprocess`), like `pages`: it runs the `apiexplore` built beside the benchmark.
    case importprocess
    /// (v) the secret gate: 1 and 200 secrets masked over the generated users, against `grep -F -f`.
    case secrets

    /// (w) `request -o` of a 200 MB body against `curl -o`: time and peak memory. Opt-in (`--only download`),
    /// like `pages`: it runs the built binary.
    case download
    /// (x) `apiexplore probe` of 20 MB and 80 MB RSS feeds against `xmllint --xpath`. Opt-in, like `pages`.
    case xmlprobe
    /// (y) 100,000 server-sent events through `request` against `curl -N | wc -l`. Opt-in, like `pages`.
    case sse

    /// (z) `history list --json` of the built `apiexplore` over 20,000 exchanges against `sqlite3 -json`.
    /// Opt-in (`--only historylist`), like `pages`.
    case historylist

    /// The groups a run without `--only` measures.
    static let byDefault = Set(allCases).subtracting([
        .history, .historydb, .pages, .rawview, .memory, .load, .datarun, .importprocess, .download, .xmlprobe, .sse,
        .historylist,
    ])
}

/// Input sizes and repetition counts; `--quick` shrinks them for a smoke run.
struct BenchSizes: Sendable {
    /// Bytes of the generated GitHub users document.
    let users: Int
    /// Bytes of the string-heavy document.
    let strings: Int
    /// Bytes of the number-heavy document.
    let numbers: Int
    /// Lookups per sample in the lookup benchmark.
    let lookups: Int
    /// Total time the OpenAPI description is parsed for, per parser.
    let repeatedParseTime: Duration
    /// Requests per sample in the HTTP benchmark.
    let httpRequests: Int

    static let full = BenchSizes(
        users: 50_000_000, strings: 20_000_000, numbers: 20_000_000, lookups: 1_000_000,
        repeatedParseTime: .seconds(1), httpRequests: 2_000)
    static let quick = BenchSizes(
        users: 5_000_000, strings: 5_000_000, numbers: 5_000_000, lookups: 100_000,
        repeatedParseTime: .milliseconds(250), httpRequests: 300)
}

/// The command line: `apiexplore-bench [--quick] [--only GROUP[,GROUP...]] [OPENAPI_JSON]`.
struct BenchOptions: Sendable {
    /// Whether `--quick` was given.
    var quick = false
    /// The groups to run; all of them unless `--only` narrows it.
    var groups = BenchGroup.byDefault
    /// The OpenAPI description given on the command line, if any.
    var openAPIPath: String?

    /// The file name of the GitHub OpenAPI description in JSON.
    static let openAPIFileName = "api.github.com.v0.0.4-2020-07-30.json"

    /// Where the OpenAPI description is looked for when no path is given: relative to the current directory.
    static let defaultOpenAPIPath = "../shared/fixtures/github/full-description/" + openAPIFileName

    var sizes: BenchSizes { quick ? .quick : .full }

    static let usage = """
        usage: apiexplore-bench [--quick] [--only GROUP[,GROUP...]] [OPENAPI_JSON]

          --quick        smaller inputs (about 5 MB) and shorter repetitions, for a smoke run
          --only GROUP   run only these groups: \(BenchGroup.allCases.map(\.rawValue).joined(separator: ", "))
                         (history and historydb run only when named: they fill stores with 1,000,000
                         exchanges; historydb measures PostgreSQL when APIEXPLORE_BENCH_POSTGRES_URL is set;
                         pages and memory too: they run .build/release/apiexplore, so build that
                         product first; memory also needs tmux; rawview runs /usr/bin/less in a
                         pseudo-terminal; load and datarun run the built binary too, load also
                         wrk: apt-get install wrk; historylist runs the built binary and sqlite3)
          OPENAPI_JSON   the GitHub OpenAPI description in JSON
                         (default: \(defaultOpenAPIPath), relative to the current directory)
        """

    /// Parses the arguments after the program name.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or unknown group, or a second path.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var selected: Set<BenchGroup> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--only":
                guard let list = remaining.popFirst() else { throw UsageError("--only needs a group name") }
                for name in list.split(separator: ",") {
                    guard let group = BenchGroup(rawValue: String(name)) else {
                        throw UsageError("unknown group '\(name)'")
                    }
                    selected.insert(group)
                }
            case "-h", "--help":
                throw UsageError(nil)
            default:
                if argument.hasPrefix("-") { throw UsageError("unknown option '\(argument)'") }
                if options.openAPIPath != nil { throw UsageError("more than one OpenAPI path given") }
                options.openAPIPath = argument
            }
        }
        if !selected.isEmpty { options.groups = selected }
        return options
    }
}

/// A command-line mistake; `message` is `nil` for `--help`.
struct UsageError: Error {
    let message: String?

    init(_ message: String?) {
        self.message = message
    }
}

/// Why the benchmark stops with exit status 1: an input failed to parse, or parsers disagree about it.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}
