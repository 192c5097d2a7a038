/// A curl command line, reduced to the request it sends.
///
/// Parsing folds the shorthands into this canonical form: `-A`, `-e`, `-b name=value`,
/// `--oauth2-bearer` and `--json` become headers; `-I` becomes the method `HEAD`; `-G` moves the
/// data into the URL's query; `--data-urlencode` is encoded; several `-d` are joined with `&`.
/// So two command lines that send the same request compare equal, and
/// ``rendered(multiline:)`` writes one line that parses back to an equal value.
///
/// ```swift
/// let curl = try CurlCommand(parsing: "curl -sS https://api.example.com/v1/users?page=2 -H 'Accept: */*'")
/// curl.method   // "GET"
/// curl.url      // "https://api.example.com/v1/users?page=2"
/// curl.headers  // [CurlHeader(name: "Accept", value: "*/*")]
/// ```
public struct CurlCommand: Hashable, Sendable {
    /// The upper-case method: explicit (`-X`), or implied (`HEAD` by `-I`, `POST` by data or a form, else `GET`).
    public var method: String
    /// The URL, with `http://` added when it had no scheme.
    public var url: String
    /// The headers in command-line order, names as written.
    public var headers: [CurlHeader] = []
    /// The request body pieces (`-d` and friends); adjacent text pieces are already joined.
    public var data: [CurlData] = []
    /// The multipart form fields (`-F`).
    public var form: [CurlFormField] = []
    /// The `-u` credentials, `user:password` (or `user` alone).
    public var user: String?
    /// Whether `--compressed` asked for a compressed response.
    public var compressed = false
    /// Whether `-k` turned TLS certificate verification off.
    public var insecure = false

    /// Creates a command for a method and URL.
    ///
    /// ```swift
    /// var curl = CurlCommand(method: "POST", url: "https://api.example.com/v1/charges")
    /// curl.data = [.text("amount=2000&currency=usd")]
    /// ```
    ///
    /// - Parameters:
    ///   - method: The upper-case method.
    ///   - url: The absolute URL.
    public init(method: String = "GET", url: String) {
        self.method = method
        self.url = url
    }

    /// The body as one text, when every piece is text (no `@file`).
    ///
    /// ```swift
    /// try CurlCommand(parsing: "curl -d a=1 -d b=2 https://x.test").bodyText  // "a=1&b=2"
    /// ```
    public var bodyText: String? {
        var text = ""
        for piece in data {
            guard case .text(let piece) = piece else { return nil }
            text += piece
        }
        return data.isEmpty ? nil : text
    }

    /// The value of the last header named `name` (case-insensitive).
    ///
    /// ```swift
    /// curl.header("content-type")  // "application/json"
    /// ```
    ///
    /// - Parameter name: The header name.
    /// - Returns: Its value, or `nil`.
    public func header(_ name: String) -> String? {
        headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A header of a curl command.
///
/// ```swift
/// CurlHeader(name: "Authorization", value: "Bearer $TOKEN")
/// ```
public struct CurlHeader: Hashable, Sendable {
    /// The name, as written.
    public var name: String
    /// The value, leading spaces removed.
    public var value: String

    /// Creates a header.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A piece of a curl request body.
///
/// ```swift
/// try CurlCommand(parsing: "curl -d @payload.json https://x.test").data  // [.file("payload.json", .stripNewlines)]
/// ```
public enum CurlData: Hashable, Sendable {
    /// Literal text (from `-d text`, `--data-raw`, `--json`, an encoded `--data-urlencode`).
    case text(String)
    /// A file curl would read (`@path`, `-` for standard input), and how it would read it.
    case file(String, CurlDataFile)
}

/// How curl reads a data file.
///
/// ```swift
/// CurlDataFile.urlencode(name: "q")  // --data-urlencode q@query.txt
/// ```
public enum CurlDataFile: Hashable, Sendable {
    /// `-d @file`: carriage returns and newlines removed.
    case stripNewlines
    /// `--data-binary @file` (and `--json @file`, `-T file`): as is.
    case binary
    /// `--data-urlencode [name]@file`: URL-encoded, after `name=` when a name is given.
    case urlencode(name: String?)
}

/// A multipart form field of a curl command (`-F name=value`, `-F name=@file;type=…`).
///
/// ```swift
/// let field = try CurlCommand(parsing: "curl -F 'avatar=@me.png;type=image/png' https://x.test").form[0]
/// field.name         // "avatar"
/// field.value        // "me.png"
/// field.source       // .file
/// field.contentType  // "image/png"
/// ```
public struct CurlFormField: Hashable, Sendable {
    /// Where a field's value comes from.
    public enum Source: Hashable, Sendable {
        /// The value is the text.
        case text
        /// `@path`: the file is uploaded as a file.
        case file
        /// `<path`: the file's content is sent as the text value.
        case fileContent
    }

    /// The field name.
    public var name: String
    /// The text, or the file path.
    public var value: String
    /// Where the value comes from.
    public var source: Source
    /// The part's `type=`, if given.
    public var contentType: String?
    /// The part's `filename=`, if given.
    public var filename: String?

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The text or file path.
    ///   - source: Where the value comes from.
    ///   - contentType: The part's content type.
    ///   - filename: The file name sent for the part.
    public init(
        name: String, value: String, source: Source = .text, contentType: String? = nil, filename: String? = nil
    ) {
        self.name = name
        self.value = value
        self.source = source
        self.contentType = contentType
        self.filename = filename
    }
}
