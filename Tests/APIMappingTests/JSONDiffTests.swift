import Testing

@testable import APIMapping

@Suite struct JSONDiffTests {
    private func diff(_ old: String, _ new: String, _ options: JSONDiff.Options = .init()) throws -> JSONDiff {
        JSONDiff(
            old: try JSONDocument(parsing: old).root, new: try JSONDocument(parsing: new).root, options: options)
    }

    @Test func changeCarriesBothPathsAndValues() throws {
        let result = try diff(#"{"data": {"user's": [1, {"age": 41}]}}"#, #"{"data": {"user's": [1, {"age": "41"}]}}"#)
        let change = try #require(result.changes.first)
        #expect(change.kind == .changed)
        #expect(change.profilePath == "data>user's>1>age")
        #expect(change.jsonPath == #"$['data']['user\'s'][1]['age']"#)
        #expect(change.old?.jsonText() == "41")
        #expect(change.new?.jsonText() == #""41""#)
    }

    @Test func duplicateKeysCompareTheLastMember() throws {
        #expect(try diff(#"{"a": 1, "a": 2}"#, #"{"a": 2}"#).isEqual)
        #expect(try !diff(#"{"a": 2, "a": 1}"#, #"{"a": 2}"#).isEqual)
        // Same keys in the same order, repeated: still the last member only.
        #expect(try diff(#"{"a": 2, "a": 1}"#, #"{"a": 3, "a": 1}"#).isEqual)
        #expect(try diff(#"{"a": 1, "a": 2}"#, #"{"a": 1, "a": 3}"#).changes.map(\.profilePath) == ["a"])
    }

    @Test func kindChangeAtRootIsOneChange() throws {
        let result = try diff("[1, 2]", #"{"0": 1}"#)
        #expect(result.changes.map(\.kind) == [.changed])
        #expect(result.changes.first?.profilePath == "")
    }

    @Test func volatileSubtreeIsIgnoredWhole() throws {
        let options = JSONDiff.Options(volatile: [try DiffPath("meta")])
        let result = try diff(#"{"meta": {"a": 1, "b": [1]}, "x": 1}"#, #"{"meta": {"a": 2, "c": 3}, "x": 1}"#, options)
        #expect(result.isEqual)
        #expect(result.volatileCount == 3)
        #expect(result.significantCount == 0)
    }

    @Test func volatilePathOnlyInOneDocumentStillCovers() throws {
        let options = JSONDiff.Options(volatile: [try DiffPath("$..ts")])
        let result = try diff(#"{"a": 1}"#, #"{"a": 1, "ts": 5}"#, options)
        #expect(result.isEqual)
        #expect(result.volatileChanges.map(\.kind) == [.added])
    }

    @Test func changesBeyondTheCapAreCountedNotKept() throws {
        let old = "[" + (0..<50).map(String.init).joined(separator: ",") + "]"
        let new = "[" + (0..<50).map { String($0 + 1) }.joined(separator: ",") + "]"
        let result = try diff(old, new, JSONDiff.Options(maximumChanges: 10))
        #expect(result.changes.count == 10)
        #expect(result.significantCount == 50)
        #expect(result.isTruncated)
        #expect(!result.isEqual)
    }

    @Test func depthIsBoundedAndSaysWhere() throws {
        let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
        let deeper = String(repeating: "[", count: 40) + "2" + String(repeating: "]", count: 40)
        let result = try diff(deep, deeper, JSONDiff.Options(maximumDepth: 10))
        #expect(!result.isComplete)
        #expect(!result.isEqual)
        #expect(result.changes.isEmpty)
        #expect(result.notes == ["not compared below 0>0>0>0>0>0>0>0>0>0: deeper than 10 levels"])
        #expect(try diff(deep, deeper).changes.count == 1)
    }

    @Test func identityFallsBackToPositionWhenNotUnique() throws {
        let options = JSONDiff.Options(identities: [
            DiffIdentity(array: try DiffPath("$.items"), key: try ProfilePath("id"))
        ])
        let result = try diff(
            #"{"items": [{"id": 1, "v": 1}, {"id": 1, "v": 2}]}"#,
            #"{"items": [{"id": 1, "v": 2}, {"id": 1, "v": 2}]}"#,
            options)
        #expect(result.changes.map(\.profilePath) == ["items>0>v"])
        #expect(result.notes == ["items: an element has no unique scalar 'id'; compared by position"])
    }

    /// A string identity is as long as the body allows: change lines clip it as they clip values.
    @Test func aLongIdentityIsClippedInTheChangeLine() throws {
        let options = JSONDiff.Options(identities: [
            DiffIdentity(array: try DiffPath("items"), key: try ProfilePath("k"))
        ])
        let key = String(repeating: "k", count: 5_000)
        let result = try diff(
            #"{"items": [{"k": "\#(key)", "n": 1}]}"#, #"{"items": [{"k": "\#(key)", "n": 2}]}"#, options)
        let change = try #require(result.changes.first)
        #expect(change.identity?.count == 5_004)
        #expect(change.identityText() == "k=\"" + String(repeating: "k", count: 37) + "…")
        #expect(change.line() == "~ items>0>n [k=\"" + String(repeating: "k", count: 37) + "…]: 1 → 2")
        #expect(change.identityText(limit: 10_000) == "k=\"\(key)\"")
    }

    @Test func identityNumbersMatchByValueAndStringsAsStored() throws {
        let options = JSONDiff.Options(identities: [
            DiffIdentity(array: try DiffPath("items"), key: try ProfilePath("k"))
        ])
        #expect(
            try diff(#"{"items": [{"k": 1}, {"k": "é"}]}"#, #"{"items": [{"k": "é"}, {"k": 1.0}]}"#, options).changes
                .map(\.kind) == [.moved])
        let forms = try diff(#"{"items": [{"k": "\u00e9"}]}"#, #"{"items": [{"k": "e\u0301"}]}"#, options)
        #expect(forms.changes.map(\.kind) == [.added, .removed])
    }

    @Test(arguments: [
        ([Int](), [Int]()), ([3, 1, 2], [1, 2]), ([0, 1, 2], [0, 1, 2]), ([2, 1, 0], [0]),
        ([1, 5, 2, 3, 0, 4], [1, 2, 3, 4]),
    ])
    func longestIncreasingRun(values: [Int], expected: [Int]) {
        #expect(DiffWalker.longestIncreasingRun(values).map { values[$0] } == expected)
    }

    @Test func detectionFindsPathsChangedInEveryPair() throws {
        let models = try [
            #"{"ts": 1, "price": 5, "items": [{"at": 1}]}"#, #"{"ts": 2, "price": 5, "items": [{"at": 2}]}"#,
            #"{"ts": 3, "price": 6, "items": [{"at": 3}]}"#,
        ].map { try JSONDocument(parsing: $0).root }
        #expect(VolatileDetection.detect(in: models).map(\.description) == ["ts", "items>0>at"])
        #expect(VolatileDetection.detect(in: Array(models.prefix(2))).isEmpty)
    }

    @Test func detectedPathsCoveredByDeclaredOnesAreLeftOut() throws {
        let model = try JSONDocument(parsing: #"{"meta": {"ts": 1}, "request_id": "r", "price": 2}"#).root
        let detected = try ["meta>ts", "request_id", "price"].map { try DiffPath($0) }
        let declared = try ["meta", "$..request_id"].map { try DiffPath($0) }
        #expect(VolatileDetection.uncovered(detected, by: declared, in: model).map(\.description) == ["price"])
        #expect(VolatileDetection.uncovered(detected, by: [], in: model) == detected)
    }

    @Test func pathSyntaxPicksTheLanguage() throws {
        #expect(try DiffPath("$..id") == .jsonPath(try JSONPath("$..id")))
        #expect(try DiffPath("data>id") == .profile(try ProfilePath("data>id")))
        #expect(throws: PathSyntaxError.self) { try DiffPath("$..") }
    }
}
