extension ScriptParser {
    /// `expect unchanged` or `expect unchanged except volatile`, after the word `unchanged`.
    func parseUnchanged(_ scanner: inout ScriptScanner) throws(ScriptError) -> ResponseExpectation {
        guard let except = scanner.word() else { return .unchanged(exceptVolatile: false) }
        guard except.text == "except" else {
            throw scanner.error(
                "expected 'except volatile' or the end of the line after 'unchanged'", at: except.column)
        }
        guard let what = scanner.word(), what.text == "volatile" else {
            throw scanner.error("expected 'volatile' after 'unchanged except'", at: scanner.column)
        }
        return .unchanged(exceptVolatile: true)
    }
}
