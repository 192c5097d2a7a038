import APIMapping
import Foundation

extension SourceStore {
    /// Parses every local file reachable through `$ref`s from `url`, wave by wave, in parallel.
    ///
    /// This is only a warm-up for the cache: references are still resolved (and their errors
    /// thrown) one by one when the importer follows them.
    func preloadReferencedFiles(from url: URL) {
        var frontier: [URL] = [url]
        var visited: Set<URL> = [url]
        while !frontier.isEmpty {
            var next: [URL] = []
            for file in frontier {
                guard let document = documents[file] else { continue }
                var refs: [String] = []
                Self.collectRefs(in: document, into: &refs)
                for ref in refs {
                    guard let hash = ref.firstIndex(of: "#") ?? Optional(ref.endIndex), hash != ref.startIndex else {
                        continue
                    }
                    let address = String(ref[..<hash])
                    if address.contains("://") { continue }
                    let path = address.removingPercentEncoding ?? address
                    let target =
                        path.hasPrefix("/")
                        ? URL(fileURLWithPath: path).standardizedFileURL
                        : file.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                    if visited.insert(target).inserted { next.append(target) }
                }
            }
            preload(next)
            frontier = next
        }
    }

    private static func collectRefs(in value: JSONValue, into refs: inout [String]) {
        switch value {
        case .object(let object):
            for member in object.members {
                if member.key == "$ref", case .string(let ref) = member.value {
                    refs.append(ref)
                } else {
                    collectRefs(in: member.value, into: &refs)
                }
            }
        case .array(let array):
            for element in array { collectRefs(in: element, into: &refs) }
        default:
            break
        }
    }
}
