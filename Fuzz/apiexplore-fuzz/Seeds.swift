import APIMapping
import Foundation

/// Seed inputs read from the repository's own fixtures.
enum Seeds {
    /// The repository root, found from this file's path (`Fuzz/apiexplore-fuzz/Seeds.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every file under `folder` (relative to the root) whose name ends with one of `suffixes`, up
    /// to 64 KB each.
    static func files(_ folder: String, suffixes: [String]) -> [[UInt8]] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [[UInt8]] = []
        for case let url as URL in walker where suffixes.contains(where: url.lastPathComponent.hasSuffix) {
            guard let data = FileManager.default.contents(atPath: url.path), data.count <= Mutator.maximumLength
            else { continue }
            found.append(Array(data))
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The strings at `key` anywhere in the JSON files under `folder` (the compliance suites'
    /// selectors and pointers).
    static func strings(forKey key: String?, in folder: String) -> [[UInt8]] {
        var found: [[UInt8]] = []
        for bytes in files(folder, suffixes: [".json"]) {
            do {
                collect(try JSONDocument(parsing: bytes).root, key: key, into: &found)
            } catch {
                print("warning: a seed file does not parse, skipped: \(error)")
            }
        }
        return found
    }

    private static func collect(_ node: JSONNode, key: String?, into found: inout [[UInt8]]) {
        switch node.kind {
        case .object:
            for member in node.members {
                if key == nil || member.key == key, let text = member.value.stringValue {
                    found.append(Array(text.utf8))
                } else {
                    collect(member.value, key: key, into: &found)
                }
            }
        case .array:
            for element in node.elements { collect(element, key: key, into: &found) }
        case .string where key == nil:
            if let text = node.stringValue { found.append(Array(text.utf8)) }
        default:
            break
        }
    }
}
