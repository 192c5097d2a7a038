extension BenchRun {
    mutating func runLookups() throws(BenchFailure) {}
}
