import Foundation
import Testing

/// The documentation a newcomer reads first stays short, and none of its relative links is broken.
@Suite struct DocumentationLinkTests {
    static let root = Subprocess.repositoryRoot

    /// README, CONTRIBUTING and every Markdown file under docs/.
    static func documents() throws -> [URL] {
        var files = [root.appendingPathComponent("README.md"), root.appendingPathComponent("CONTRIBUTING.md")]
        let docs = root.appendingPathComponent("docs")
        let walker = try #require(FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "md" { files.append(url) }
        return files.sorted { $0.path < $1.path }
    }

    /// The targets of `[text](target)` links in Markdown text.
    static func links(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            found.append(String(rest[..<close]))
            rest = rest[close...]
        }
        return found
    }

    @Test func theReadmeStaysShort() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 250, "README.md has \(lines) lines")
    }

    @Test func everyRelativeLinkResolves() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 10)
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for target in Self.links(in: text) {
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:")
                    || target.hasPrefix("#")
                {
                    continue
                }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                let resolved = document.deletingLastPathComponent().appendingPathComponent(path).standardized
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(document.lastPathComponent): '\(target)' does not resolve")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }
}
