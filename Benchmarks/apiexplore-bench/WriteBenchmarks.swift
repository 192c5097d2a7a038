extension BenchRun {
    mutating func runWriters() throws(BenchFailure) {}
}
