import APIMapping
public import Foundation

/// Reads a Bruno collection: a folder with `bruno.json`, `collection.bru` (headers, auth and
/// variables of the whole collection), `environments/*.bru`, and one `.bru` file per request in
/// folders (each folder's `folder.bru` may give it a name and an auth).
///
/// A request's `auth: inherit` takes its folder's auth, else the collection's; requests are in
/// folder order, then by `seq`. Environment `vars:secret` names are secrets.
///
/// ```swift
/// let collection = try BrunoCollectionReader.read(directory: URL(fileURLWithPath: "api-tests"))
/// ```
public enum BrunoCollectionReader {
    /// At most this many `.bru` files are read.
    public static let maximumFiles = 10_000

    /// Reads a collection folder.
    ///
    /// - Parameter directory: The folder holding `bruno.json`.
    /// - Returns: The collection.
    /// - Throws: ``CollectionImportError`` for a missing `bruno.json`, an unreadable file, or a
    ///   `.bru` file that does not parse (at its line).
    public static func read(directory: URL) throws(CollectionImportError) -> APICollection {
        let root = directory.standardizedFileURL
        var files: [(path: String, text: String)] = []
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else {
            throw CollectionImportError(file: directory.path, message: "cannot list this folder")
        }
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix("node_modules") { continue }
            guard url.pathExtension == "bru" || relative == "bruno.json" else { continue }
            guard files.count < maximumFiles else {
                throw CollectionImportError(file: directory.path, message: "more than \(maximumFiles) .bru files")
            }
            do {
                files.append((relative, try String(contentsOf: url, encoding: .utf8)))
            } catch {
                throw CollectionImportError(file: url.path, message: "cannot read: \(error.localizedDescription)")
            }
        }
        guard files.contains(where: { $0.path == "bruno.json" }) else {
            throw CollectionImportError(
                file: directory.path, message: "no bruno.json: is this a Bruno collection folder?")
        }
        return try read(files: files, folder: directory.path)
    }

    /// Reads a collection from its files' paths (relative to the collection folder) and texts.
    ///
    /// - Parameters:
    ///   - files: `bruno.json`, `collection.bru`, `environments/…`, and the request files.
    ///   - folder: How errors name the collection folder.
    /// - Returns: The collection.
    /// - Throws: ``CollectionImportError`` for a file that does not parse.
    public static func read(files: [(path: String, text: String)], folder: String) throws(CollectionImportError)
        -> APICollection
    {
        let name = "\(folder)/"
        var collection = APICollection(name: "bruno", source: "a Bruno collection")
        if let config = files.first(where: { $0.path == "bruno.json" }) {
            let root = try PostmanNodes.parse(config.text, file: name + config.path)
            collection.name = PostmanNodes.text(root["name"]) ?? collection.name
        }
        var collectionAuth: CollectionAuth?
        var collectionHeaders: [CollectionPair] = []
        var folderAuth: [String: CollectionAuth] = [:]
        var folderNames: [String: String] = [:]
        var requests: [(folder: String, seq: Int, file: String, request: CollectionRequest)] = []
        for (path, text) in files.sorted(by: { $0.path < $1.path }) where path.hasSuffix(".bru") {
            let bru = try BruFile(parsing: text, file: name + path)
            let directory = path.split(separator: "/").dropLast().joined(separator: "/")
            if path == "collection.bru" {
                collectionAuth = BrunoRequest.auth(bru, mode: bru.value("mode", in: "auth"))
                collectionHeaders = BrunoRequest.pairs(bru.block("headers"))
                collection.variables += BrunoRequest.pairs(bru.block("vars:pre-request")).map {
                    CollectionVariable(name: $0.name, value: $0.value)
                }
                collection.description = bru.block("docs")?.text
                if bru.block("script:pre-request") != nil || bru.block("tests") != nil {
                    collection.notes.append("the collection's own scripts are not run")
                }
            } else if path.hasPrefix("environments/") {
                var environment = CollectionEnvironment(
                    name: String(path.dropFirst("environments/".count).dropLast(4)))
                let secrets = Set(bru.block("vars:secret")?.items ?? [])
                environment.variables = BrunoRequest.pairs(bru.block("vars")).map {
                    CollectionVariable(name: $0.name, value: $0.value, secret: secrets.contains($0.name))
                }
                for secret in secrets where !environment.variables.contains(where: { $0.name == secret }) {
                    environment.variables.append(CollectionVariable(name: secret, value: "", secret: true))
                }
                collection.environments.append(environment)
            } else if path.hasSuffix("/folder.bru") || path == "folder.bru" {
                if let auth = BrunoRequest.auth(bru, mode: bru.value("mode", in: "auth")) {
                    folderAuth[directory] = auth
                }
                if let named = bru.value("name", in: "meta") { folderNames[directory] = named }
            } else {
                let request = try BrunoRequest.request(bru, file: name + path)
                let seq = Int(bru.value("seq", in: "meta") ?? "") ?? Int.max
                requests.append((directory, seq, path, request))
            }
        }
        requests.sort { ($0.folder, $0.seq, $0.file) < ($1.folder, $1.seq, $1.file) }
        for (folder, _, _, request) in requests {
            var request = request
            let segments = folder.split(separator: "/").map(String.init)
            request.folders = segments.indices.map { index in
                folderNames[segments[...index].joined(separator: "/")] ?? segments[index]
            }
            if case .unsupported("inherit")? = request.auth {
                // The nearest folder with an auth of its own, else the collection's.
                var inherited = collectionAuth
                for depth in stride(from: segments.count, through: 1, by: -1) {
                    if let auth = folderAuth[segments[..<depth].joined(separator: "/")] {
                        inherited = auth
                        break
                    }
                }
                request.auth = inherited
            }
            request.headers =
                collectionHeaders.filter { header in
                    !request.headers.contains { $0.name.lowercased() == header.name.lowercased() }
                } + request.headers
            collection.requests.append(request)
        }
        return collection
    }
}
