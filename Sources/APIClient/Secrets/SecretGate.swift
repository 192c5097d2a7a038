public import APIHTTP
import Synchronization

/// The one gate every sink passes text through: the session-wide set of secret values known so
/// far, each masked wherever it appears.
///
/// The session adds to it as it learns: what secret sources read (`${env:…}`, `${file:…}`,
/// `${cmd:…}`, `${prompt:…}`), what a sign-in mints (login tokens, OAuth 2.0 access and refresh
/// tokens, the client secret), the cookies the jar holds, the values of headers, query items and
/// body fields masked by name, and credential-named fields of a response
/// (``learn(from:redaction:)``). A value is never forgotten for the session, so a token that was replaced is
/// still masked when an old answer quotes it. Standard output and error, reports, the terminal
/// UI's panes, `--screen`, history, logs and curl copies all mask with it.
///
/// ```swift
/// let gate = SecretGate()
/// gate.add(["tok-9f3a7c1e"])
/// gate.mask("the server said tok-9f3a7c1e")  // "the server said ••••"
/// ```
///
/// Matching is one pass over the text whatever the number of values (`SecretPatterns`); values
/// shorter than `SecretPatterns.minimumLength` bytes are masked only where they are named. At
/// most ``maximumValues`` values and ``maximumBytes`` bytes are kept, so a hostile server cannot
/// make the gate grow without bound with credential-named fields.
public final class SecretGate: Sendable {
    /// The most values the gate holds.
    public static let maximumValues = 4096
    /// The most bytes of values the gate holds.
    public static let maximumBytes = 1 << 20

    private struct State {
        var patterns = SecretPatterns()
        var pending: [String] = []
        var known: Set<String> = []
        var bytes = 0
        var refused = 0
    }

    private let state = Mutex(State())

    /// A gate that knows `values`.
    ///
    /// - Parameter values: Secret values known from the start.
    public init(values: some Sequence<String> = [String]()) {
        add(values)
    }

    /// Adds secret values; short ones (masked only where named) and values already known are skipped.
    ///
    /// - Parameter values: The values.
    public func add(_ values: some Sequence<String>) {
        state.withLock { state in
            for value in values where SecretPatterns.isHunted(value) && !state.known.contains(value) {
                guard state.known.count < Self.maximumValues, state.bytes + value.utf8.count <= Self.maximumBytes
                else {
                    state.refused += 1
                    continue
                }
                state.known.insert(value)
                state.bytes += value.utf8.count
                state.pending.append(value)
            }
        }
    }

    /// The values known so far, compiled; compiled again only after ``add(_:)`` brought new ones.
    public var patterns: SecretPatterns {
        state.withLock { state in
            if !state.pending.isEmpty {
                state.patterns = state.patterns.adding(state.pending)
                state.pending = []
            }
            return state.patterns
        }
    }

    /// The values known so far, in the order they came.
    public var values: [String] { patterns.values }

    /// How many values were not kept because the gate was full.
    public var refusedCount: Int { state.withLock { $0.refused } }

    /// The text with every known value masked.
    ///
    /// - Parameter text: Anything about to be shown, printed, written or stored.
    public func mask(_ text: String) -> String { patterns.mask(text) }

    /// The bytes with every known value masked.
    ///
    /// - Parameter bytes: A body or a file's bytes.
    public func mask(bytes: [UInt8]) -> [UInt8] { patterns.mask(bytes: bytes) }

    /// JSON text with every known value masked, still JSON (`SecretPatterns.maskJSON(_:)`).
    ///
    /// - Parameter bytes: JSON text.
    public func maskJSON(_ bytes: [UInt8]) -> [UInt8] { patterns.maskJSON(bytes) }

    /// JSON text with every known value masked, still JSON.
    ///
    /// - Parameter text: JSON text.
    public func maskJSON(_ text: String) -> String { patterns.maskJSON(text) }
}

extension SecretGate: CustomStringConvertible {
    /// How many values, never the values.
    public var description: String { "SecretGate(\(values.count) values)" }
}
