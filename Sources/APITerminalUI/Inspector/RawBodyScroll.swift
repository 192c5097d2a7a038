import APIMapping

/// Where the raw view is in a body, and how much of it has been looked at to get there.
///
/// Text keeps the byte offset of its top line and scans to the neighbouring newline to move; pretty
/// JSON keeps a ``PrettyJSONCursor`` on its top line, plus a copy every ``checkpointSpacing`` lines
/// passed so moving up restarts near the target; hex lines are 16 bytes each and need nothing.
/// Only `G` scans to the end (to count the lines); ``scanned`` says how much the moves read.
struct RawBodyScroll: Sendable {
    /// The lines between two pretty-JSON checkpoints.
    static let checkpointSpacing = 512

    /// How the body is drawn.
    let format: RawFormat
    /// Hex: the bytes a line shows (what fills the pane's width).
    let bytesPerLine: Int
    /// The top line shown, from 0.
    private(set) var line = 0
    /// Text: the byte offset of the top line.
    private(set) var offset = 0
    /// Pretty JSON: the cursor on the top line.
    private(set) var pretty: PrettyJSONCursor?
    /// Pretty JSON: the cursor at every ``checkpointSpacing``-th line passed so far.
    private var checkpoints: [PrettyJSONCursor] = []
    /// The number of lines, once a move reached the last one.
    private(set) var lineCount: Int?
    /// Bytes (text) or pretty lines stepped over by moves so far: what virtualisation saves.
    private(set) var scanned = 0

    /// The top of a body in `format`; pretty needs the parsed root, hex the bytes a line shows.
    init(format: RawFormat, root: JSONNode?, byteCount: Int, bytesPerLine: Int = 16) {
        self.format = format
        self.bytesPerLine = max(bytesPerLine, 1)
        if format == .pretty, let root {
            let cursor = PrettyJSONCursor(root: root)
            pretty = cursor
            checkpoints = [cursor]
        }
        if format == .hex { lineCount = HexDump.lineCount(byteCount: byteCount, bytesPerLine: self.bytesPerLine) }
    }

    /// Moves the top line by `delta` lines (negative: up), stopping at the first and the last line.
    mutating func move(by delta: Int, in bytes: [UInt8]) {
        if delta > 0 {
            moveDown(delta, in: bytes)
        } else if delta < 0 {
            moveTo(line: max(line + delta, 0), in: bytes)
        }
    }

    /// The first line on top.
    mutating func moveToTop(in bytes: [UInt8]) { moveTo(line: 0, in: bytes) }

    /// The last screenful: counts the lines (a scan to the end) and puts the last one at the bottom.
    mutating func moveToEnd(viewHeight: Int, in bytes: [UInt8]) {
        let count: Int
        switch format {
        case .hex:
            count = lineCount ?? 0
        case .text:
            count = lineCount ?? RawBodyText.lineCount(bytes)
            if lineCount == nil { scanned += bytes.count - offset }
        case .pretty:
            moveDown(Int.max, in: bytes)
            count = line + 1
        }
        lineCount = count
        moveTo(line: max(count - max(viewHeight, 1), 0), in: bytes)
    }

    private mutating func moveDown(_ delta: Int, in bytes: [UInt8]) {
        switch format {
        case .hex:
            line = min(line + min(delta, lineCount ?? 0), max((lineCount ?? 0) - 1, 0))
        case .text:
            var left = delta
            while left > 0, let next = RawBodyText.nextLineStart(bytes, after: offset) {
                scanned += next - offset
                offset = next
                line += 1
                left -= 1
            }
            if left > 0 { lineCount = line + 1 }
        case .pretty:
            guard var cursor = pretty else { return }
            var left = delta
            while left > 0, cursor.advance() {
                line += 1
                scanned += 1
                left -= 1
                if line % Self.checkpointSpacing == 0, line / Self.checkpointSpacing == checkpoints.count {
                    checkpoints.append(cursor)
                }
            }
            if left > 0 { lineCount = line + 1 }
            pretty = cursor
        }
    }

    /// Puts line `target` on top: text scans from the nearer of the top line, the start or the end;
    /// pretty JSON restarts from the checkpoint at or before it.
    private mutating func moveTo(line target: Int, in bytes: [UInt8]) {
        switch format {
        case .hex:
            line = min(max(target, 0), max((lineCount ?? 0) - 1, 0))
        case .text:
            if target >= line {
                moveDown(target - line, in: bytes)
                return
            }
            if line - target <= target {
                while line > target {
                    let previous = RawBodyText.previousLineStart(bytes, before: offset)
                    scanned += offset - previous
                    offset = previous
                    line -= 1
                }
            } else {
                offset = 0
                line = 0
                moveDown(target, in: bytes)
            }
        case .pretty:
            guard !checkpoints.isEmpty else { return }
            if target < line {
                let index = min(target / Self.checkpointSpacing, checkpoints.count - 1)
                pretty = checkpoints[index]
                line = index * Self.checkpointSpacing
            }
            moveDown(target - line, in: bytes)
        }
    }
}
