/// Number formatting for the panes.
enum Format {
    /// A byte count: `512 B`, `1.5 KB`, `50.0 MB` (powers of 1024).
    static func bytes(_ count: Int) -> String {
        if count < 1024 { return "\(count) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return "\(Double(Int(value * 10)) / 10) \(units[unit])"
    }

    /// A duration in milliseconds: `12 ms`, `1.25 s`.
    static func duration(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return "\(Double(Int(milliseconds / 10)) / 100) s"
    }
}
