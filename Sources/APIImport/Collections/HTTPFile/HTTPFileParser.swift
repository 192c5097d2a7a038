/// Reads `.http` and `.rest` files, JetBrains HTTP Client and VS Code REST Client syntax alike.
///
/// ```http
/// @host = https://api.example.com
///
/// ### List users
/// GET {{host}}/users?page=1
/// Accept: application/json
///
/// ###
/// # @name login
/// POST {{host}}/login
/// Content-Type: application/json
///
/// {"user": "ada", "password": "{{password}}"}
///
/// > {% client.global.set("token", response.body.token); %}
/// ```
///
/// Requests are separated by lines starting with `###` (the rest of the line names the request,
/// as `# @name NAME` or `// @name NAME` does); `#` and `//` lines are comments; `@name = value`
/// lines are variables; the request line is `METHOD URL [HTTP/1.1]` (a bare URL is a GET),
/// continued by indented `?…` and `&…` lines; headers follow until a blank line, then the body
/// until the next separator. A body line `< ./file` reads the body from that file (`readFile`
/// answers it, relative to the `.http` file); `> {% … %}` and `> ./handler.js` are response
/// handlers (kept as comments, never run); `<> ./previous.json` and `>> ./out.json` are noted.
/// `GRAPHQL URL` and a `X-Request-Type: GraphQL` header send the body as a GraphQL query.
public struct HTTPFileParser {
    /// How errors and notes name the file.
    public let file: String
    /// Reads a body file named by `< ./file`, relative to the `.http` file; `nil` when it cannot.
    public var readFile: (String) -> String? = { _ in nil }

    /// Creates a parser.
    ///
    /// - Parameter file: How errors name the file.
    public init(file: String) {
        self.file = file
    }

    static let methods: Set<String> = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "GRAPHQL", "WEBSOCKET",
        "GRPC",
    ]

    /// Parses a file.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The requests and the file's variables as a collection named after the file.
    /// - Throws: ``CollectionImportError`` at the line of a request line or header that does not read.
    public func parse(_ text: String) throws(CollectionImportError) -> APICollection {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").dropLast().joined(separator: ".")
        var collection = APICollection(
            name: stem.isEmpty ? base : stem, source: base.hasSuffix(".rest") ? "a .rest file" : "a .http file")
        var lines = CollectionText.lines(text)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        for line in lines {
            guard let comment = Self.comment(line.trimmingSpaces), comment.hasPrefix(EnvelopeLine.prefix) else {
                continue
            }
            collection.description = comment
        }
        var block = HTTPFileBlock(startLine: 1)
        var blocks: [HTTPFileBlock] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("###") {
                blocks.append(block)
                block = HTTPFileBlock(startLine: index + 2)
                let title = line.drop { $0 == "#" }.trimmingSpaces
                if !title.isEmpty { block.name = title }
                continue
            }
            block.lines.append((index + 1, line))
        }
        blocks.append(block)
        var seen: [String: String] = [:]
        for block in blocks {
            let parsed = try parseBlock(block)
            for variable in parsed.variables {
                if let earlier = seen[variable.name], earlier != variable.value {
                    collection.notes.append(
                        "@\(variable.name) is set twice with different values; profiles have one value: the first is kept"
                    )
                    continue
                }
                if seen[variable.name] == nil { collection.variables.append(variable) }
                seen[variable.name] = variable.value
            }
            if let request = parsed.request { collection.requests.append(request) }
        }
        return collection
    }
}

/// The lines between two `###` separators.
struct HTTPFileBlock {
    let startLine: Int
    var name: String?
    var lines: [(number: Int, text: String)] = []
}
