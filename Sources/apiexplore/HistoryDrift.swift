import APIHistory
import APIMapping
import APIScript
import ArgumentParser
import Foundation

extension History {
    /// `history drift [ENDPOINT]`: the exchanges whose model broke the shape of the endpoint's earlier ones.
    struct Drift: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "drift",
            abstract: "List the exchanges whose model broke the shape of the endpoint's earlier successful models.",
            discussion: """
                The newest \(HistoryStore.shapeSampleLimit) successful models of each endpoint are checked, \
                oldest to newest, each against the shape inferred from the \(HistoryStore.shapeSampleLimit) \
                models before it (as the TUI's Status marker checks an exchange): a type never seen (data>user>age: int → string), a key never seen \
                (data>items[]>price: new), a key that was always present and is not. A string outside a small \
                set seen before is a note, not drift. Fewer than \(JSONShape.minimumSamples) earlier models \
                report nothing.
                """)

        @Argument(help: "Only this endpoint (every endpoint with successful exchanges when omitted).")
        var endpoint: String?
        @Option(help: "Only this profile's endpoints.") var profile: String?
        @Flag(help: "One JSON object per exchange that drifted or has notes.") var json = false
        @OptionGroup var location: Location

        func run() async throws {
            let store = try location.open()
            var known: Bool?
            do {
                // Twice the window: the oldest reported exchange has a full window before it too.
                let groups = try await ShapeGroups.read(
                    store, profile: profile, endpoint: endpoint, keep: 2 * HistoryStore.shapeSampleLimit)
                if let endpoint, groups.isEmpty {
                    known = try await !store.entries(HistoryQuery(profile: profile, endpoint: endpoint, limit: 1))
                        .isEmpty
                }
                for group in groups {
                    let models = try await store.models(of: group.entries)
                    report(group, models)
                }
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            // An endpoint named with no successful exchange: unknown (exit 2) when history has no
            // exchange of it at all, else there is nothing to check.
            guard let endpoint, let known else { return }
            guard known else {
                let whose = profile.map { " of profile \($0)" } ?? ""
                Terminal.error("unknown endpoint '\(endpoint)'\(whose): history has no exchange of it")
                throw ExitCode(2)
            }
            if !json { Terminal.write("\(endpoint): no successful exchange, nothing to check".terminalSafe + "\n") }
        }

        private func report(_ group: ShapeGroups.Group, _ all: RecordedModels) {
            let window = HistoryStore.shapeSampleLimit
            // Only the newest `window` exchanges are reported; the ones before are their earlier samples.
            let newest = group.entries.suffix(window).first?.id ?? 0
            let start = all.models.firstIndex { $0.entry.id >= newest } ?? all.models.endIndex
            let drifts = JSONShape.driftWalk(
                all.models.map { (model: $0.model, path: $0.path) }, window: window, from: start)
            var read = all
            read.models = Array(all.models[start...])
            read.unreadable = all.unreadable.filter { $0 >= newest }
            let found = zip(read.models, drifts).compactMap { model, drift -> (RecordedModel, JSONShapeDrift)? in
                guard let drift, !drift.changes.isEmpty || !drift.notes.isEmpty else { return nil }
                return (model, drift)
            }
            if json {
                for (model, drift) in found {
                    var object = ScriptRunner.historyJSON(model.entry).objectValue ?? JSONObject()
                    object.append(key: "drift", value: .bool(!drift.isEmpty))
                    object.append(key: "changes", value: .array(drift.changes.map(\.jsonValue)))
                    object.append(key: "notes", value: .array(drift.notes.map(\.jsonValue)))
                    if drift.isCut { object.append(key: "cut", value: true) }
                    Terminal.writeJSON(JSONDocument(.object(object)).root, style: .compact)
                }
                return
            }
            var head = "\(group.profile) \(group.endpoint): \(read.models.count) models"
            if !read.unreadable.isEmpty { head += " (\(read.unreadable.count) unreadable)" }
            let drifted = found.filter { !$0.1.isEmpty }.count
            if read.models.count <= JSONShape.minimumSamples {
                head += ", too few to check (more than \(JSONShape.minimumSamples) needed)"
            } else {
                head += drifted == 0 ? ", no drift" : ", drift at \(drifted) exchange\(drifted == 1 ? "" : "s")"
            }
            var lines = [head]
            for (model, drift) in found {
                let date = ISO8601DateFormatter().string(from: model.entry.date)
                let count = drift.changes.count
                let what = drift.isEmpty ? "notes only" : "\(count) change\(count == 1 ? "" : "s")"
                lines.append("  #\(model.entry.id) \(date)  \(what)\(drift.isCut ? " (more not shown)" : "")")
                lines += drift.changes.map { "    \($0)" }
                lines += drift.notes.map { "    note: \($0)" }
            }
            Terminal.write(lines.map(\.terminalSafe).joined(separator: "\n") + "\n")
        }
    }
}

/// The successful exchanges of each endpoint, the newest few per endpoint, read through
/// `HistoryStore.entries` in pages.
enum ShapeGroups {
    /// One profile's endpoint and its successful exchanges, oldest first.
    struct Group {
        let profile: String
        let endpoint: String
        var entries: [HistoryEntry]
    }

    /// How many successful exchanges are scanned, newest first, to find the endpoints: a history with
    /// more reads only its newest ones.
    static let scanLimit = 20_000

    /// Reads the newest `keep` successful exchanges of each endpoint (of `profile`, or of `endpoint` only).
    static func read(
        _ store: HistoryStore, profile: String?, endpoint: String?, keep: Int = HistoryStore.shapeSampleLimit
    ) async throws(HistoryError) -> [Group] {
        var groups: [String: Group] = [:]
        var before: Int64?
        var scanned = 0
        while scanned < scanLimit {
            let page = try await store.entries(
                HistoryQuery(
                    profile: profile, endpoint: endpoint, outcomes: [.success], limit: 1000, before: before))
            guard let last = page.last else { break }
            scanned += page.count
            before = last.id
            for entry in page {
                let key = entry.profile + "\u{0}" + entry.endpoint
                var group = groups[key] ?? Group(profile: entry.profile, endpoint: entry.endpoint, entries: [])
                if group.entries.count < keep { group.entries.append(entry) }
                groups[key] = group
            }
        }
        return groups.values.sorted { ($0.profile, $0.endpoint) < ($1.profile, $1.endpoint) }.map {
            Group(profile: $0.profile, endpoint: $0.endpoint, entries: $0.entries.reversed())
        }
    }
}
