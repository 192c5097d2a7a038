import APIClient
import APIHistory
import APIMapping
import ArgumentParser
import Foundation

/// One side of `apiexplore diff`: a history id, `ENDPOINT@-N`, or a JSON file.
struct DiffOperand {
    /// How the side is named in the output: `#12`, `counter@-1 (#12)`, `old.json`.
    let label: String
    /// The value compared.
    let value: JSONNode
    /// The profile and endpoint of a history exchange, which choose declared and detected volatile paths.
    let profile: String?
    let endpoint: String?
    /// The history row, for a history exchange: detection reads the exchanges up to the newer side's.
    let historyID: Int64?
    /// The request a history exchange sent: detection reads only exchanges that sent it too.
    var request: RequestKey? = nil

    /// `#12` for a history exchange, the label otherwise: how a note names the side.
    var shortLabel: String { historyID.map { "#\($0)" } ?? label }

    /// The most exchanges `ENDPOINT@-N` counts back.
    static let maximumBack = 1_000

    /// What the text of an operand asks for.
    enum Reference: Equatable {
        case history(Int64)
        case endpoint(String, back: Int)
        case file(String)

        /// Digits are a history id, `NAME@-N` (or `@0`) an endpoint's exchange counted back from the
        /// newest (unless a file has that name), anything else a file (`./12` for a file named with digits).
        init(_ text: String) throws(DiffOperandError) {
            if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
                guard let id = Int64(text) else { throw DiffOperandError("history id '\(text)' is too large") }
                self = .history(id)
                return
            }
            // A file that exists keeps its name, even with an `@` in it.
            if let at = text.lastIndex(of: "@"), !text.contains("/"), !FileManager.default.fileExists(atPath: text) {
                let name = String(text[..<at])
                var count = text[text.index(after: at)...]
                // `@3` could mean from the oldest as well as from the newest: only `@-3` counts back.
                if count.first == "-" {
                    count = count.dropFirst()
                } else if count != "0", !count.isEmpty, count.allSatisfy(\.isASCIIDigit) {
                    throw DiffOperandError(
                        "'\(text)' is not ENDPOINT@-N: write \(name)@-\(count) to count back from the newest exchange (only @0 and @-N)"
                    )
                }
                guard !name.isEmpty, !count.isEmpty, count.allSatisfy(\.isASCIIDigit), count.count <= 4,
                    let back = Int(count), back <= DiffOperand.maximumBack
                else {
                    throw DiffOperandError(
                        "'\(text)' is not ENDPOINT@-N: N counts back from the newest exchange (0 to \(DiffOperand.maximumBack))"
                    )
                }
                self = .endpoint(name, back: back)
                return
            }
            self = .file(text)
        }
    }
}

/// Why an operand could not be read; `apiexplore diff` exits 2 with it.
struct DiffOperandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension DiffOperand {
    /// Reads an operand: from history (the model as recorded) or from a file.
    ///
    /// - Parameter declares: Whether the profile declares an endpoint: an `ENDPOINT@-N` whose
    ///   endpoint neither the profile nor history knows is an unknown endpoint.
    static func load(
        _ reference: Reference, text: String, profile: String?, wholeBody: Bool, xmlArrays: [ProfilePath],
        declares: (String) -> Bool = { _ in false }, store: () throws -> HistoryStore
    ) async throws -> DiffOperand {
        switch reference {
        case .file(let path):
            let file = try InputFile(path)
            let document = try file.parseDocument(forceXML: false, alwaysArray: xmlArrays)
            return DiffOperand(
                label: file.displayName, value: document.root, profile: nil, endpoint: nil, historyID: nil)
        case .history(let id):
            return try await fromHistory(
                id: id, label: "#\(id)", store: try store(), wholeBody: wholeBody, xmlArrays: xmlArrays)
        case .endpoint(let endpoint, let back):
            guard let profile else {
                throw DiffOperandError("'\(text)' needs --profile to say whose endpoint '\(endpoint)' is")
            }
            let history = try store()
            let entries = try await history.answeredEntries(profile: profile, endpoint: endpoint, limit: back + 1)
            guard entries.count == back + 1, let entry = entries.last else {
                if entries.isEmpty, !declares(endpoint),
                    try await history.entries(HistoryQuery(profile: profile, endpoint: endpoint, limit: 1)).isEmpty
                {
                    throw DiffOperandError(
                        "'\(text)': unknown endpoint '\(endpoint)': profile \(profile) does not declare it and history has no exchange of it"
                    )
                }
                throw DiffOperandError(
                    "'\(text)': history has \(entries.count) answered exchange\(entries.count == 1 ? "" : "s") of \(profile) \(endpoint)"
                )
            }
            return try await fromHistory(
                id: entry.id, label: "\(endpoint)@-\(back) (#\(entry.id))", store: history, wholeBody: wholeBody,
                xmlArrays: xmlArrays)
        }
    }

    private static func fromHistory(
        id: Int64, label: String, store: HistoryStore, wholeBody: Bool, xmlArrays: [ProfilePath]
    ) async throws -> DiffOperand {
        guard let stored = try await store.exchange(id: id) else {
            throw DiffOperandError("no recorded exchange #\(id)")
        }
        guard let model = stored.diffModel(xmlArrays: xmlArrays, wholeBody: wholeBody) else {
            let why =
                stored.isTruncated ? "its stored body was cut at the history's body limit" : "its body is not JSON"
            throw DiffOperandError("exchange #\(id) has nothing to compare: \(why)")
        }
        let what = model.isWholeBody ? "body" : "model"
        return DiffOperand(
            label: "\(label) \(stored.entry.profile) \(stored.entry.endpoint), \(what)", value: model.value,
            profile: stored.entry.profile, endpoint: stored.entry.endpoint, historyID: id, request: stored.requestKey)
    }
}
