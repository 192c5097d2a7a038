import APIClient
import APIHistory
import APIMapping
import Foundation
import Testing

@Suite("Tip catalogue: business statuses seen, and their errors: snippet")
struct TipCatalogueTests {
    static func observation(
        _ id: Int64, _ endpoint: String, _ outcome: ExchangeOutcome, _ status: String?, _ tip: String?,
        profile: String = "demo"
    ) -> TipObservation {
        TipObservation(
            id: id, date: Date(timeIntervalSince1970: 1_800_000_000 + Double(id)), profile: profile,
            endpoint: endpoint, outcome: outcome, businessStatus: status, tip: tip,
            recordedError: outcome == .businessFailure ? "uncatalogued" : nil)
    }

    static func catalogue(_ observations: [TipObservation], limits: TipCatalogue.Limits = .init()) -> TipCatalogue {
        var catalogue = TipCatalogue(limits: limits)
        for observation in observations { catalogue.add(observation) }
        return catalogue
    }

    struct GroupingCase: CustomTestStringConvertible, Sendable {
        let name: String
        let observations: [TipObservation]
        /// `endpoint code kind count`, in listing order.
        let expected: [String]
        var testDescription: String { name }
    }

    static let groupingCases: [GroupingCase] = [
        GroupingCase(
            name: "numbers by value order, success listed, no-status exchanges skipped",
            observations: [
                observation(1, "code", .success, "0", "成功"),
                observation(2, "code", .businessFailure, "40100", "token: expired"),
                observation(3, "code", .businessFailure, "9", "nine"),
                observation(4, "code", .businessFailure, "40100", "token: expired"),
                observation(5, "rss", .success, nil, nil),
                observation(6, "code", .transportFailure, nil, nil),
            ],
            expected: ["code 0 number 1", "code 9 number 1", "code 40100 number 2"]),
        GroupingCase(
            name: "a flag-only status is told apart by its tip",
            observations: [
                observation(1, "slack", .businessFailure, "false", "invalid_auth"),
                observation(2, "slack", .businessFailure, "false", "not_authed"),
                observation(3, "slack", .success, "true", nil),
                observation(4, "slack", .businessFailure, "false", "invalid_auth"),
            ],
            expected: ["slack invalid_auth string 2", "slack not_authed string 1", "slack true bool 1"]),
        GroupingCase(
            name: "the same code on two endpoints is two statuses",
            observations: [
                observation(1, "a", .businessFailure, "7", "x"), observation(2, "b", .businessFailure, "7", "x"),
            ],
            expected: ["a 7 number 1", "b 7 number 1"]),
        GroupingCase(
            name: "a failure without a status is known by its tip; an empty tip gives nothing",
            observations: [
                observation(1, "e", .businessFailure, nil, "boom"), observation(2, "e", .businessFailure, nil, ""),
            ],
            expected: ["e boom string 1"]),
    ]

