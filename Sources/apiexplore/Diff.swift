import APIClient
import APIHistory
import APIMapping
import APITerminalUI
import ArgumentParser
import Foundation

/// `apiexplore diff A B`: the semantic difference between two models.
struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two models as JSON trees: history ids, ENDPOINT@-N or JSON files.",
        discussion: """
            A and B are each a history id (12), an endpoint's exchange counted back from its newest \
            (counter@0 the newest, counter@-1 the one before; counter@1 is refused; needs --profile), or \
            a JSON file (./12 for a file named with digits). A history exchange compares its model as \
            recorded (redacted as stored); --body compares whole bodies.

            Object keys are unordered, numbers compare by value (1, 1.0 and 1e0 are equal), strings as \
            stored (no Unicode normalization), arrays by position or by the profile's identity: keys. \
            Changes under the profile's volatile: paths, and under paths detected as changing on every \
            one of the endpoint's last --detect successful exchanges, are left out unless \
            --include-volatile.

            Exit status: 0 when the models are equal (volatile paths aside), 1 when they differ, 2 when \
            an operand cannot be read.
            """)

    @Argument(help: "The old side: a history id, ENDPOINT@-N, or a JSON file.") var old: String
    @Argument(help: "The new side: a history id, ENDPOINT@-N, or a JSON file.") var new: String
    @Option(help: "The profile whose volatile: and identity: apply, and whose endpoint ENDPOINT@-N names.")
    var profile: String?
    @Flag(help: "One JSON object for scripts instead of text.") var json = false
    @Flag(name: .customLong("include-volatile"), help: "Also list changes under volatile paths.")
    var includeVolatile = false
    @Flag(name: .customLong("body"), help: "Compare whole bodies rather than the models the envelopes find.")
    var wholeBody = false
    @Option(name: .customLong("volatile"), help: "One more volatile path (profile path, or JSONPath with $).")
    var extraVolatile: [String] = []
    @Option(
        name: .customLong("identity"),
        help: ArgumentHelp("Match this array's elements by a key: ARRAY=KEY (data>items=id).", valueName: "array=key"))
    var extraIdentities: [String] = []
    @Option(help: "Detect volatile paths among the endpoint's last N successful exchanges (3 to 50; 0: off).")
    var detect = 5
    @Option(name: .customLong("max-changes"), help: "List at most this many changes (1 to 100000).")
    var maxChanges = 1_000
    @Option(name: .customLong("profiles-dir"), help: "Look for profiles here first.")
    var profilesDirectory: String?
    @OptionGroup var location: History.Location

    func run() async throws {
        do {
            try await compare()
        } catch let error as DiffOperandError {
            Terminal.error(error.description)
            throw ExitCode(2)
        } catch let error as HistoryError {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    private func compare() async throws {
        guard detect == 0 || (VolatileDetection.minimumModels...50).contains(detect) else {
            throw DiffOperandError("--detect must be 0 or between 3 and 50, not \(detect)")
        }
        guard (1...100_000).contains(maxChanges) else {
            throw DiffOperandError("--max-changes must be between 1 and 100000, not \(maxChanges)")
        }
        var extra = DiffSettings()
        for text in extraVolatile { extra.volatile.append(try Self.path(text, flag: "--volatile")) }
        for text in extraIdentities { extra.identities.append(try Self.identity(text)) }
        let oldReference = try DiffOperand.Reference(old)
        let newReference = try DiffOperand.Reference(new)
        var opened: HistoryStore?
        let store = { () throws -> HistoryStore in
            if let opened { return opened }
            let store = try location.open()
            opened = store
            return store
        }
        let loadedProfile = try profile.map { try loadProfile($0) }
        let xmlArrays = loadedProfile?.xmlArrays ?? []
        let declares = { (endpoint: String) in loadedProfile?.endpoint(endpoint) != nil }
        let a = try await DiffOperand.load(
            oldReference, text: old, profile: profile, wholeBody: wholeBody, xmlArrays: xmlArrays, declares: declares,
            store: store)
        let b = try await DiffOperand.load(
            newReference, text: new, profile: profile, wholeBody: wholeBody, xmlArrays: xmlArrays, declares: declares,
            store: store)

        // The settings of the profile named, else of the one both history sides share.
        let profileName = profile ?? (a.profile == b.profile ? a.profile : nil)
        var endpoint = a.endpoint == b.endpoint ? a.endpoint : nil
        if case .endpoint(let name, _) = newReference { endpoint = name }
        var declared = DiffSettings()
        var resolvedProfile = loadedProfile
        if resolvedProfile == nil, let profileName {
            do {
                resolvedProfile = try library().load(named: profileName)
            } catch {
                // A side recorded with a profile that is gone still compares, only without its declarations.
                Terminal.error("note: \(error.description); comparing without its volatile: and identity:")
            }
        }
        if let resolvedProfile { declared = resolvedProfile.diffSettings(endpoint: endpoint) }
        let settings = declared.adding(extra)
        // The exchanges of the newer side's time, not the endpoint's newest: `diff 12 40` reads up to #40.
        let through = [a.historyID, b.historyID].compactMap { $0 }.max()
        var assembled = HistoryDiffOptions(settings: settings, newModel: b.value)
        // Two exchanges that sent different requests differ because of it: nothing is volatile
        // between them, and every change is shown.
        var note: String?
        if let oldRequest = a.request, let newRequest = b.request, oldRequest != newRequest {
            note = RequestKey.note(old: a.shortLabel, oldRequest, new: b.shortLabel, newRequest)
        }
        if detect > 0, note == nil, let profileName, let endpoint {
            assembled = try await store().diffOptions(
                settings: settings, profile: profileName, endpoint: endpoint, detectCount: detect, through: through,
                xmlArrays: xmlArrays, newModel: b.value, request: b.request ?? a.request)
        }
        let detected = assembled.detected
        var options = assembled.options
        options.maximumChanges = maxChanges
        let result = JSONDiff(old: a.value, new: b.value, options: options)
        if json {
            var object = result.jsonValue(includeVolatile: includeVolatile).objectValue ?? JSONObject()
            object.append(key: "old", value: .string(a.label))
            object.append(key: "new", value: .string(b.label))
            object.append(key: "declared_volatile", value: .array(settings.volatile.map { .string($0.description) }))
            object.append(key: "detected_volatile", value: .array(detected.map { .string($0.description) }))
            object.append(key: "same_request", value: note == nil ? .bool(true) : .bool(false))
            if let note { object.append(key: "note", value: .string(note)) }
            Terminal.writeJSON(
                JSONDocument(.object(object)).root, style: Terminal.outputIsTerminal ? .pretty : .compact)
        } else {
            Terminal.write(
                DiffText.lines(
                    result, old: a.label, new: b.label, declared: settings.volatile, detected: detected,
                    includeVolatile: includeVolatile, notes: note.map { [$0] } ?? [], colors: Terminal.outputColors
                ).joined(separator: "\n") + "\n")
        }
        if !result.isEqual { throw ExitCode(1) }
    }

    private func library() -> ProfileLibrary {
        SessionOptions.parseOrExit(profilesDirectory.map { ["--profiles-dir", $0] } ?? [])
            .library(environment: ProcessInfo.processInfo.environment)
    }

    private func loadProfile(_ name: String) throws -> Profile {
        do {
            return try library().load(named: name)
        } catch {
            throw DiffOperandError(error.description)
        }
    }

    static func path(_ text: String, flag: String) throws(DiffOperandError) -> DiffPath {
        do {
            return try DiffPath(text)
        } catch {
            throw DiffOperandError("\(flag): \(error.description)")
        }
    }

    static func identity(_ text: String) throws(DiffOperandError) -> DiffIdentity {
        guard let equals = text.lastIndex(of: "=") else {
            throw DiffOperandError("--identity '\(text)' is not ARRAY=KEY")
        }
        let array = try path(String(text[..<equals]), flag: "--identity")
        let keyText = String(text[text.index(after: equals)...])
        do {
            let key = try ProfilePath(keyText)
            guard !key.segments.isEmpty else { throw DiffOperandError("--identity '\(text)' names no key") }
            return DiffIdentity(array: array, key: key)
        } catch let error as PathSyntaxError {
            throw DiffOperandError("--identity: \(error.description)")
        } catch let error as DiffOperandError {
            throw error
        } catch {
            throw DiffOperandError("--identity: \(error)")
        }
    }
}
