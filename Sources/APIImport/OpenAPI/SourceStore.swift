import APIClient
import APIMapping
import Foundation

/// A value of a loaded description together with where it was found, so relative `$ref`s inside it
/// resolve against the right file and errors can name the place.
struct Located {
    let value: JSONValue
    let file: URL
    /// The JSON pointer fragment of `value` in `file` (`#/paths/~1pets/get`).
    let pointer: String

    /// The member `key` of an object value, located below this one.
    func child(_ key: String) -> Located? {
        guard case .object(let object) = value, let member = object[key] else { return nil }
        return Located(value: member, file: file, pointer: pointer + "/" + JSONPointer.escaped(token: key))
    }

    /// The members of an object value (empty for other kinds), located below this one.
    var members: [(key: String, value: Located)] {
        guard case .object(let object) = value else { return [] }
        return object.members.map { member in
            (
                member.key,
                Located(
                    value: member.value, file: file, pointer: pointer + "/" + JSONPointer.escaped(token: member.key))
            )
        }
    }

    /// The elements of an array value (empty for other kinds), located below this one.
    var elements: [Located] {
        guard case .array(let array) = value else { return [] }
        return array.enumerated().map { Located(value: $0.element, file: file, pointer: pointer + "/\($0.offset)") }
    }

    /// The member `key` as a string.
    func string(_ key: String) -> String? { value.objectValue?[key]?.stringValue }
}

/// Every file (or fetched document) of one import, parsed once, with the `$ref` resolution rules.
///
/// Not thread-safe: an import runs on one task, with file parsing done in parallel waves before use.
final class SourceStore {
    let root: URL
    /// The folder local references must stay inside (the entry file's, unless the user widens it).
    let referenceRoot: URL?
    let allowRemoteRefs: Bool
    let fetch: (@Sendable (URL) throws -> Data)?
    private(set) var documents: [URL: JSONValue] = [:]
    /// Resolved `$ref` targets, by absolute `file#fragment`.
    var targetCache: [String: Located] = [:]
    /// How many files were parsed.
    var fileCount: Int { documents.count }

    init(root: URL, referenceRoot: URL? = nil, allowRemoteRefs: Bool, fetch: (@Sendable (URL) throws -> Data)?) {
        self.root = root
        self.referenceRoot =
            root.isFileURL ? (referenceRoot ?? root.deletingLastPathComponent()).resolvingSymlinksInPath() : nil
        self.allowRemoteRefs = allowRemoteRefs
        self.fetch = fetch
    }

    /// Registers an already parsed document (the entry file, or a converted Swagger tree).
    func register(_ value: JSONValue, at url: URL) {
        documents[url] = value
    }

    /// The parsed document at `url`, reading and parsing it on first use.
    func document(at url: URL) throws(ImportError) -> JSONValue {
        if let cached = documents[url] { return cached }
        let bytes = try readBytes(url)
        let value = try SourceParser.parse(bytes, name: displayName(url))
        documents[url] = value
        return value
    }

    /// Parses several files at once on all cores, before they are needed (DigitalOcean's 2,034 files).
    ///
    /// Failures are not reported here: a file that fails is parsed again, and its error thrown,
    /// when a reference actually needs it.
    func preload(_ urls: [URL]) {
        let pending = Array(Set(urls.filter { $0.isFileURL && documents[$0] == nil }))
        guard pending.count > 8 else { return }
        let results = ParallelParse.run(pending) { url in
            try SourceParser.parse(try BoundedFile.read(url), name: url.lastPathComponent)
        }
        for (url, value) in zip(pending, results) {
            if let value { documents[url] = value }
        }
    }

    /// The path of `url` relative to the entry file's folder, for messages.
    func displayName(_ url: URL) -> String {
        guard url.isFileURL, root.isFileURL else { return url.absoluteString }
        let base = root.deletingLastPathComponent().standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }

    private func readBytes(_ url: URL) throws(ImportError) -> [UInt8] {
        if url.isFileURL {
            do {
                return try BoundedFile.read(url)
            } catch {
                throw .unreadableFile(displayName(url), error.description)
            }
        }
        guard allowRemoteRefs else { throw .remoteRefused(displayName(root), "", url.absoluteString) }
        guard let fetch else {
            throw .unresolved(url.absoluteString, "", "remote references are allowed but no fetch closure was given")
        }
        do {
            return [UInt8](try fetch(url))
        } catch {
            throw .unreadableFile(url.absoluteString, "fetch failed: \(error)")
        }
    }
}
