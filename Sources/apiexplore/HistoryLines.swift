import APIHistory
import APIMapping
import APIScript
import APITerminalUI
import Foundation

/// `history list` and `history search` output: one JSON object or one readable line per exchange,
/// gathered into 64 KiB writes (a write per row cost more than the row).
struct HistoryLines {
    /// Whether rows are JSON objects (`--json`) rather than readable lines.
    let json: Bool
    /// The terminal's colours, read once, not per row.
    private let palette: Palette
    private var buffer: [UInt8] = []

    /// The buffer size at which rows are written out.
    static let chunk = 1 << 16

    init(json: Bool) {
        self.json = json
        palette = json ? Palette(colors: .plain) : Palette(colors: Terminal.outputColors)
        buffer.reserveCapacity(Self.chunk + 4096)
    }

    /// Adds one row, writing the buffer out once it is full.
    mutating func append(_ entry: HistoryEntry) {
        let value = ScriptRunner.historyJSON(entry)
        if json {
            // Compact JSON escapes every control and bidi character, so it is safe on a terminal.
            value.appendJSON(to: &buffer)
        } else {
            buffer.append(contentsOf: Transcript.historyLine(value, palette: palette).utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.chunk { flush() }
    }

    /// Writes out what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        Terminal.writeOutput(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
