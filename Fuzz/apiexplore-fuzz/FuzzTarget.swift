/// One parser under fuzzing: its seeds, its dictionary, and a run over one input that returns
/// whether the input was accepted (accepted inputs join the corpus). A thrown error is a fine
/// answer to a bad input; a trap, a hang or runaway memory is a finding.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let seeds: @Sendable () -> [[UInt8]]
    let dictionary: [[UInt8]]
    let run: @Sendable ([UInt8]) async -> Bool
}

extension Array where Element == [UInt8] {
    /// Text tokens as bytes.
    static func tokens(_ words: [String]) -> [[UInt8]] {
        words.map { [UInt8]($0.utf8) }
    }
}
