/// Escape sequences that draw a PNG inline in terminals speaking the kitty graphics protocol (kitty,
/// WezTerm, Ghostty).
///
/// The image is sent as base64 in APC sequences (`ESC _ G … ESC \`) of at most 4096 payload bytes each, and
/// shown at the cursor scaled into a box of terminal cells. Replies are suppressed (`q=2`), so nothing
/// arrives on standard input to confuse the key reader.
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment
/// if KittyGraphics.isSupported(environment: environment) {
///     for sequence in KittyGraphics.sequences(png: body, columns: 40, rows: 12) {
///         write(sequence)
///     }
/// }
/// ```
///
/// Not drawn yet: the ncurses screen does not pass graphics through, so the terminal UI shows an
/// image's format and size as text. Kept `package` until it does.
package enum KittyGraphics {
    /// The most base64 bytes one escape sequence carries, as the protocol allows.
    static let chunkSize = 4096

    /// The sequences that transmit `png` and display it at the cursor, to be written in order.
    ///
    /// The first sequence carries the whole command (`a=T` transmit and display, `f=100` PNG, `q=2` no
    /// replies, `c=`/`r=` the box in cells); the rest carry only `m=`, which is `1` on all but the last
    /// sequence to say more follows. A box side of 0 or less is left out, and the terminal uses the image's
    /// own size along it. No bytes give no sequences.
    ///
    /// ```swift
    /// KittyGraphics.sequences(png: [0x89, 0x50, 0x4E, 0x47], columns: 20, rows: 5)
    /// // ["\u{1B}_Ga=T,f=100,q=2,c=20,r=5,m=0;iVBORw==\u{1B}\\"]
    /// ```
    ///
    /// - Parameters:
    ///   - png: The PNG file. The terminal decodes it; other formats must be converted first.
    ///   - columns: The width of the box to scale the image into, in terminal cells.
    ///   - rows: The height of the box, in terminal cells.
    /// - Returns: One sequence per 4096 bytes of base64.
    package static func sequences(png: [UInt8], columns: Int, rows: Int) -> [String] {
        guard !png.isEmpty else { return [] }
        let payload = base64(png)
        var command = "a=T,f=100,q=2"
        if columns > 0 {
            command += ",c=\(columns)"
        }
        if rows > 0 {
            command += ",r=\(rows)"
        }
        var sequences: [String] = []
        var start = 0
        while start < payload.count {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let keys = start == 0 ? "\(command),m=\(more)" : "m=\(more)"
            let chunk = String(decoding: payload[start..<end], as: UTF8.self)
            sequences.append("\u{1B}_G\(keys);\(chunk)\u{1B}\\")
            start = end
        }
        return sequences
    }

    /// Whether the environment names a terminal known to speak the protocol.
    ///
    /// True when `TERM` contains `kitty`, `TERM_PROGRAM` is `WezTerm` or `ghostty`, or `KITTY_WINDOW_ID` is
    /// set. Inside tmux (`TMUX` set) it is false even then: tmux swallows the sequences unless passthrough
    /// is configured, and the outer terminal's variables leak into the inner shell. A user whose setup does
    /// pass them on sets `APIEXPLORE_KITTY_GRAPHICS=1` to opt in; `APIEXPLORE_KITTY_GRAPHICS=0` turns images
    /// off everywhere.
    ///
    /// ```swift
    /// KittyGraphics.isSupported(environment: ["TERM": "xterm-kitty"])                  // true
    /// KittyGraphics.isSupported(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/t"])  // false
    /// ```
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: Whether ``sequences(png:columns:rows:)`` may be written to this terminal.
    package static func isSupported(environment: [String: String]) -> Bool {
        switch environment["APIEXPLORE_KITTY_GRAPHICS"] {
        case "1": return true
        case "0": return false
        default: break
        }
        if let tmux = environment["TMUX"], !tmux.isEmpty {
            return false
        }
        if environment["TERM", default: ""].lowercased().contains("kitty") {
            return true
        }
        if ["wezterm", "ghostty"].contains(environment["TERM_PROGRAM", default: ""].lowercased()) {
            return true
        }
        if let window = environment["KITTY_WINDOW_ID"], !window.isEmpty {
            return true
        }
        return false
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding, kept here so the module needs no Foundation.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = []
        encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let first = UInt32(bytes[index])
            let second = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let third = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = first << 16 | second << 8 | third
            encoded.append(alphabet[Int(group >> 18 & 0x3F)])
            encoded.append(alphabet[Int(group >> 12 & 0x3F)])
            encoded.append(remaining > 1 ? alphabet[Int(group >> 6 & 0x3F)] : UInt8(ascii: "="))
            encoded.append(remaining > 2 ? alphabet[Int(group & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return encoded
    }
}
