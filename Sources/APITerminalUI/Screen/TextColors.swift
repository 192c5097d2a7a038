import CNcursesw

/// Colours for plain output (transcripts, `history list`) read from the terminal's own terminfo
/// entry, never hard-coded escapes: a terminal whose entry has no colours (`TERM=dumb`, `vt100`) or
/// an unknown `TERM` gets plain text.
///
/// ```swift
/// let colors = TextColors.forTerminal(fileDescriptor: STDOUT_FILENO, theme: .dark)
/// print(colors.paint("200", .success))  // green and bold on a colour terminal, "200" elsewhere
/// ```
package struct TextColors: Sendable, Equatable {
    /// The sequence that starts each role, and the one that ends any of them; empty for plain text.
    private var starts: [ColorRole: String]
    private var reset: String

    /// Plain text: no sequences at all.
    package static let plain = TextColors(starts: [:], reset: "")

    /// Reads the sequences of the terminal on `fileDescriptor` for `theme`'s styles.
    ///
    /// - Parameters:
    ///   - fileDescriptor: The output (standard output or error) the text goes to.
    ///   - theme: Which colours the roles get; `mono` keeps only bold, dim and underline.
    /// - Returns: The colours, or ``plain`` when the terminal's entry cannot be loaded or has none.
    package static func forTerminal(fileDescriptor: Int32, theme: Theme) -> TextColors {
        guard cn_load_terminfo(fileDescriptor) == 1 else { return .plain }
        defer { cn_release_terminfo() }
        func capability(_ name: String) -> String? { cn_string_capability(name).map { String(cString: $0) } }
        guard let reset = capability("sgr0") else { return .plain }
        let colors = cn_number_capability("colors")
        let foreground = colors >= 8 ? capability("setaf") : nil
        let background = colors >= 8 ? capability("setab") : nil
        var starts: [ColorRole: String] = [:]
        for role in ColorRole.allCases {
            var style = theme.style(for: role)
            if foreground == nil { style = Theme.mono.style(for: role) }
            var sequence = ""
            if style.bold { sequence += capability("bold") ?? "" }
            if style.dim { sequence += capability("dim") ?? "" }
            if style.underline { sequence += capability("smul") ?? "" }
            if style.reverse { sequence += capability("rev") ?? "" }
            if let color = style.foreground, let foreground {
                sequence += cn_parameterized(foreground, Int32(color.number)).map { String(cString: $0) } ?? ""
            }
            if let color = style.background, let background {
                sequence += cn_parameterized(background, Int32(color.number)).map { String(cString: $0) } ?? ""
            }
            if !sequence.isEmpty { starts[role] = sequence }
        }
        return TextColors(starts: starts, reset: reset)
    }

    /// The text in a role's colours; unchanged when the role has none here.
    ///
    /// - Parameters:
    ///   - text: Text already sanitized.
    ///   - role: What it means.
    /// - Returns: The text between the role's sequence and the reset.
    package func paint(_ text: String, _ role: ColorRole) -> String {
        guard let start = starts[role] else { return text }
        return start + text + reset
    }

    /// Whether any role has a sequence.
    package var isEnabled: Bool { !starts.isEmpty }
}

extension Theme.Color {
    /// The ANSI colour number `setaf`/`setab` take.
    var number: Int {
        switch self {
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        }
    }
}
