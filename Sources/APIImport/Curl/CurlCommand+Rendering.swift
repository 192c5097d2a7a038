extension CurlCommand {
    /// The command as one canonical, copy-pasteable curl line.
    ///
    /// The order is fixed: method (`-X METHOD`, or `--head` for `HEAD` because `curl -X HEAD` waits
    /// for a body that never comes), URL, headers, `-u`, body (`--data-raw` for text, `--data`,
    /// `--data-binary` or `--data-urlencode` for `@file` pieces, `-F`/`--form-string` for forms),
    /// then `--compressed` and `-k`. Each word is quoted only when it needs it (see
    /// ``ShellWords/quote(_:)``). Parsing the result gives back an equal command.
    ///
    /// ```swift
    /// var curl = CurlCommand(method: "POST", url: "https://api.example.com/v1/notes?draft=1")
    /// curl.headers = [CurlHeader(name: "Content-Type", value: "application/json")]
    /// curl.data = [.text(#"{"title":"It's done"}"#)]
    /// print(curl.rendered())
    /// // curl -X POST 'https://api.example.com/v1/notes?draft=1' -H 'Content-Type: application/json' --data-raw '{"title":"It'\''s done"}'
    /// print(curl.rendered(multiline: true))
    /// // curl -X POST 'https://api.example.com/v1/notes?draft=1' \
    /// //   -H 'Content-Type: application/json' \
    /// //   --data-raw '{"title":"It'\''s done"}'
    /// ```
    ///
    /// - Parameter multiline: Whether to put each option on its own line after ` \`.
    /// - Returns: The command line, without a trailing newline.
    public func rendered(multiline: Bool = false) -> String {
        rendered(multiline: multiline, quoting: ShellWords.quote)
    }

    /// The command line with words quoted by `quoting` (``ShellReferences/quote(_:)`` writes
    /// stand-ins as shell expressions).
    ///
    /// - Parameters:
    ///   - multiline: One option per line, joined with ` \` continuations.
    ///   - quoting: Turns each word into shell text.
    public func rendered(multiline: Bool, quoting: (String) -> String) -> String {
        var groups: [[String]] = [["curl"] + (method == "HEAD" ? ["--head"] : ["-X", method]) + [url]]
        groups += headers.map { ["-H", "\($0.name): \($0.value)"] }
        if let user { groups.append(["-u", user]) }
        groups += data.map(Self.words(for:))
        groups += form.map(Self.words(for:))
        if compressed { groups.append(["--compressed"]) }
        if insecure { groups.append(["-k"]) }
        let lines = groups.map { $0.map(quoting).joined(separator: " ") }
        return lines.joined(separator: multiline ? " \\\n  " : " ")
    }

    private static func words(for piece: CurlData) -> [String] {
        switch piece {
        case .text(let text): ["--data-raw", text]
        case .file(let path, .stripNewlines): ["--data", "@" + path]
        case .file(let path, .binary): ["--data-binary", "@" + path]
        case .file(let path, .urlencode(let name)): ["--data-urlencode", (name ?? "") + "@" + path]
        }
    }

    private static func words(for field: CurlFormField) -> [String] {
        var value = field.value
        switch field.source {
        case .text:
            let special = value.hasPrefix("@") || value.hasPrefix("<") || value.contains(";")
            if special, field.contentType == nil, field.filename == nil {
                return ["--form-string", field.name + "=" + value]
            }
        case .file: value = "@" + value
        case .fileContent: value = "<" + value
        }
        if let type = field.contentType { value += ";type=" + type }
        if let filename = field.filename { value += ";filename=" + filename }
        return ["-F", field.name + "=" + value]
    }
}
