import Foundation
import Testing

@testable import APIMapping

/// nst/JSONTestSuite: every `y_` file accepted, every `n_` file rejected, every `i_` file handled
/// without a crash or hang, and every accepted file survives a write and re-parse unchanged.
@Suite struct JSONTestSuiteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        do {
            return try Fixtures.files(in: "JSONTestSuite/test_parsing").map {
                Case(name: $0.lastPathComponent, bytes: Array(try Data(contentsOf: $0)))
            }
        } catch {
            fatalError("cannot read JSONTestSuite fixtures: \(error)")
        }
    }()

    @Test func suiteHasTheExpectedFiles() {
        #expect(Self.cases.filter { $0.name.hasPrefix("y_") }.count == 95)
        #expect(Self.cases.filter { $0.name.hasPrefix("n_") }.count == 188)
        #expect(Self.cases.filter { $0.name.hasPrefix("i_") }.count == 35)
    }

    @Test func countsAcrossTheWholeSuite() {
        var accepted = 0
        var rejected = 0
        var implementationDefined = (accepted: 0, rejected: 0)
        for testCase in Self.cases {
            let parsed = Result { () throws(JSONParseError) in try JSONDocument(parsing: testCase.bytes) }
            switch (testCase.name.prefix(2), parsed) {
            case ("y_", .success): accepted += 1
            case ("n_", .failure): rejected += 1
            case ("i_", .success): implementationDefined.accepted += 1
            case ("i_", .failure): implementationDefined.rejected += 1
            default: Issue.record("\(testCase.name): wrong verdict \(parsed)")
            }
        }
        let noCrash = implementationDefined.accepted + implementationDefined.rejected
        print(
            "JSONTestSuite: y_ \(accepted)/95 accepted, n_ \(rejected)/188 rejected, i_ \(noCrash)/35 without a crash "
                + "(\(implementationDefined.accepted) accepted, \(implementationDefined.rejected) rejected)")
        #expect(accepted == 95)
        #expect(rejected == 188)
        #expect(noCrash == 35)
    }

    @Test(arguments: cases.filter { $0.name.hasPrefix("y_") })
    func acceptedFileRoundTrips(_ testCase: Case) throws {
        let document = try JSONDocument(parsing: testCase.bytes)
        let expected = document.root.value
        for style in [JSONStyle.compact, .pretty] {
            let written = document.root.jsonText(style: style)
            let reparsed = try JSONDocument(parsing: written)
            #expect(
                reparsed.root.value == expected,
                "\(style) output of \(testCase.name) reads back differently: \(written)")
            // Writing is stable: the re-parsed document writes the same text again.
            #expect(reparsed.root.jsonText(style: style) == written)
        }
    }

    @Test(arguments: cases.filter { $0.name.hasPrefix("n_") })
    func rejectedFileGivesALocatedError(_ testCase: Case) {
        #expect {
            try JSONDocument(parsing: testCase.bytes)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.offset >= 0 && error.offset <= testCase.bytes.count && error.line >= 1 && error.column >= 1
        }
    }
}
