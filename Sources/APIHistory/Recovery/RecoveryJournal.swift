import APIClient
import APIHTTP
import APIMapping
import Foundation
import Synchronization

/// The exchanges one process could not record, kept in a private file until a later run imports
/// them (``HistoryStore/importRecovered()``).
///
/// Each process writes a file of its own, `RECOVERY/HISTORY-KEY/PID-UUID.jsonl` (0600, in folders
/// created 0700), rewritten whole through ``PrivateFile`` at every exchange kept, so a crash leaves
/// the previous version or the new one. The first line names the history and the columns; each
/// further line is one row, as the store would have inserted it (redacted already):
///
/// ```
/// {"apiexplore_recovery":1,"history":"/home/ada/.local/share/apiexplore/history.sqlite","columns":["recorded_at",…]}
/// [{"real":"1795000000.25"},"demo","user","GET","http://127.0.0.1:8080/cmd/users/1001",…]
/// ```
final class RecoveryJournal: Sendable {
    /// The most exchanges one process keeps; past it an exchange is lost, and the error says so.
    static let maximumRows = 10_000
    /// The most bytes one process's file holds; past it an exchange is lost, and the error says so.
    static let maximumBytes = 64 << 20

    /// The folder of this history's recovery files.
    let folder: URL
    /// This process's file.
    let file: URL
    private let header: String
    private let lines = Mutex<(rows: [String], bytes: Int)>(([], 0))

    /// - Parameters:
    ///   - directory: The recovery folder (under the state folder).
    ///   - history: The history's description (its path, or its URL without a password).
    init(directory: URL, history: String) {
        folder = directory.appendingPathComponent(Self.key(history), isDirectory: true)
        file = folder.appendingPathComponent("\(getpid())-\(UUID().uuidString).jsonl")
        var object = JSONObject()
        object.append(key: "apiexplore_recovery", value: 1)
        object.append(key: "history", value: .string(history))
        object.append(key: "columns", value: .array(ExchangeRow.columnNames.map { .string($0) }))
        header = JSONValue.object(object).jsonText()
    }

    /// The folder name of a history: `h-` and a 64-bit FNV-1a digest of its description, in hex.
    /// The description itself is in each file's first line, and checked when importing.
    static func key(_ history: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in history.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "h-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// How many exchanges this process has kept.
    var count: Int { lines.withLock { $0.rows.count } }

    /// Adds one row and rewrites the file.
    ///
    /// - Parameter arguments: The row's values, in ``ExchangeRow/columnNames`` order.
    /// - Returns: The file's path.
    /// - Throws: ``RecoveryJournal/Full`` past the caps, ``PrivateFile/Failure`` when the file cannot be written.
    func keep(_ arguments: [SQLValue]) throws -> String {
        let line = JSONValue.array(arguments.map(\.recoveryJSON)).jsonText()
        try lines.withLock { state throws in
            guard state.rows.count < Self.maximumRows, state.bytes + line.utf8.count < Self.maximumBytes else {
                throw Full(file: file.path)
            }
            state.rows.append(line)
            state.bytes += line.utf8.count + 1
            // Written while the lock is held, so two exchanges kept at once never write older text last.
            let text = ([header] + state.rows).joined(separator: "\n") + "\n"
            do {
                try PrivateFile.write(Data(text.utf8), to: file.path)
            } catch {
                state.rows.removeLast()
                state.bytes -= line.utf8.count + 1
                throw error
            }
        }
        return file.path
    }

    /// The recovery file is at its cap: the exchange is not kept.
    struct Full: Error, CustomStringConvertible {
        let file: String
        var description: String {
            "the recovery file \(file) already holds \(RecoveryJournal.maximumRows) exchanges or \(RecoveryJournal.maximumBytes >> 20) MiB"
        }
    }
}

extension SQLValue {
    /// The value as JSON, so that it reads back exactly: integers as numbers, reals as `{"real": TEXT}`
    /// (Swift's shortest text that reads back as the same double), bytes as `{"base64": TEXT}`.
    var recoveryJSON: JSONValue {
        switch self {
        case .null: .null
        case .integer(let integer): .number(JSONNumber(integer))
        case .real(let real): .object(["real": .string("\(real)")])
        case .text(let text): .string(text)
        case .blob(let bytes): .object(["base64": .string(Data(bytes).base64EncodedString())])
        }
    }

    /// Reads ``recoveryJSON`` back.
    ///
    /// - Parameter node: One value of a recovery row.
    /// - Returns: The value, or `nil` when the JSON is not one ``recoveryJSON`` writes.
    init?(recoveryJSON node: JSONNode) {
        if node.isNull {
            self = .null
        } else if let text = node.stringValue {
            self = .text(text)
        } else if let number = node.numberValue {
            guard let integer = number.int64 else { return nil }
            self = .integer(integer)
        } else if let real = node["real"]?.stringValue {
            guard let value = Double(real) else { return nil }
            self = .real(value)
        } else if let base64 = node["base64"]?.stringValue {
            guard let data = Data(base64Encoded: base64) else { return nil }
            self = .blob(Array(data))
        } else {
            return nil
        }
    }
}
