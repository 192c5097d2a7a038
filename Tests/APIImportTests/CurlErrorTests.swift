import APIImport
import Testing

@Suite struct CurlErrorTests {
    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let kind: CurlParseError.Kind
        let position: TextLocation
        let option: String?
        var testDescription: String { name }
    }

    static let cases: [ErrorCase] = [
        ErrorCase(
            name: "unknown long option", line: "curl --frobnicate https://x.test", kind: .unknownOption,
            position: TextLocation(offset: 5, line: 1, column: 6), option: "--frobnicate"),
        ErrorCase(
            name: "unknown letter in a cluster", line: "curl -sSW https://x.test", kind: .unknownOption,
            position: TextLocation(offset: 8, line: 1, column: 9), option: "-W"),
        ErrorCase(
            name: "unknown option on line 2", line: "curl https://x.test \\\n  --bogus=1", kind: .unknownOption,
            position: TextLocation(offset: 24, line: 2, column: 3), option: "--bogus=1"),
        ErrorCase(
            name: "missing value", line: "curl https://x.test -H", kind: .missingArgument,
            position: TextLocation(offset: 20, line: 1, column: 21), option: "-H"),
        ErrorCase(
            name: "missing value before a pipe", line: "curl https://x.test --data | jq", kind: .missingArgument,
            position: TextLocation(offset: 20, line: 1, column: 21), option: "--data"),
        ErrorCase(
            name: "not curl", line: "wget https://x.test", kind: .notCurl,
            position: TextLocation(offset: 0, line: 1, column: 1), option: nil),
        ErrorCase(
            name: "no URL", line: "curl -sS -H 'A: b'", kind: .missingURL,
            position: TextLocation(offset: 12, line: 1, column: 13), option: nil),
        ErrorCase(
            name: "form without equals", line: "curl -F novalue https://x.test", kind: .invalidForm,
            position: TextLocation(offset: 5, line: 1, column: 6), option: "-F"),
        ErrorCase(
            name: "unterminated quote", line: "curl https://x.test -d '{\"a\":1}", kind: .shellSyntax,
            position: TextLocation(offset: 23, line: 1, column: 24), option: nil),
        ErrorCase(
            name: "empty", line: "  # nothing\n", kind: .empty, position: TextLocation(offset: 0, line: 1, column: 1),
            option: nil),
    ]

    @Test(arguments: cases)
    func rejects(_ testCase: ErrorCase) {
        #expect {
            try CurlCommand.parse(testCase.line)
        } throws: { error in
            guard let error = error as? CurlParseError else { return false }
            return error.kind == testCase.kind && error.position == testCase.position && error.option == testCase.option
        }
    }

    @Test func messagesNameTheOption() {
        #expect {
            try CurlCommand.parse("curl --frobnicate https://x.test")
        } throws: { error in
            "\(error)" == "line 1, column 6 (byte 5): unknown curl option --frobnicate"
        }
    }

    @Test func parseAllReportsTheFailingLine() {
        #expect {
            try CurlCommand.parseAll("curl https://x.test/a\n\ncurl --nope https://x.test/b\n")
        } throws: { error in
            (error as? CurlParseError)?.position.line == 3
        }
    }
}

extension CurlErrorTests {
    @Test func aProfileNeedsACommand() {
        #expect {
            try ProfileDraft(curlLines: [], name: "empty")
        } throws: { error in
            (error as? CurlParseError)?.kind == .empty
        }
    }
}
