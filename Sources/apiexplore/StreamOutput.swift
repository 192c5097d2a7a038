import APIClient
import APIHTTP
import APIMapping
import Foundation
import Synchronization

/// Prints the events of a stream as they arrive, for `request`: one JSON line per event (`json`,
/// `model`), or a readable line (`pretty`). Lines are gathered per chunk of the body and written
/// together, so a fast stream costs one write per chunk, not one per event; a slow one still shows
/// each event the moment it arrives.
final class EventPrinter: Sendable {
    enum Style {
        /// ``EvaluatedStreamEvent/jsonObject`` as one compact line.
        case json
        /// The event's model (the envelope's, else its data) as one compact line.
        case model
        /// `#3 token id=7: {"text":"Hi"}`, sanitized, for people.
        case pretty
    }

    private let style: Style
    private let pending = Mutex([UInt8]())

    init(style: Style) {
        self.style = style
    }

    /// Formats one event into the pending output.
    func print(_ event: EvaluatedStreamEvent) {
        var line: String
        switch style {
        case .json where event.evaluation == nil && event.redaction?.secrets.isEmpty != false:
            // The common case, written straight into the pending output: no object, tree or string per event.
            pending.withLock {
                event.event.appendJSON(to: &$0)
                $0.append(0x0A)
            }
            return
        case .json:
            line = JSONValue.object(event.jsonObject).jsonText()
        case .model:
            line =
                (event.evaluation?.model?.node.value ?? event.event.document?.root.value ?? .string(event.event.data))
                .jsonText()
        case .pretty:
            var head = "#\(event.event.index)"
            if let type = event.event.type { head += " \(type)" }
            if let id = event.event.id { head += " id=\(id)" }
            if let outcome = event.evaluation?.outcome, outcome != .success { head += " [\(outcome.rawValue)]" }
            if let tip = event.evaluation?.tip { head += " \(tip)" }
            let data = event.event.document?.root.jsonText() ?? event.event.data
            line = TerminalSanitizer.sanitize("\(head): \(data)")
            if let error = event.event.error { line += "\n    " + TerminalSanitizer.sanitize(error.description) }
        }
        if let redaction = event.redaction, !redaction.secrets.isEmpty { line = redaction.redact(text: line) }
        pending.withLock {
            $0.append(contentsOf: line.utf8)
            $0.append(0x0A)
        }
    }

    /// Writes a chunk's events, already JSON lines (the `json` style of a call with no envelope per
    /// event and no secret of its own to mask), through the secret gate as ``flush()`` does.
    func write(lines: UnsafeRawBufferPointer) {
        Terminal.writeMaskedChunk(lines)
    }

    /// Writes what was gathered through the secret gate, as every other streamed output goes: an
    /// event can echo a secret the gate knows and the request's redaction does not (another
    /// source's value, a token minted earlier).
    ///
    /// The lines are written from the pending buffer itself, under its lock (only the task reading
    /// the stream prints and flushes), so the buffer keeps its capacity from one chunk to the next.
    func flush() {
        pending.withLock { bytes in
            guard !bytes.isEmpty else { return }
            bytes.withUnsafeBytes { Terminal.writeMaskedChunk($0) }
            bytes.removeAll(keepingCapacity: true)
        }
    }
}

/// A successful body written to standard output as it arrives (`--output raw` into a pipe, or on a
/// terminal with control characters escaped).
final class StandardOutputDestination: DownloadDestination {
    private let sanitizes: Bool
    /// The end of a UTF-8 sequence cut by a chunk boundary, held for the next chunk (terminal only).
    private var carried: [UInt8] = []
    /// Holds back the end of each chunk that could begin a secret, for the next chunk to complete.
    private var masking = SecretPatterns.StreamMasker()

    init(sanitizes: Bool) {
        self.sanitizes = sanitizes
    }

    var name: String { "-" }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) {
        put(Terminal.maskedChunk(bytes, stream: &masking))
    }

    /// Writes masked bytes: as they are into a pipe; on a terminal, complete UTF-8 sequences with
    /// control characters escaped.
    private func put(_ masked: Data) {
        guard sanitizes else {
            if !masked.isEmpty { Terminal.writeOutput(masked) }
            return
        }
        var text = carried + masked
        let complete = Self.completeUTF8Prefix(text)
        carried = Array(text[complete...])
        text.removeSubrange(complete...)
        if !text.isEmpty { Terminal.write(String(decoding: text, as: UTF8.self).terminalSafe) }
    }

    func commit() throws(ResponseStreamError) {
        put(Terminal.maskedEnd(of: &masking))
        if !carried.isEmpty { Terminal.write(String(decoding: carried, as: UTF8.self).terminalSafe) }
        carried = []
    }

    func discard() {
        carried = []
        masking = SecretPatterns.StreamMasker()
    }

    /// Where the last complete UTF-8 sequence of `bytes` ends: at most three bytes of a sequence
    /// that the next chunk completes are left out.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var start = bytes.count
        var back = 0
        while start > 0, back < 3, bytes[start - 1] & 0xC0 == 0x80 {
            start -= 1
            back += 1
        }
        guard start > 0 else { return bytes.count }
        let lead = bytes[start - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > back + 1 ? start - 1 : bytes.count
    }
}
