import Foundation
import Testing

/// Compares text with `Snapshots/NAME.txt` next to the calling test file; `RECORD_SNAPSHOTS=1` rewrites the file instead.
func assertSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return
    }
    guard FileManager.default.fileExists(atPath: file.path) else {
        Issue.record(
            "no snapshot \(name).txt: run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    if expected != text {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var difference = ""
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let old = index < expectedLines.count ? String(expectedLines[index]) : "(none)"
            let new = index < actualLines.count ? String(actualLines[index]) : "(none)"
            if old != new { difference += "line \(index + 1)\n- \(old)\n+ \(new)\n" }
        }
        Issue.record(
            "snapshot \(name).txt differs (RECORD_SNAPSHOTS=1 re-records):\n\(difference)",
            sourceLocation: sourceLocation)
    }
}
