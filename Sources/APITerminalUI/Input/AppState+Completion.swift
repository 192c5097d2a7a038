import APIMapping
import APIScript
import Foundation

/// A Tab completion on the probe or `:` line: the candidates for the word left of the cursor and
/// the one Tab has put on the line.
///
/// The first Tab puts the candidates' common prefix on the line and lists them; each further Tab
/// puts the next candidate on the line (Shift-Tab the previous); Enter or any other key accepts what
/// is on the line and closes the list; Esc cancels: the line goes back to what it was before Tab.
struct Completion: Sendable, Equatable {
    /// One candidate: what the list shows and what it writes after the stem.
    struct Candidate: Sendable, Equatable {
        /// As listed: a key, `[0]` for an array element, a command or endpoint name.
        var label: String
        /// The text that replaces the word being completed (escaped, with its separator).
        var insert: String
    }

    /// The line's text left of the word being completed, as it was.
    var stem: String
    /// The candidates, in model or profile order.
    var candidates: [Candidate]
    /// The candidate on the line; `nil` while the line holds the common prefix.
    var selected: Int?
    /// The line before the first Tab, which Esc puts back.
    var original: LineEditor
}

extension AppState {
    /// The most array elements offered as candidates (`[0]`…`[199]`).
    static let maximumIndexCandidates = 200

    /// The line Tab completes in the current mode.
    private var completedLine: LineEditor {
        get { mode == .probe ? probe.line : commandLine }
        set {
            if mode == .probe { probe.line = newValue } else { commandLine = newValue }
        }
    }

    /// Tab, Shift-Tab, and the keys that close the candidate list, on the probe and `:` lines.
    ///
    /// - Parameter key: The key.
    /// - Returns: The effects when the key was about completion; `nil` to handle it as usual.
    mutating func handleCompletionKey(_ key: Key) -> [AppEffect]? {
        let before = completedLine.text
        switch key {
        case .tab:
            if var shown = completion, shown.candidates.count > 1 {
                shown.selected = ((shown.selected ?? -1) + 1) % shown.candidates.count
                choose(shown)
            } else {
                startCompletion()
            }
        case .backTab:
            guard var shown = completion, !shown.candidates.isEmpty else { return [] }
            let count = shown.candidates.count
            shown.selected = ((shown.selected ?? 0) - 1 + count) % count
            choose(shown)
        case .enter where completion != nil:
            // Accept what is on the line; a second Enter runs it.
            completion = nil
            return []
        case .escape where completion != nil:
            // Cancel: the line as it was before Tab; a second Esc leaves it.
            if let original = completion?.original { completedLine = original }
            completion = nil
        default:
            completion = nil
            return nil
        }
        // An unchanged line keeps its note (why nothing completes) instead of being evaluated again.
        return mode == .probe && completedLine.text != before ? requestProbe() : []
    }

    /// Puts the selected candidate on the line.
    private mutating func choose(_ shown: Completion) {
        completion = shown
        guard let selected = shown.selected else { return }
        completedLine.replaceBeforeCursor(with: shown.stem + shown.candidates[selected].insert)
    }

    /// The first Tab: one candidate is put on the line; several put their common prefix and are listed.
    private mutating func startCompletion() {
        let original = completedLine
        let before = completedLine.beforeCursor
        let found = mode == .probe ? probeCompletions(before) : commandCompletions(before)
        let typed = String(before.dropFirst(found.stem.count))
        let fitting = found.candidates.filter { $0.insert.hasPrefix(typed) }
        guard let first = fitting.first else {
            note(found.problem ?? "no completion for '\(typed)'")
            completion = nil
            return
        }
        let common = fitting.dropFirst().reduce(first.insert) { String($0.commonPrefix(with: $1.insert)) }
        completedLine.replaceBeforeCursor(with: found.stem + common)
        completion =
            fitting.count > 1
            ? Completion(stem: found.stem, candidates: fitting, selected: nil, original: original) : nil
    }

    /// Says why nothing completes: on the probe's result line, or the message line.
    private mutating func note(_ text: String) {
        if mode == .probe {
            probe.result = text
            probe.isError = true
        } else {
            message = text
        }
    }

    // MARK: The probe

