import Crypto
import Foundation

/// The responses ``ConditionalGETCache`` keeps across runs: one file per URL and `Accept`, named
/// by their SHA-256 (so no URL appears in a file name), readable by the owner only, holding the
/// hash of the credentials it was fetched with; at most the cache's entry count, newest kept.
///
/// `Set-Cookie` headers are not kept: a cookie belongs in the cookie jar, not in a cache file.
struct ValidatorStore: Sendable {
    /// A stored response and its validators.
    struct Record: Codable, Sendable {
        var status: Int
        var reason: String
        var headers: [[String]]
        var body: Data
        var httpVersion: String
        var etag: String?
        var lastModified: String?
        /// The hash of the credentials the response was fetched with.
        var credential: String
    }

    /// Why the store could not read or write a file.
    struct Failure: Error, CustomStringConvertible {
        let file: String
        let message: String
        var description: String { "validator store \(file): \(message)" }
    }

    let directory: URL

    /// The largest record file read.
    static let maximumFileBytes = 1 << 30

    func file(for key: String) -> URL {
        let digest = SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
        return directory.appending(path: digest + ".json")
    }

    /// The stored entry; `nil` when there is none.
    func load(_ key: String) throws(Failure) -> Record? {
        let url = file(for: key)
        let bytes: [UInt8]?
        do throws(StateFile.Refusal) {
            // A record holds a body as Base64 in JSON: a third over the largest body the transport takes.
            bytes = try StateFile.read(url.path, maximumBytes: Self.maximumFileBytes)
        } catch {
            throw Failure(file: url.path, message: error.reason)
        }
        guard let bytes else { return nil }
        do {
            return try JSONDecoder().decode(Record.self, from: Data(bytes))
        } catch {
            throw Failure(file: url.path, message: "unreadable (\(error)); it will be replaced")
        }
    }

    /// Writes the record atomically with mode 0600, creating the directory (0700) when missing.
    /// - Returns: Whether the file is new (so the folder may need pruning).
    @discardableResult
    func save(_ record: Record, under key: String) throws(Failure) -> Bool {
        let url = file(for: key)
        let isNew = !FileManager.default.fileExists(atPath: url.path)
        let data: Data
        do {
            data = try JSONEncoder().encode(record)
        } catch {
            throw Failure(file: url.path, message: "cannot encode: \(error)")
        }
        do {
            try PrivateFile.write(data, to: url.path)
        } catch {
            throw Failure(file: url.path, message: error.message)
        }
        return isNew
    }

    /// Keeps the `count` most recently written entries and removes the rest.
    func prune(keeping count: Int) throws(Failure) {
        let manager = FileManager.default
        do {
            let files = try manager.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.contentModificationDateKey]
            ).filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
            guard files.count > count else { return }
            let dated = try files.map { file in
                (
                    file,
                    try file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
                        ?? .distantPast
                )
            }
            for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(files.count - count) {
                try manager.removeItem(at: file)
            }
        } catch {
            throw Failure(file: directory.path, message: "pruning: \(error)")
        }
    }

    /// Forgets the entry, if any.
    func remove(_ key: String) throws(Failure) {
        let url = file(for: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw Failure(file: url.path, message: "\(error)")
        }
    }
}

extension ValidatorStore.Record {
    init(_ response: HTTPResponseRecord, etag: String?, lastModified: String?, credential: String) {
        self.init(
            status: response.status, reason: response.reason,
            headers: response.headers.filter { $0.name.lowercased() != "set-cookie" }.map { [$0.name, $0.value] },
            body: Data(response.body), httpVersion: response.httpVersion, etag: etag, lastModified: lastModified,
            credential: credential)
    }

    var response: HTTPResponseRecord {
        HTTPResponseRecord(
            status: status, reason: reason,
            headers: headers.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil }, body: [UInt8](body),
            httpVersion: httpVersion, timing: .init(headersReceived: .zero, bodyComplete: .zero))
    }
}
