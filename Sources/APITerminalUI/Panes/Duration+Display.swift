extension Duration {
    /// The duration as the panes show it: `12 ms` under a second, `1.25 s` from a second on.
    var displayText: String {
        let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return "\(Double(Int(milliseconds / 10)) / 100) s"
    }
}
