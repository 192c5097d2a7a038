import APIHTTP

/// Collects the effect of each curl option, then folds the shorthands into a ``CurlCommand``.
struct CurlRequestBuilder {
    var warnings: [String] = []
    private var ignored: [String] = []
    private var method: String?
    private var urls: [String] = []
    private var headers: [CurlHeader] = []
    private var data: [CurlData] = []
    private var form: [CurlFormField] = []
    private var query: [String] = []
    private var cookies: [String] = []
    private var user: String?
    private var head = false
    private var get = false
    private var json = false
    private var upload = false
    private var compressed = false
    private var insecure = false

    mutating func addURL(_ text: String) {
        if urls.isEmpty {
            urls.append(text)
        } else {
            warnings.append("ignored the extra URL \(CurlWarningText.url(text)): one request per command is imported")
        }
    }

    mutating func negate(_ option: CurlOption, spelled: String) {
        switch option {
        case .compressed: compressed = false
        case .insecure: insecure = false
        case .head: head = false
        case .get: get = false
        default: ignored.append(spelled)
        }
    }

    mutating func apply(_ option: CurlOption, spelled: String, value: String?, at position: TextLocation)
        throws(CurlParseError)
    {
        let value = value ?? ""
        switch option {
        case .request: method = value.uppercased()
        case .url: addURL(value)
        case .header: addHeader(value, spelled: spelled)
        case .data(let kind): addData(value, kind: kind)
        case .form: form.append(try Self.formField(value, spelled: spelled, at: position))
        case .formString: try addFormString(value, spelled: spelled, at: position)
        case .user: user = value
        case .userAgent: headers.append(CurlHeader(name: "User-Agent", value: value))
        case .referer: headers.append(CurlHeader(name: "Referer", value: value))
        case .oauth2Bearer: headers.append(CurlHeader(name: "Authorization", value: "Bearer " + value))
        case .cookie:
            if value.contains("=") {
                cookies.append(value)
            } else {
                warnings.append("ignored \(spelled) \(SecretScanner.mask): cookies read from a file are not imported")
            }
        case .uploadFile:
            upload = true
            data.append(.file(value, .binary))
        case .urlQuery:
            query.append(value.hasPrefix("+") ? String(value.dropFirst()) : CurlEncoding.urlencodedPiece(value))
        case .compressed: compressed = true
        case .insecure: insecure = true
        case .head: head = true
        case .get: get = true
        case .ignored(_, let warning):
            // The option's name only: its value may be a credential (`--proxy-user u:p`, `--pass …`).
            ignored.append(spelled)
            if let warning { warnings.append("ignored \(spelled): \(warning)") }
        }
    }

    private mutating func addHeader(_ line: String, spelled: String) {
        if line.hasPrefix("@") {
            warnings.append("ignored \(spelled) \(line): headers read from a file are not imported")
            return
        }
        guard let colon = line.firstIndex(of: ":") else {
            let reason =
                line.hasSuffix(";")
                ? "curl sends it as an empty header" : "a header needs 'Name: value'"
            warnings.append("ignored \(spelled) \(CurlWarningText.headerLine(line)): \(reason)")
            return
        }
        let name = String(line[..<colon])
        let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        if value.isEmpty {
            warnings.append("ignored \(spelled) \(ShellWords.quote(name + ":")): curl removes the header \(name)")
            return
        }
        headers.append(CurlHeader(name: name, value: value))
    }

    private mutating func addData(_ value: String, kind: CurlOption.DataKind) {
        switch kind {
        case .ascii, .binary, .json:
            if value.hasPrefix("@") {
                data.append(.file(String(value.dropFirst()), kind == .ascii ? .stripNewlines : .binary))
            } else {
                addText(value, separator: kind == .json ? "" : "&")
            }
            if kind == .json { json = true }
        case .raw: addText(value, separator: "&")
        case .urlencode:
            if let file = CurlEncoding.urlencodedFile(value) {
                data.append(.file(file.path, .urlencode(name: file.name)))
            } else {
                addText(CurlEncoding.urlencodedPiece(value), separator: "&")
            }
        }
    }

