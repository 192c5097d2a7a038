import APIClient

/// How the terminal UI colours its roles: `dark` for dark backgrounds (the default), `light` for
/// light ones, `mono` with no colour at all (bold, underline, reverse and dim only).
///
/// Chosen by `--theme`, else `APIEXPLORE_THEME`, else `theme:` in the configuration file, else
/// `mono` when `NO_COLOR` is set (https://no-color.org: a user's explicit choice wins over it),
/// else `dark`; see ``resolve(flag:environment:configured:)``.
///
/// ```swift
/// let theme = try Theme.resolve(flag: "light", environment: [:], configured: nil)
/// theme.style(for: .key).foreground  // .blue
/// ```
package enum Theme: String, Sendable, CaseIterable {
    /// Colours for a dark background.
    case dark
    /// Colours for a light background: no yellow or cyan text, which fade on white.
    case light
    /// No colours: attributes only.
    case mono

    /// One of the eight colours every colour terminal has.
    package enum Color: Sendable, Equatable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    /// What a role looks like: colours (`nil` is the terminal's own) and attributes.
    package struct Style: Sendable, Equatable {
        /// The text colour.
        package var foreground: Color?
        /// The background colour.
        package var background: Color?
        /// Bold text.
        package var bold = false
        /// Dim text.
        package var dim = false
        /// Underlined text.
        package var underline = false
        /// Reversed colours.
        package var reverse = false

        init(
            _ foreground: Color? = nil, on background: Color? = nil, bold: Bool = false, dim: Bool = false,
            underline: Bool = false, reverse: Bool = false
        ) {
            self.foreground = foreground
            self.background = background
            self.bold = bold
            self.dim = dim
            self.underline = underline
            self.reverse = reverse
        }
    }

    /// An unknown theme name, with where it came from.
    package struct UnknownTheme: Error, CustomStringConvertible, Sendable {
        /// The name given.
        package let name: String
        /// Where it was given: `--theme`, `APIEXPLORE_THEME`, or the configuration file's path.
        package let source: String

        package var description: String {
            "unknown theme '\(name)' in \(source); choose \(Theme.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }

    /// The theme to use, from the most explicit choice down.
    ///
    /// - Parameters:
    ///   - flag: `--theme`, if given.
    ///   - environment: Where `APIEXPLORE_THEME` and `NO_COLOR` are read.
    ///   - configured: `theme:` of the configuration file and the file's path, if set.
    /// - Returns: The theme.
    /// - Throws: ``UnknownTheme`` naming where an unknown name came from.
    package static func resolve(
        flag: String?, environment: [String: String], configured: (name: String, file: String)?
    ) throws(UnknownTheme) -> Theme {
        let choices: [(String?, String)] = [
            (flag, "--theme"), (environment["APIEXPLORE_THEME"].flatMap { $0.isEmpty ? nil : $0 }, "APIEXPLORE_THEME"),
            (configured?.name, configured?.file ?? "the configuration file"),
        ]
        for (name, source) in choices {
            guard let name else { continue }
            guard let theme = Theme(rawValue: name.lowercased()) else { throw UnknownTheme(name: name, source: source) }
            return theme
        }
        return (environment["NO_COLOR"] ?? "").isEmpty ? .dark : .mono
    }

    /// What a role looks like in this theme.
    ///
    /// - Parameter role: The role.
    /// - Returns: Its colours and attributes.
    package func style(for role: ColorRole) -> Style {
        switch (self, role) {
        case (_, .normal): Style()
        case (_, .title): Style(bold: true)
        case (_, .dim), (_, .null): Style(dim: true)
        case (_, .cursor), (_, .header): Style(reverse: true)
        case (.mono, .success), (.mono, .focusedBorder): Style(bold: true)
        case (.mono, .failure): Style(bold: true, underline: true)
        case (.mono, .warning): Style(bold: true)
        case (.mono, .match): Style(underline: true)
        case (.mono, _): Style()
        case (.dark, .border): Style(.blue)
        case (.dark, .focusedBorder): Style(.cyan, bold: true)
        case (.dark, .key): Style(.cyan)
        case (.dark, .string): Style(.green)
        case (.dark, .number): Style(.magenta)
        case (.dark, .boolean): Style(.yellow)
        case (.dark, .success): Style(.green, bold: true)
        case (.dark, .failure): Style(.red, bold: true)
        case (.dark, .warning): Style(.yellow, bold: true)
        case (.dark, .match): Style(.black, on: .yellow)
        case (.light, .border): Style(.blue)
        case (.light, .focusedBorder): Style(.blue, bold: true)
        case (.light, .key): Style(.blue)
        case (.light, .string): Style(.green)
        case (.light, .number): Style(.magenta)
        case (.light, .boolean): Style(.red)
        case (.light, .success): Style(.green, bold: true)
        case (.light, .failure): Style(.red, bold: true)
        case (.light, .warning): Style(.magenta, bold: true)
        case (.light, .match): Style(.black, on: .cyan)
        }
    }
}

extension Theme {
    /// The theme from `--theme`, the environment and the configuration file
    /// (``APIClient/UserConfiguration``), which the environment locates.
    ///
    /// ```swift
    /// let theme = try Theme.resolve(flag: options.theme, environment: ProcessInfo.processInfo.environment)
    /// ```
    ///
    /// - Parameters:
    ///   - flag: `--theme`, if given.
    ///   - environment: Where `APIEXPLORE_THEME`, `NO_COLOR`, `XDG_CONFIG_HOME` and `HOME` are read.
    /// - Returns: The theme.
    /// - Throws: ``UnknownTheme``, or ``APIClient/ProfileError`` for a configuration file that cannot be read.
    package static func resolve(flag: String?, environment: [String: String]) throws -> Theme {
        let configuration = try UserConfiguration.load(environment: environment)
        let configured = configuration.theme.map { ($0, configuration.file ?? "the configuration file") }
        return try resolve(flag: flag, environment: environment, configured: configured)
    }
}
