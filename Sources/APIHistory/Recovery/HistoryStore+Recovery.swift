import APIClient
import APIMapping
import Foundation

/// What ``HistoryStore/importRecovered()`` did: the exchanges it put into the history, those it
/// found there already, and the files that could not be imported (left in place) with why.
public struct RecoveryImport: Sendable, Equatable {
    /// Exchanges inserted.
    public var imported = 0
    /// Exchanges already in the history (recorded after all, by a write that finished late).
    public var alreadyThere = 0
    /// The recovery files read and removed.
    public var files: [String] = []
    /// Files left for a later run, each with why: `path: reason`.
    public var problems: [String] = []

    /// Nothing was found to import.
    public var isEmpty: Bool { imported == 0 && alreadyThere == 0 && problems.isEmpty }
}

extension HistoryStore {
    /// Puts the exchanges earlier processes could not record into the history, then removes their
    /// recovery files (see ``HistoryConfiguration/recoveryDirectory``).
    ///
    /// Each file is imported in one transaction, its rows inserted as they were kept (with the time
    /// they were recorded, so listings show them where they belong by date, under new ids). A row
    /// already in the history (same profile, endpoint and recording time: its write finished after
    /// all) is skipped. This store's own file, and the files of other processes still running, are
    /// left to them; a file is first renamed so that two processes starting at once never import it
    /// twice. A file that cannot be
    /// imported is left for a later run and named in ``RecoveryImport/problems``.
    ///
    /// ```swift
    /// let report = try await store.importRecovered()
    /// report.imported  // 3
    /// ```
    ///
    /// - Returns: What was imported.
    /// - Throws: ``HistoryError`` when the history cannot be written (the files stay).
    public func importRecovered() async throws(HistoryError) -> RecoveryImport {
        var report = RecoveryImport()
        guard let recovery else { return report }
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: recovery.folder.path).sorted()
        } catch {
            // No folder: nothing was ever kept for this history.
            return report
        }
        for name in names {
            // A file of a process that still runs is its own; one an importer claimed and died with is taken over.
            let claimer = name.range(of: ".jsonl.importing-").flatMap { pid_t(name[$0.upperBound...]) }
            guard let process = claimer ?? (name.hasSuffix(".jsonl") ? Self.recoveryOwner(name) : nil),
                name != recovery.file.lastPathComponent, process == getpid() || !Self.isRunning(process)
            else { continue }
            let original = recovery.folder.appendingPathComponent(name).path
            // Claimed by renaming: only one process's rename of a name succeeds.
            let claimed = original.components(separatedBy: ".jsonl")[0] + ".jsonl.importing-\(getpid())"
            guard rename(original, claimed) == 0 else { continue }
            do throws(HistoryError) {
                let counts = try await importRecoveryFile(claimed, named: original)
                report.imported += counts.imported
                report.alreadyThere += counts.alreadyThere
                do {
                    try manager.removeItem(atPath: claimed)
                } catch {
                    report.problems.append("\(claimed): imported, but cannot be removed: \(error.localizedDescription)")
                }
                report.files.append(original)
            } catch {
                // Left for a later run under its first name.
                let back =
                    original.hasSuffix(".jsonl") ? original : claimed.components(separatedBy: ".jsonl")[0] + ".jsonl"
                if rename(claimed, back) != 0 {
                    report.problems.append("\(claimed): cannot be renamed back: \(String(cString: strerror(errno)))")
                }
                if error.isUnavailable || error.isReadOnly { throw error }
                report.problems.append(error.message)
            }
        }
        return report
    }

    /// The process id a recovery file's name starts with (`PID-UUID.jsonl`), `nil` for any other name.
    private static func recoveryOwner(_ name: String) -> pid_t? {
        guard let dash = name.firstIndex(of: "-") else { return nil }
        return pid_t(name[..<dash])
    }

    /// Whether a process with that id runs (a file claimed by an importer that died is taken over).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Imports one claimed file in one transaction.
    private func importRecoveryFile(_ path: String, named name: String) async throws(HistoryError) -> (
        imported: Int, alreadyThere: Int
    ) {
        let rows = try Self.readRecoveryFile(path, named: name, history: location.description)
        let select = "SELECT id FROM exchange WHERE profile = ? AND endpoint = ? AND recorded_at = ?"
        let positions = (
            recordedAt: ExchangeRow.columnNames.firstIndex(of: "recorded_at") ?? 0,
            profile: ExchangeRow.columnNames.firstIndex(of: "profile") ?? 1,
            endpoint: ExchangeRow.columnNames.firstIndex(of: "endpoint") ?? 2
        )
        do {
            try await ensureMigrated()
            // Bounded as recording is, with room for a file of many rows.
            let deadline = max(configuration.recordTimeout, .seconds(10))
            return try await backend.transaction(.write, deadline: deadline) { connection in
                var counts = (imported: 0, alreadyThere: 0)
                for row in rows {
                    let key = [row[positions.profile], row[positions.endpoint], row[positions.recordedAt]]
                    if try await !connection.fetchAll(select, key).isEmpty {
                        counts.alreadyThere += 1
                    } else {
                        try await connection.execute(ExchangeRow.insertSQL + " VALUES " + ExchangeRow.placeholders, row)
                        counts.imported += 1
                    }
                }
                return counts
            }
        } catch {
            throw recordingFailure(error)
        }
    }

    /// A recovery file's rows, in ``ExchangeRow/columnNames`` order.
    ///
    /// - Parameters:
    ///   - path: The file to read (claimed under another name).
    ///   - name: The file's name in messages.
    ///   - history: This history's description, which the file must name.
    /// - Throws: ``HistoryError`` naming the file and line when it is not a recovery file of this
    ///   history, or a row is malformed.
    static func readRecoveryFile(_ path: String, named name: String, history: String) throws(HistoryError)
        -> [[SQLValue]]
    {
        func problem(_ line: Int, _ text: String) -> HistoryError {
            HistoryError(.database, path: history, message: "recovery file \(name):\(line): \(text)")
        }
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(
                URL(fileURLWithPath: path), maximumBytes: RecoveryJournal.maximumBytes + (1 << 20))
        } catch {
            throw problem(0, "\(error)")
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        guard let first = lines.first else { throw problem(1, "empty") }
        let header: JSONDocument
        do {
            header = try JSONDocument(parsing: Array(first))
        } catch {
            throw problem(1, "\(error)")
        }
        guard header.root["apiexplore_recovery"]?.numberValue?.int == 1 else {
            throw problem(1, "not an apiexplore recovery file of a version this one reads")
        }
        guard header.root["history"]?.stringValue == history else {
            throw problem(1, "kept for another history (\(header.root["history"]?.stringValue ?? "?"))")
        }
        let columns = (header.root["columns"]?.elements).map { $0.compactMap(\.stringValue) } ?? []
        let known = Set(ExchangeRow.columnNames)
        if let unknown = columns.first(where: { !known.contains($0) }) {
            throw problem(1, "column \(unknown) is unknown to this version of apiexplore")
        }
        let order = ExchangeRow.columnNames.map { columns.firstIndex(of: $0) }
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(lines.count - 1)
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: Array(line))
            } catch {
                throw problem(number, "\(error)")
            }
            let values = Array(document.root.elements)
            guard values.count == columns.count else {
                throw problem(number, "\(values.count) values for \(columns.count) columns")
            }
            var row: [SQLValue] = []
            row.reserveCapacity(order.count)
            for (column, position) in zip(ExchangeRow.columnNames, order) {
                guard let position else {
                    row.append(.null)
                    continue
                }
                guard let value = SQLValue(recoveryJSON: values[position]) else {
                    throw problem(number, "the value of \(column) is not one a recovery file holds")
                }
                row.append(value)
            }
            rows.append(row)
        }
        return rows
    }
}