    /// Adjacent text pieces are joined; curl joins the pieces around a file with `&` too.
    private mutating func addText(_ text: String, separator: String) {
        if case .text(let previous) = data.last {
            data[data.count - 1] = .text(previous + separator + text)
        } else {
            data.append(.text(text))
        }
    }

    private mutating func addFormString(_ value: String, spelled: String, at position: TextLocation)
        throws(CurlParseError)
    {
        guard let equals = value.firstIndex(of: "=") else {
            throw CurlParseError(.invalidForm, at: position, option: spelled)
        }
        form.append(CurlFormField(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
    }

    /// `name=value`, `name=@path`, `name=<path`, each with optional `;type=…` and `;filename=…`.
    static func formField(_ value: String, spelled: String, at position: TextLocation) throws(CurlParseError)
        -> CurlFormField
    {
        guard let equals = value.firstIndex(of: "=") else {
            throw CurlParseError(.invalidForm, at: position, option: spelled)
        }
        var content = value[value.index(after: equals)...]
        var field = CurlFormField(name: String(value[..<equals]), value: "")
        if content.hasPrefix("@") {
            field.source = .file
            content = content.dropFirst()
        } else if content.hasPrefix("<") {
            field.source = .fileContent
            content = content.dropFirst()
        }
        let parameterStart = [";type=", ";filename=", ";headers="].compactMap { content.firstRange(of: $0)?.lowerBound }
            .min()
        field.value = String(content[..<(parameterStart ?? content.endIndex)])
        if let parameterStart {
            for parameter in content[parameterStart...].split(separator: ";") {
                if parameter.hasPrefix("type=") { field.contentType = String(parameter.dropFirst(5)) }
                if parameter.hasPrefix("filename=") { field.filename = String(parameter.dropFirst(9)) }
            }
        }
        return field
    }

    /// Applies `-G`, `-I`, the implied method, `--json`'s headers and the cookies.
    func finish(at start: TextLocation, end: TextLocation) throws(CurlParseError) -> CurlParseResult {
        guard let rawURL = urls.first else { throw CurlParseError(.missingURL, at: end) }
        var url = rawURL.contains("://") ? rawURL : "http://" + rawURL
        var data = data
        var warnings = warnings
        var query = query
        if get, !data.isEmpty {
            if let text = CurlCommand(url: url, data: data).bodyText {
                query.append(text)
                data = []
            } else {
                warnings.append("kept the data as a body: -G cannot move a file's content into the query")
            }
        }
        if !query.isEmpty {
            let fragment = url.firstIndex(of: "#").map { String(url[$0...]) } ?? ""
            url = String(url.prefix(url.count - fragment.count))
            url += (url.contains("?") ? "&" : "?") + query.joined(separator: "&") + fragment
        }
        var command = CurlCommand(method: method ?? impliedMethod(hasBody: !data.isEmpty), url: url)
        command.headers = headers
        if json {
            if command.header("Content-Type") == nil {
                command.headers.append(CurlHeader(name: "Content-Type", value: "application/json"))
            }
            if command.header("Accept") == nil {
                command.headers.append(CurlHeader(name: "Accept", value: "application/json"))
            }
        }
        if !cookies.isEmpty {
            command.headers.append(CurlHeader(name: "Cookie", value: cookies.joined(separator: "; ")))
        }
        command.data = data
        command.form = form
        command.user = user
        command.compressed = compressed
        command.insecure = insecure
        var result = CurlParseResult(command: command, position: start)
        result.ignoredOptions = ignored
        result.warnings = warnings
        return result
    }

    private func impliedMethod(hasBody: Bool) -> String {
        if head { return "HEAD" }
        if upload { return "PUT" }
        return hasBody || !form.isEmpty ? "POST" : "GET"
    }
}

extension CurlCommand {
    fileprivate init(url: String, data: [CurlData]) {
        self.init(url: url)
        self.data = data
    }
}
