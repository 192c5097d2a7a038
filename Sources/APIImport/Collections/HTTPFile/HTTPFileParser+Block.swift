import Foundation

extension HTTPFileParser {
    /// One block: its variables and its request, if it has one.
    func parseBlock(_ block: HTTPFileBlock) throws(CollectionImportError)
        -> (variables: [CollectionVariable], request: CollectionRequest?)
    {
        var variables: [CollectionVariable] = []
        var name = block.name
        var notes: [String] = []
        var index = 0
        let lines = block.lines
        // Before the request line: blank lines, comments, `# @name`, directives and variables.
        while index < lines.count {
            let text = lines[index].text.trimmingSpaces
            if text.isEmpty {
                index += 1
            } else if let comment = Self.comment(text) {
                if let directive = Self.directive(comment) {
                    if directive.name == "name" {
                        name = directive.value.isEmpty ? name : directive.value
                    } else {
                        notes.append("@\(directive.name) is not applied")
                    }
                }
                index += 1
            } else if text.hasPrefix("@") {
                let body = text.dropFirst()
                guard let equals = body.firstIndex(of: "=") else {
                    throw CollectionImportError(
                        file: file, line: lines[index].number, message: "expected a variable '@name = value'")
                }
                let variableName = body[..<equals].trimmingSpaces
                let value = body[body.index(after: equals)...].trimmingSpaces
                variables.append(CollectionVariable(name: variableName, value: value))
                index += 1
            } else {
                break
            }
        }
        guard index < lines.count else { return (variables, nil) }
        let requestLine = lines[index]
        index += 1
        let (method, requestURL) = try Self.requestLine(
            requestLine.text.trimmingSpaces, line: requestLine.number, file: file)
        var url = requestURL
        // Indented `?a=1` / `&b=2` lines continue the URL.
        while index < lines.count, let first = lines[index].text.first, first == " " || first == "\t",
            case let continued = lines[index].text.trimmingSpaces, continued.hasPrefix("?") || continued.hasPrefix("&")
        {
            url += continued
            index += 1
        }
        var request = CollectionRequest(name: name, method: method, url: url)
        request.location = "\(file):\(requestLine.number)"
        request.notes = notes
        while index < lines.count {
            let text = lines[index].text
            index += 1
            if text.trimmingSpaces.isEmpty { break }
            if Self.comment(text.trimmingSpaces) != nil { continue }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw CollectionImportError(
                    file: file, line: lines[index - 1].number,
                    message: "expected a header 'Name: value' (or a blank line before the body)")
            }
            request.headers.append(
                CollectionPair(text[..<colon].trimmingSpaces, text[text.index(after: colon)...].trimmingSpaces))
        }
        try body(Array(lines[index...]), into: &request)
        return (variables, request)
    }

    /// `# text` or `// text` → `text`; `nil` for a line that is not a comment.
    static func comment(_ line: String) -> String? {
        if line.hasPrefix("#") { return line.dropFirst().trimmingSpaces }
        if line.hasPrefix("//") { return line.dropFirst(2).trimmingSpaces }
        return nil
    }

    /// `@name login`, `@name = login`, `@no-redirect` in a comment.
    static func directive(_ comment: String) -> (name: String, value: String)? {
        guard comment.hasPrefix("@") else { return nil }
        let body = comment.dropFirst()
        let name = body.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        guard !name.isEmpty else { return nil }
        var value = body.dropFirst(name.count).trimmingSpaces
        if value.hasPrefix("=") { value = value.dropFirst().trimmingSpaces }
        return (String(name), value)
    }

    /// `METHOD URL [HTTP/x]` or a bare URL.
    static func requestLine(_ text: String, line: Int, file: String) throws(CollectionImportError)
        -> (method: String, url: String)
    {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let last = words.last, last.uppercased().hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        guard let first = words.first else {
            throw CollectionImportError(file: file, line: line, message: "expected a request line 'METHOD URL'")
        }
        // A method profiles cannot send (`QUERY`) is kept, and the draft says it was skipped.
        let isMethodWord = first.count <= 16 && first.allSatisfy { $0.isASCII && $0.isUppercase }
        if methods.contains(first.uppercased()) || isMethodWord, words.count >= 2 {
            return (first.uppercased(), words.dropFirst().joined(separator: " "))
        }
        let lower = first.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || first.hasPrefix("{{") || first.hasPrefix("/") {
            return ("GET", words.joined(separator: " "))
        }
        throw CollectionImportError(
            file: file, line: line,
            message: "expected a request line 'METHOD URL' (GET, POST, PUT, PATCH, DELETE…), found '\(text.prefix(60))'"
        )
    }

    /// The body lines: text, a `< ./file`, response handlers after it.
    private func body(_ lines: [(number: Int, text: String)], into request: inout CollectionRequest)
        throws(CollectionImportError)
    {
        var bodyLines: [String] = []
        var index = 0
        var handler: [String]?
        while index < lines.count {
            let text = lines[index].text
            index += 1
            if handler != nil {
                handler?.append(text)
                if text.contains("%}") { finish(&handler, into: &request) }
                continue
            }
            if text.hasPrefix("> {%") {
                handler = [text]
                if text.dropFirst(4).contains("%}") { finish(&handler, into: &request) }
            } else if text.hasPrefix(">> ") || text.hasPrefix(">>! ") {
                request.notes.append(
                    "the answer is saved to \(text.drop { $0 == ">" || $0 == "!" }.trimmingSpaces) by the source; not here"
                )
            } else if text.hasPrefix("<> ") {
                request.notes.append("a previous answer is kept in \(text.dropFirst(3).trimmingSpaces)")
            } else if text.hasPrefix("> ") {
                request.scripts.append(CollectionScript(kind: "response handler", lines: [text]))
            } else {
                bodyLines.append(text)
            }
        }
        if handler != nil { finish(&handler, into: &request) }
        while let last = bodyLines.last, last.trimmingSpaces.isEmpty { bodyLines.removeLast() }
        while let first = bodyLines.first, first.trimmingSpaces.isEmpty { bodyLines.removeFirst() }
        guard !bodyLines.isEmpty else { return }
        let contentType = request.headers.last { $0.name.lowercased() == "content-type" }?.value
        if bodyLines.count == 1, let first = bodyLines.first, first.hasPrefix("< ") || first.hasPrefix("<@ ") {
            let path = first.drop { $0 == "<" || $0 == "@" }.trimmingSpaces
            if let content = readFile(path) {
                request.body = .raw(content, contentType: contentType)
                request.notes.append("the body is the file \(path), as it was when imported")
            } else {
                request.body = .file(path)
            }
            return
        }
        let text = bodyLines.joined(separator: "\n")
        let isGraphQL =
            request.method == "GRAPHQL"
            || request.headers.contains {
                $0.name.lowercased() == "x-request-type" && $0.value.lowercased() == "graphql"
            }
        if isGraphQL {
            request.headers.removeAll { $0.name.lowercased() == "x-request-type" }
            if request.method == "GRAPHQL" { request.method = "POST" }
            // VS Code: the query, a blank line, then the variables as JSON.
            let parts = text.components(separatedBy: "\n\n")
            let variables = parts.count > 1 ? parts.dropFirst().joined(separator: "\n\n") : nil
            request.body = .graphql(query: parts[0], variables: variables)
            return
        }
        if bodyLines.contains(where: { $0.hasPrefix("< ") }) {
            request.notes.append("the multipart body names files (< ./file); they are kept as text")
        }
        request.body = .raw(text, contentType: contentType)
    }

    private func finish(_ handler: inout [String]?, into request: inout CollectionRequest) {
        if let lines = handler { request.scripts.append(CollectionScript(kind: "response handler", lines: lines)) }
        handler = nil
    }
}
