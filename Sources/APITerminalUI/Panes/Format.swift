/// Number formatting for the panes (byte counts: ``APIMapping/ByteSize``).
enum Format {
    /// A duration in milliseconds: `12 ms`, `1.25 s`.
    static func duration(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return "\(Double(Int(milliseconds / 10)) / 100) s"
    }
}
