extension Duration {
    /// The duration in seconds, for rates and human-readable times.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
