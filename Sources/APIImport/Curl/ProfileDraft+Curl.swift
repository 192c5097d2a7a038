extension ProfileDraft {
    /// A profile from a text of curl commands (a file, or standard input): one endpoint per command.
    ///
    /// The base URL is the first command's scheme and host, plus the leading path segments every
    /// command on that host shares that look like an API root (`/v1`, `/api`, `/api/v10`,
    /// `/2010-04-01`). Endpoint ids are the method and path segments (`get_users`, `post_charges`),
    /// made unique with `_2`. The first credential found becomes the profile's ``auth``; every
    /// secret is an `${env:NAME}` placeholder, and ``comments`` names the variables to set and the
    /// warnings of each command. Headers every endpoint sends alike move to ``headers``.
    ///
    /// ```swift
    /// let draft = try ProfileDraft(curl: """
    ///     curl https://api.example.com/v1/users -H "Authorization: Bearer $EXAMPLE_TOKEN"
    ///     curl -X POST https://api.example.com/v1/charges -H "Authorization: Bearer $EXAMPLE_TOKEN" -d amount=2000
    ///     """, name: "example")
    /// draft.baseURL               // "https://api.example.com/v1"
    /// draft.endpoints.map(\.id)   // ["get_users", "post_charges"]
    /// draft.auth                  // .bearer(token: "${env:EXAMPLE_TOKEN}")
    /// ```
    ///
    /// - Parameters:
    ///   - text: The commands, one per line; continuations, blank lines and `#` comments allowed.
    ///   - name: The profile's name; also the prefix of invented variable names.
    /// - Throws: ``CurlParseError`` for the first command that fails (its position is in `text`), or
    ///   one of kind `.empty` when there is no command.
    public init(curl text: String, name: String) throws(CurlParseError) {
        try self.init(curlResults: try CurlCommand.parseAll(text), name: name)
    }

    /// A profile from curl command lines, one command per element.
    ///
    /// ```swift
    /// let draft = try ProfileDraft(curlLines: ["curl https://x.test/users", "curl https://x.test/teams"], name: "x")
    /// draft.endpoints.map(\.id)  // ["get_users", "get_teams"]
    /// ```
    ///
    /// - Parameters:
    ///   - lines: The command lines.
    ///   - name: The profile's name.
    /// - Throws: ``CurlParseError`` (positions are within the failing line).
    public init(curlLines lines: [String], name: String) throws(CurlParseError) {
        var results: [CurlParseResult] = []
        for line in lines { results.append(try CurlCommand.parse(line)) }
        try self.init(curlResults: results, name: name)
    }

    /// A profile from parsed curl commands; their warnings become comments.
    ///
    /// ```swift
    /// let draft = try ProfileDraft(curlResults: [try CurlCommand.parse("curl -I https://x.test/health")], name: "x")
    /// draft.endpoints[0].method  // "HEAD"
    /// ```
    ///
    /// - Parameters:
    ///   - results: The parsed commands.
    ///   - name: The profile's name.
    /// - Throws: ``CurlParseError`` of kind `.empty` when `results` is empty.
    public init(curlResults results: [CurlParseResult], name: String) throws(CurlParseError) {
        guard !results.isEmpty else {
            throw CurlParseError(.empty, at: TextLocation(offset: 0, line: 1, column: 1))
        }
        let requests = results.map { $0.command.capturedRequest() }
        var assembler = ProfileAssembler(name: name, origin: requests[0].url.origin)
        assembler.comments = ["imported from \(results.count) curl command\(results.count == 1 ? "" : "s")"]
        for result in results {
            assembler.comments += result.warnings.map { "line \(result.position.line): \($0)" }
        }
        self = assembler.assemble(requests)
    }
}
