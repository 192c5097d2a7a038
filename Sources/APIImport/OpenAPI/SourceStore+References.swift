import APIMapping
import Foundation

extension SourceStore {
    /// Follows `$ref` until a value that is not a reference, across files.
    ///
    /// Only call this where the OpenAPI structure expects a Reference Object (schemas, parameters,
    /// responses, path items…), never inside `example`/`examples` values, where `$ref` is data.
    ///
    /// - Throws: ``ImportError`` for a missing file or pointer, a refused remote reference, or a
    ///   cycle of references (the chain is named).
    func resolve(_ located: Located) throws(ImportError) -> Located {
        var current = located
        var chain: [(URL, String)] = []
        var seen: Set<String> = []
        while case .object(let object) = current.value, case .string(let ref)? = object["$ref"] {
            let (url, fragment) = try target(of: ref, in: current)
            let key = url.absoluteString + fragment
            chain.append((url, fragment))
            if !seen.insert(key).inserted || chain.count > 64 {
                let names = chain.map { displayName($0.0) + $0.1 }
                throw .cycle(
                    displayName(located.file), located.pointer,
                    chain: [displayName(located.file) + located.pointer] + names)
            }
            if let cached = targetCache[key] {
                current = cached
                continue
            }
            let document = try document(at: url)
            let value = try select(fragment, in: document, file: url, ref: ref, from: current)
            let found = Located(value: value, file: url, pointer: fragment.isEmpty ? "#" : fragment)
            targetCache[key] = found
            current = found
        }
        return current
    }

    /// The file and fragment a `$ref` names, relative to the file it is written in.
    func target(of ref: String, in located: Located) throws(ImportError) -> (URL, String) {
        let hashIndex = ref.firstIndex(of: "#")
        let address = hashIndex.map { String(ref[..<$0]) } ?? ref
        let fragment = hashIndex.map { String(ref[$0...]) } ?? ""
        if address.isEmpty { return (located.file, fragment) }
        let lower = address.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard allowRemoteRefs else { throw .remoteRefused(displayName(located.file), located.pointer, ref) }
            guard let url = URL(string: address) else {
                throw .unresolved(displayName(located.file), located.pointer, "invalid URL in $ref '\(ref)'")
            }
            return (url, fragment)
        }
        let path = address.removingPercentEncoding ?? address
        if lower.hasPrefix("file:") || path.hasPrefix("/") {
            // A description fetched from elsewhere must never reach into this machine's files; a
            // local one only into its own folder.
            guard located.file.isFileURL,
                let url = lower.hasPrefix("file:") ? URL(string: address) : URL(fileURLWithPath: path)
            else {
                throw .unresolved(
                    displayName(located.file), located.pointer,
                    "$ref '\(ref)' names a local file from a description that is not one")
            }
            try checkInsideRoot(url.standardizedFileURL, ref: ref, from: located)
            return (url.standardizedFileURL, fragment)
        }
        if !located.file.isFileURL {
            guard let url = URL(string: address, relativeTo: located.file)?.absoluteURL else {
                throw .unresolved(displayName(located.file), located.pointer, "invalid relative URL in $ref '\(ref)'")
            }
            guard allowRemoteRefs else {
                throw .remoteRefused(displayName(located.file), located.pointer, url.absoluteString)
            }
            return (url, fragment)
        }
        let url = located.file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
        try checkInsideRoot(url, ref: ref, from: located)
        return (url, fragment)
    }

    /// Refuses a local reference that leaves the description's folder (through `../` or a
    /// symbolic link): a description must not pull `~/.ssh` or a token file into a profile.
    private func checkInsideRoot(_ url: URL, ref: String, from located: Located) throws(ImportError) {
        guard let referenceRoot else { return }
        let base = referenceRoot.path.hasSuffix("/") ? referenceRoot.path : referenceRoot.path + "/"
        let resolved = url.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base) else {
            throw .unresolved(
                displayName(located.file), located.pointer,
                "$ref '\(ref)' leaves the description's folder \(referenceRoot.path); "
                    + "give --refs-root with a folder that holds every file of the description")
        }
    }

    private func select(
        _ fragment: String, in document: JSONValue, file: URL, ref: String, from: Located
    ) throws(ImportError) -> JSONValue {
        if fragment.isEmpty || fragment == "#" { return document }
        let pointer: JSONPointer
        do {
            pointer = try JSONPointer(uriFragment: fragment)
        } catch {
            throw .unresolved(displayName(from.file), from.pointer, "invalid JSON pointer in $ref '\(ref)': \(error)")
        }
        var value = document
        for token in pointer.tokens {
            switch value {
            case .object(let object):
                guard let member = object[token] else {
                    throw .unresolved(
                        displayName(from.file), from.pointer,
                        "$ref '\(ref)' not found: \(displayName(file)) has no '\(token)' at \(fragment)")
                }
                value = member
            case .array(let array):
                guard let index = Int(token), array.indices.contains(index) else {
                    throw .unresolved(
                        displayName(from.file), from.pointer, "$ref '\(ref)' not found: no index '\(token)'")
                }
                value = array[index]
            default:
                throw .unresolved(
                    displayName(from.file), from.pointer, "$ref '\(ref)' not found: '\(token)' is below a scalar")
            }
        }
        return value
    }
}
