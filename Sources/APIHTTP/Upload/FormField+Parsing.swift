extension FormField {
    /// Reads a field written as curl's `-F` option takes it.
    ///
    /// The forms are `name=value` (text), `name=@path` (a file, streamed), `name=<path` (text read from a file),
    /// each optionally followed by `;type=media/type` and, for files, `;filename=shown.name`. Any value may be
    /// double-quoted, with `\"` and `\\` inside, to carry a `;` or a leading `@` or `<` literally. Unlike curl,
    /// which warns and drops what it does not understand, every unknown or misplaced piece is an error.
    ///
    /// ```swift
    /// try FormField(parsing: "title=Holiday")
    /// // name "title", .text("Holiday")
    /// try FormField(parsing: #"shot=@"a;b.png";type=image/png;filename=x.png"#)
    /// // name "shot", .file(path: "a;b.png"), contentType "image/png", filename "x.png"
    /// try FormField(parsing: "bio=<bio.txt")
    /// // name "bio", .textFile(path: "bio.txt")
    /// ```
    ///
    /// - Parameter spec: The text after `-F`, without shell quoting.
    /// - Throws: ``FormFieldError`` with the column of the first problem.
    public init(parsing spec: String) throws(FormFieldError) {
        var scanner = FormFieldScanner(spec)
        self = try scanner.field()
    }
}

/// A cursor over a field spec's characters; columns are 1-based character offsets.
private struct FormFieldScanner {
    private let characters: [Character]
    private var index = 0
    private var fieldName: String?

    init(_ spec: String) {
        characters = Array(spec)
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private func error(_ kind: FormFieldError.Kind, at offset: Int) -> FormFieldError {
        FormFieldError(kind, fieldName: fieldName, column: offset + 1)
    }

    mutating func field() throws(FormFieldError) -> FormField {
        guard let equals = characters.firstIndex(of: "=") else { throw error(.missingEquals, at: characters.count) }
        guard equals > 0 else { throw error(.emptyName, at: 0) }
        let name = String(characters[..<equals])
        fieldName = name
        index = equals + 1

        let source: FormField.Source
        switch current {
        case "@", "<":
            let marker = characters[index]
            index += 1
            let pathStart = index
            let path = try word(isPath: marker == "@")
            guard !path.isEmpty else { throw error(.emptyPath(marker: marker), at: pathStart) }
            source = marker == "@" ? .file(path: path) : .textFile(path: path)
        default:
            source = .text(try word(isPath: false))
        }

        var field = FormField(name: name, source: source)
        try readAttributes(into: &field)
        return field
    }

    /// Reads `;key=value` pairs until the end of the spec.
    private mutating func readAttributes(into field: inout FormField) throws(FormFieldError) {
        while current == ";" {
            index += 1
            while current == " " || current == "\t" { index += 1 }
            let keyStart = index
            while let character = current, character != "=", character != ";" { index += 1 }
            let key = String(characters[keyStart..<index])
            guard !key.isEmpty else { throw error(.emptyAttribute, at: keyStart) }
            guard current == "=" else { throw error(.unknownAttribute(key), at: keyStart) }
            index += 1
            let valueStart = index
            switch key.lowercased() {
            case "type":
                guard field.contentType == nil else { throw error(.duplicateAttribute(key), at: keyStart) }
                let value = try word(isPath: false)
                guard !value.isEmpty else { throw error(.emptyAttributeValue(key), at: valueStart) }
                guard Self.isMediaType(value) else { throw error(.invalidContentType(value), at: valueStart) }
                field.contentType = value
            case "filename":
                guard case .file = field.source else { throw error(.filenameWithoutFile, at: keyStart) }
                guard field.filename == nil else { throw error(.duplicateAttribute(key), at: keyStart) }
                let value = try word(isPath: false)
                guard !value.isEmpty else { throw error(.emptyAttributeValue(key), at: valueStart) }
                field.filename = value
            case "headers", "encoder":
                throw error(.unsupportedAttribute(key), at: keyStart)
            default:
                throw error(.unknownAttribute(key), at: keyStart)
            }
        }
    }

    /// Reads a value up to the next `;` or the end: quoted (curl's `\"` and `\\` escapes) or bare.
    private mutating func word(isPath: Bool) throws(FormFieldError) -> String {
        if current == "\"" {
            let open = index
            index += 1
            var value = ""
            while let character = current {
                if character == "\\", index + 1 < characters.count,
                    characters[index + 1] == "\\" || characters[index + 1] == "\""
                {
                    value.append(characters[index + 1])
                    index += 2
                } else if character == "\"" {
                    index += 1
                    guard current == nil || current == ";" else { throw error(.textAfterQuote, at: index) }
                    return value
                } else {
                    value.append(character)
                    index += 1
                }
            }
            throw error(.unterminatedQuote, at: open)
        }
        let start = index
        while let character = current, character != ";" {
            // curl reads `@a,b` as two files in one part; refuse rather than send something else.
            if isPath, character == "," { throw error(.multipleFiles, at: index) }
            index += 1
        }
        return String(characters[start..<index])
    }

    /// `type/subtype` with an optional parameter tail, and no line breaks that could forge a header.
    private static func isMediaType(_ value: String) -> Bool {
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return false }
        let essence = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        return halves.count == 2 && halves.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
    }
}
