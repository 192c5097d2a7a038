import APIClient
import APIHTTP
import APIMapping
import Foundation
import Synchronization

/// Progress on standard error, only when it is a terminal, on one line erased before the next
/// report is printed: a download's or an upload's bytes, total and rate (redrawn at most ten times a
/// second), or a walk's pages and items.
final class ProgressLine: Sendable {
    private struct State {
        var started: ContinuousClock.Instant?
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
    }

    private let state = Mutex(State())

    /// A progress callback, or `nil` when standard error is not a terminal.
    static func make() -> ProgressLine? { Terminal.errorIsTerminal ? ProgressLine() : nil }

    func update(_ report: ProgressReport) {
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            let started = state.started ?? now
            state.started = started
            if let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
            state.lastDraw = now
            state.drawn = true
            let elapsed = (now - started).seconds
            let rate = elapsed > 0 ? Double(report.bytesReceived) / elapsed : 0
            let total = report.expectedLength.map { " / \(Self.size($0))" } ?? ""
            return "\r\u{1B}[K  ↓ \(Self.size(report.bytesReceived))\(total)  \(Self.size(Int(rate)))/s"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Shows an upload's progress: bytes sent of the total, the rate and the time left.
    func update(_ report: UploadProgress) {
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            let started = state.started ?? now
            state.started = started
            let done = report.bytesSent >= report.totalBytes
            if !done, let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
            state.lastDraw = now
            state.drawn = true
            let elapsed = (now - started).seconds
            let rate = elapsed > 0 ? Double(report.bytesSent) / elapsed : 0
            let left = rate > 0 ? Double(report.totalBytes - report.bytesSent) / rate : 0
            let eta = done ? "" : rate > 0 ? "  ETA \(Int(left.rounded(.up)))s" : ""
            return "\r\u{1B}[K  ↑ \(Self.size(report.bytesSent)) / \(Self.size(report.totalBytes))  "
                + "\(Self.size(Int(min(rate, Double(Int.max / 2)))))/s\(eta)"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Shows where a walk of pages is: `page 3 of 17 · 612 items`.
    func update(_ walk: PageWalker) {
        let of = walk.totalPages.map { " of \($0)" } ?? ""
        state.withLock { $0.drawn = true }
        FileHandle.standardError.write(
            Data("\r\u{1B}[K  page \(walk.currentPage)\(of) · \(walk.itemsSeen) items".utf8))
    }

    /// Erases the line, if anything was drawn, and starts the next request's timing afresh.
    func finish() {
        let drawn = state.withLock { state in
            defer { state = State() }
            return state.drawn
        }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    static func size(_ bytes: Int) -> String { ByteCountDisplay.text(bytes) }
}
