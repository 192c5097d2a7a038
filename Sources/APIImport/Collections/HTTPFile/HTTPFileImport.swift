public import Foundation

/// Reads a `.http`/`.rest` file with the environment files beside it: `http-client.env.json`
/// and `http-client.private.env.json` (whose values are secrets) unless others are named.
///
/// A body written `< ./file` is read when the file lies in the `.http` file's folder (or below
/// it), is a regular file and is at most 1 MiB; otherwise the request notes the file instead.
///
/// ```swift
/// let collection = try HTTPFileImport.read(file: URL(fileURLWithPath: "api/requests.http"))
/// collection.environments.map(\.name)   // ["dev", "prod"] from api/http-client.env.json
/// ```
public enum HTTPFileImport {
    /// The largest body file read into a request.
    public static let maximumBodyFile = 1 << 20

    /// Reads a file and its environments.
    ///
    /// - Parameters:
    ///   - file: The `.http` or `.rest` file.
    ///   - environmentFile: The public environments (default: `http-client.env.json` beside it, if any).
    ///   - privateFile: The private environments (default: `http-client.private.env.json` beside it, if any).
    /// - Returns: The collection.
    /// - Throws: ``CollectionImportError`` for an unreadable or malformed file, at its line.
    public static func read(file: URL, environmentFile: URL? = nil, privateFile: URL? = nil)
        throws(CollectionImportError) -> APICollection
    {
        let text = try readText(file)
        let folder = file.deletingLastPathComponent().standardizedFileURL
        var parser = HTTPFileParser(file: file.path)
        parser.readFile = { path in bodyFile(path, folder: folder) }
        var collection = try parser.parse(text)
        let defaults = [
            (environmentFile, "http-client.env.json", false), (privateFile, "http-client.private.env.json", true),
        ]
        for (given, name, secret) in defaults {
            let url = given ?? folder.appendingPathComponent(name)
            guard given != nil || FileManager.default.fileExists(atPath: url.path) else { continue }
            let read = try HTTPClientEnvironment.read(try readText(url), file: url.path, secret: secret)
            HTTPClientEnvironment.merge(read, into: &collection)
        }
        return collection
    }

    static func readText(_ url: URL) throws(CollectionImportError) -> String {
        do {
            let data = try Data(contentsOf: url)
            guard let text = String(data: data, encoding: .utf8) else {
                throw CollectionImportError(file: url.path, message: "not UTF-8 text")
            }
            return text
        } catch let error as CollectionImportError {
            throw error
        } catch {
            throw CollectionImportError(file: url.path, message: "cannot read: \(error.localizedDescription)")
        }
    }

    /// A body file's text, when it is a regular file of at most 1 MiB under `folder`.
    static func bodyFile(_ path: String, folder: URL) -> String? {
        let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
        guard url.path.hasPrefix(folder.path + "/") else { return nil }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            return nil
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maximumBodyFile
        else { return nil }
        do {
            return String(data: try Data(contentsOf: url), encoding: .utf8)
        } catch {
            return nil
        }
    }
}