    @Test(arguments: groupingCases)
    func groupsStatuses(_ testCase: GroupingCase) {
        let catalogue = Self.catalogue(testCase.observations)
        #expect(
            catalogue.statuses.map { "\($0.endpoint) \($0.code) \($0.kind.rawValue) \($0.count)" } == testCase.expected)
        #expect(catalogue.observed == testCase.observations.count)
    }

    @Test func countsTipsMostFrequentFirstAndCapsThem() {
        var observations = [Self.observation(1, "e", .businessFailure, "5", "rare")]
        observations += (2...4).map { Self.observation($0, "e", .businessFailure, "5", "common") }
        observations += (5...7).map { Self.observation($0, "e", .businessFailure, "5", "tip \($0)") }
        let catalogue = Self.catalogue(observations, limits: TipCatalogue.Limits(tipsPerStatus: 3))
        let status = catalogue.statuses[0]
        #expect(status.tips.map(\.text) == ["common", "rare", "tip 5"])
        #expect(status.tips.map(\.count) == [3, 1, 1])
        #expect(status.otherTipCount == 2)
        #expect(status.count == 7)
        #expect(status.firstSeen == Date(timeIntervalSince1970: 1_800_000_001))
        #expect(status.lastSeen == Date(timeIntervalSince1970: 1_800_000_007))
        #expect(status.newestID == 7)
    }

    @Test func capsTheStatusesToldApart() {
        let observations = (1...5).map { Self.observation($0, "e", .businessFailure, "\($0)", "t") }
        let catalogue = Self.catalogue(observations, limits: TipCatalogue.Limits(statuses: 2))
        #expect(catalogue.statuses.count == 2)
        #expect(catalogue.droppedStatuses == 3)
    }

    @Test func namesStatusesWithTheCurrentCatalogue() throws {
        var catalogue = Self.catalogue([
            Self.observation(1, "code", .businessFailure, "40013", "invalid token"),
            Self.observation(2, "code", .businessFailure, "40013.0", "invalid token"),
            Self.observation(3, "code", .businessFailure, "40100", "expired"),
            Self.observation(4, "code", .success, "0", "ok"),
            Self.observation(5, "slack", .businessFailure, "false", "invalid_auth"),
            Self.observation(6, "other", .businessFailure, "1", "x", profile: "gone"),
        ])
        let profile = try Profile(
            yaml: """
                name: demo
                base_url: http://127.0.0.1:1
                envelope: {status: code, success: 0, tip: msg, model: data}
                errors:
                  40013: {name: invalid_token}
                  invalid_auth: {name: invalid_auth}
                  0: {name: zero}
                endpoints: {code: {path: /c}}
                """, file: "demo.yaml")
        catalogue.name { $0 == "demo" ? profile.errors : nil }
        let names = Dictionary(uniqueKeysWithValues: catalogue.statuses.map { ($0.code, $0.catalogueName ?? "-") })
        #expect(
            names == [
                "40013": "invalid_token", "40013.0": "invalid_token", "40100": "-", "0": "-",
                "invalid_auth": "invalid_auth", "1": "-",
            ])
        // No catalogue at hand: the name recorded with the newest exchange stays ("uncatalogued" is none).
        #expect(catalogue.statuses.first { $0.profile == "gone" }?.isUncatalogued == true)
    }

    struct NameCase: CustomTestStringConvertible, Sendable {
        let tip: String?
        let code: String
        let taken: Set<String>
        let expected: String
        var testDescription: String { "\(tip ?? "no tip") \(code) → \(expected)" }
    }

    static let nameCases: [NameCase] = [
        NameCase(tip: "invalid token", code: "40013", taken: [], expected: "invalid_token"),
        NameCase(
            tip: "token: expired # sign in again", code: "40100", taken: [], expected: "token_expired_sign_in_again"),
        NameCase(tip: #"Quota "daily" EXCEEDED!"#, code: "40300", taken: [], expected: "quota_daily_exceeded"),
        NameCase(tip: "用户不存在", code: "40404", taken: [], expected: "code_40404"),
        NameCase(tip: nil, code: "-1", taken: [], expected: "code_-1"),
        NameCase(tip: "404", code: "404", taken: [], expected: "code_404"),
        NameCase(tip: "invalid token", code: "40014", taken: ["invalid_token"], expected: "invalid_token_40014"),
        NameCase(
            tip: "invalid token", code: "40014", taken: ["invalid_token", "invalid_token_40014"],
            expected: "invalid_token_40014_2"),
        NameCase(tip: "Uncatalogued", code: "1", taken: ["uncatalogued"], expected: "uncatalogued_1"),
        NameCase(
            tip: String(repeating: "word ", count: 20), code: "2", taken: [],
            expected: "word_word_word_word_word_word_word_word"),
        // Words and numbers YAML reads as something other than a string when plain.
        NameCase(tip: "No", code: "3", taken: [], expected: "no"),
        NameCase(tip: "null", code: "4", taken: [], expected: "null"),
        NameCase(tip: "Yes!", code: "5", taken: [], expected: "yes"),
        NameCase(tip: "OFF", code: "6", taken: [], expected: "off"),
        NameCase(tip: "true", code: "7", taken: [], expected: "true"),
        NameCase(tip: "1e5", code: "8", taken: [], expected: "1e5"),
        NameCase(tip: "0x1F", code: "9", taken: [], expected: "0x1f"),
    ]

    @Test(arguments: nameCases)
    func generatesNames(_ testCase: NameCase) throws {
        let catalogue = Self.catalogue([Self.observation(1, "e", .businessFailure, testCase.code, testCase.tip)])
        let snippet = catalogue.catalogueSnippet(
            profile: "demo",
            catalogue: ErrorCatalogue(
                testCase.taken.sorted().enumerated().map {
                    ErrorCatalogue.NamedCode(code: .number(JSONNumber(90_000 + $0.offset)), name: $0.element)
                }), header: true)
        #expect(Template.isName(testCase.expected))
        // Read back by the profile reader: the name is the string generated, whatever YAML makes of it plain.
        let profile = try Profile(
            yaml: """
                name: demo
                base_url: http://127.0.0.1:1
                envelope: {status: code, success: 0, tip: msg, model: data}
                endpoints: {e: {path: /e}}
                \(snippet)
                """, file: "demo.yaml")
        let entry = try #require(profile.errors.codes.first, "\(snippet)")
        #expect(entry.name == testCase.expected, "\(snippet)")
        #expect(entry.code == .number(JSONNumber(try #require(Int(testCase.code)))))
    }

    /// Tips a hostile or careless backend sends: each must come back as the same catalogue key.
    static let hostileTips = [
        "token: expired # sign in again", #"quota "daily" \ exceeded"#, "too many\nrequests\r\tlater",
        "esc \u{1B}[31mred\u{1B}[0m bell\u{7}", "line\u{2028}separator\u{85}nel", "- dash: [x] {y} & *z ! | >",
        "'single' %percent @at `tick`", "bidi \u{202E}evil",
    ]

    @Test func snippetPastedIntoTheProfileNamesEveryCodeExactly() throws {
        var observations: [TipObservation] = []
        for (index, tip) in Self.hostileTips.enumerated() {
            // Number codes with hostile tips, and the same tips as flag-only codes.
            observations.append(
                Self.observation(Int64(index * 2 + 1), "code", .businessFailure, "\(50_000 + index)", tip))
            observations.append(Self.observation(Int64(index * 2 + 2), "slack", .businessFailure, "false", tip))
        }
        observations.append(Self.observation(100, "code", .businessFailure, "40013", "invalid token"))
        observations.append(Self.observation(101, "code", .success, "0", "ok"))
        var catalogue = Self.catalogue(observations)
        let original = """
            name: demo
            base_url: http://127.0.0.1:1
            envelope: {status: code, success: 0, tip: msg, model: data}
            errors:
              40013: {name: invalid_token}
            endpoints: {code: {path: /c}}

            """
        let before = try Profile(yaml: original, file: "demo.yaml")
        catalogue.name { _ in before.errors }
        let snippet = catalogue.catalogueSnippet(profile: "demo", catalogue: before.errors, header: false)
        let pasted = original.replacing("errors:\n", with: "errors:\n" + snippet)
        let after = try Profile(yaml: pasted, file: "demo.yaml")
        #expect(after.errors.codes.count == 1 + 2 * Self.hostileTips.count, "\(pasted)")
        for (index, tip) in Self.hostileTips.enumerated() {
            #expect(after.errors.codes.contains { $0.code == .number(JSONNumber(50_000 + index)) })
            #expect(after.errors.codes.contains { $0.code == .string(tip) }, "\(tip.debugDescription)")
        }
        // Every line is one YAML line: no raw control or separator character survives in the text.
        #expect(
            !snippet.unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n" || [0x85, 0x2028, 0x202E].contains($0.value)
            })
        // Catalogued now: nothing is left to emit.
        catalogue.name { _ in after.errors }
        #expect(catalogue.statuses.filter(\.isUncatalogued).isEmpty)
    }

    @Test func snippetWithHeaderIsAWholeErrorsSection() throws {
        let catalogue = Self.catalogue([
            Self.observation(1, "code", .businessFailure, "40100", "expired"),
            Self.observation(2, "other", .businessFailure, "40100", "expired"),
            Self.observation(3, "code", .businessFailure, "true", nil),
        ])
        let snippet = catalogue.catalogueSnippet(profile: "demo", catalogue: ErrorCatalogue(), header: true)
        let profile = try Profile(
            yaml: """
                name: demo
                base_url: http://127.0.0.1:1
                envelope: {status: code, success: 0, tip: msg, model: data}
                endpoints: {code: {path: /c}}
                \(snippet)
                """, file: "demo.yaml")
        #expect(profile.errors.codes.map(\.code.description) == ["40100", "true"])
        #expect(profile.errors.codes.map(\.name) == ["expired", "code_true"])
        // The code seen on two endpoints is one entry, with a comment line per endpoint.
        #expect(snippet.contains("# 40100 on code:") && snippet.contains("# 40100 on other:"))
    }

    @Test func longCodesAreExplicitKeysOrLeftOut() throws {
        // 300 characters of two scalars each: past YAML's implicit key length, not past the code cap.
        let long = String(repeating: "e\u{301}", count: 300)
        let tooLong = String(repeating: "x", count: 600)
        let catalogue = Self.catalogue([
            Self.observation(1, "slack", .businessFailure, "false", long),
            Self.observation(2, "slack", .businessFailure, "false", tooLong),
        ])
        let snippet = catalogue.catalogueSnippet(profile: "demo", catalogue: ErrorCatalogue(), header: true)
        #expect(snippet.contains("  ? \""), "\(snippet)")
        #expect(snippet.contains("# left out: a code longer than 500 characters"))
        let profile = try Profile(
            yaml: """
                name: demo
                base_url: http://127.0.0.1:1
                envelope: {status: ok, success: true, tip: error}
                endpoints: {slack: {path: /s}}
                \(snippet)
                """, file: "demo.yaml")
        #expect(profile.errors.codes.map(\.code) == [.string(long)])
    }

    @Test func nothingToEmitIsAValidProfileToo() throws {
        let catalogue = Self.catalogue([Self.observation(1, "code", .success, "0", "ok")])
        let snippet = catalogue.catalogueSnippet(profile: "demo", catalogue: ErrorCatalogue(), header: true)
        #expect(snippet == "# demo: 0 uncatalogued business failures, from the newest 1 exchanges.\n")
        let profile = try Profile(
            yaml: "name: demo\nbase_url: http://127.0.0.1:1\nendpoints: {code: {path: /c}}\n" + snippet,
            file: "demo.yaml")
        #expect(profile.errors.isEmpty)
    }
}