    /// Candidates for the last step of a probe: the keys (or `[0]`… elements) of the node the
    /// steps before it reach in the model on screen.
    func probeCompletions(_ before: String) -> (stem: String, candidates: [Completion.Candidate], problem: String?) {
        guard let tree else { return ("", [], "no model to complete from") }
        let isJSONPath = before.hasPrefix("$")
        let cut = isJSONPath ? Self.lastJSONPathStep(in: before) : Self.lastProfileSeparator(in: before)
        let stem: String
        let node: JSONNode?
        do {
            if isJSONPath {
                stem = String(before[..<(cut ?? before.index(after: before.startIndex))])
                node = stem == "$" ? tree.root : try JSONPath(stem).select(in: tree.root).first?.node
            } else if let cut {
                stem = String(before[...cut])
                node = try ProfilePath(String(before[..<cut])).match(in: tree.root)?.node
            } else {
                stem = ""
                node = tree.root
            }
        } catch {
            return ("", [], "cannot complete: \(Self.message(error))")
        }
        guard let node else { return (stem, [], "nothing at \(stem.isEmpty ? "$" : stem)") }
        switch node.kind {
        case .object:
            let keys = tree.children.of(node).compactMap(\.key)
            return (
                stem,
                keys.map {
                    Completion.Candidate(label: $0, insert: isJSONPath ? Self.member($0) : ProfilePath.escaped(key: $0))
                },
                nil
            )
        case .array:
            let indices = 0..<min(node.count, Self.maximumIndexCandidates)
            return (
                stem, indices.map { Completion.Candidate(label: "[\($0)]", insert: isJSONPath ? "[\($0)]" : "\($0)") },
                nil
            )
        default:
            return (stem, [], "\(stem.isEmpty ? "$" : stem) is a \(node.kind): nothing below it")
        }
    }

    /// A key as a JSONPath step: `.name`, or `['a b']` when it is not a plain name.
    static func member(_ key: String) -> String {
        let isPlain =
            key.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if isPlain { return "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        return "['" + escaped + "']"
    }

    /// The last unescaped `>` of a profile path.
    static func lastProfileSeparator(in text: String) -> String.Index? {
        var found: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if text[index] == ">" { found = index }
            index = text.index(after: index)
        }
        return found
    }

    /// Where the last step of a JSONPath starts: its `.` or `[` outside brackets and quotes.
    static func lastJSONPathStep(in text: String) -> String.Index? {
        var found: String.Index?
        var depth = 0
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == "\\" {
                    index = text.index(after: index)
                } else if character == open {
                    quote = nil
                }
            } else {
                switch character {
                case "'", "\"": quote = character
                case "[":
                    if depth == 0 { found = index }
                    depth += 1
                case "]": depth = max(depth - 1, 0)
                case "." where depth == 0: found = index
                default: break
                }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        // `$..name` descends: its last step starts at the first of the two dots.
        if let dot = found, dot > text.startIndex, text[dot] == ".", text[text.index(before: dot)] == "." {
            return text.index(before: dot)
        }
        return found
    }

    // MARK: The `:` line

    /// Candidates for the word left of the cursor on the `:` line: a command name first, an
    /// endpoint after `call`, then that endpoint's parameters (`id=`) and options, history ids
    /// after `replay`.
    func commandCompletions(_ before: String) -> (stem: String, candidates: [Completion.Candidate], problem: String?) {
        let stem = before.lastIndex(of: " ").map { String(before[...$0]) } ?? ""
        let words = stem.split(separator: " ").map(String.init)
        guard let command = words.first else {
            let names = Script.commandNames + Self.localCommands
            return (stem, names.map { Completion.Candidate(label: $0, insert: $0 + " ") }, nil)
        }
        switch command {
        case "call" where words.count == 1:
            return (stem, endpoints.map { Completion.Candidate(label: $0.id, insert: $0.id + " ") }, nil)
        case "call":
            guard let entry = endpoints.first(where: { $0.id == words[1] }) else {
                return (stem, [], "no endpoint '\(words[1])' in this profile")
            }
            let given = Set(
                words.dropFirst(2).compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
            let parameters = entry.parameters.map(\.name).filter { !given.contains($0) }
                .map { Completion.Candidate(label: $0, insert: $0 + "=") }
            let options = ScriptCommand.callOptions.map { Completion.Candidate(label: "--\($0)", insert: "--\($0)=") }
            return (stem, parameters + options, nil)
        case "replay" where words.count == 1:
            return (
                stem, history.map { Completion.Candidate(label: "\($0.id) \($0.endpoint)", insert: "\($0.id) ") }, nil
            )
        default:
            return (stem, [], "nothing to complete after '\(command)'")
        }
    }

    /// Commands the UI runs itself (``handleLocalCommand(_:)``), completed with the language's.
    static let localCommands = ["model", "store", "drift"]
}
