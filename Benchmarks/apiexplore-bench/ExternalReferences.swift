extension BenchRun {
    mutating func runExternalReferences() throws(BenchFailure) {}
}
