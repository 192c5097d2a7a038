public import APIMapping
public import Foundation

/// What is masked before a request or response is shown or logged: header names, query item
/// names and body paths.
///
/// Secret values can be added too (``adding(secrets:)``): a request built from a profile adds what
/// its `${env:…}` placeholders resolved to, and masks by name the headers and query items whose
/// values used one.
///
/// The defaults are always included: the `Authorization`, `Cookie`, `Set-Cookie` and
/// `Proxy-Authorization` headers, and query items named like credentials (`access_token`,
/// `token`, `api_key`, `apikey`, `key`, `password`, `secret`, `client_secret`, `signature`,
/// `sig`). Names compare case-insensitively. Masked values become ``mask`` (`••••`).
///
/// ```swift
/// let redaction = Redaction(headers: ["X-API-Key"], body: [try ProfilePath("auth>password")])
/// redaction.redact(headers: [HTTPHeader(name: "authorization", value: "Bearer abc")])
/// // [authorization: ••••]
/// redaction.redact(url: "https://x.test/a?token=abc&q=swift")  // https://x.test/a?token=••••&q=swift
/// redaction.redact(body: ["auth": ["password": "hunter2"]])    // {"auth":{"password":"••••"}}
/// ```
public struct Redaction: Hashable, Sendable {
    /// What a masked value is replaced with.
    public static let mask = "••••"
    /// Header names always masked, lower-cased.
    public static let defaultHeaders: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization"]
    /// Query item names always masked, lower-cased.
    public static let defaultQuery: Set<String> = [
        "access_token", "token", "api_key", "apikey", "key", "password", "secret", "client_secret", "signature",
        "sig",
    ]

    /// The names, paths and values, in one shared box: a redaction rides along with every request
    /// and every event of a stream, and a copy is then one reference, not one per set.
    private var fields: Fields

    /// Masked header names, lower-cased, defaults included.
    public private(set) var headers: Set<String> {
        get { fields.headers }
        set { fields = Fields(headers: newValue, query: query, body: body, patterns: patterns) }
    }
    /// Masked query item names, lower-cased, defaults included.
    public private(set) var query: Set<String> {
        get { fields.query }
        set { fields = Fields(headers: headers, query: newValue, body: body, patterns: patterns) }
    }
    /// Masked body paths.
    public private(set) var body: [ProfilePath] {
        get { fields.body }
        set { fields = Fields(headers: headers, query: query, body: newValue, patterns: patterns) }
    }
    /// Secret values (what `${env:…}` placeholders resolved to, tokens, values masked by name),
    /// compiled to be masked wherever they appear; values shorter than ``minimumSecretLength`` are
    /// not hunted down this way.
    public private(set) var patterns: SecretPatterns {
        get { fields.patterns }
        set { fields = Fields(headers: headers, query: query, body: body, patterns: newValue) }
    }

    /// Every form of every secret value that is masked wherever it appears (``patterns``).
    public var secrets: [String] { patterns.forms }

    /// The secret values as they were added (``adding(secrets:)``).
    public var secretValues: [String] { patterns.values }

    /// The shortest secret value masked wherever it appears, so a short value cannot erase every
    /// such word (the header, query item or body path it came from is still masked by name).
    public static let minimumSecretLength = SecretPatterns.minimumLength

    /// Creates a redaction set with the defaults plus these names and paths.
    ///
    /// ```swift
    /// Redaction(headers: ["X-API-Key"], query: ["session"])
    /// ```
    ///
    /// - Parameters:
    ///   - headers: More header names to mask, any case.
    ///   - query: More query item names to mask, any case.
    ///   - body: Body paths to mask; a key step over an array applies to every element.
    public init(headers: [String] = [], query: [String] = [], body: [ProfilePath] = []) {
        fields = Fields(
            headers: Self.defaultHeaders.union(headers.map { $0.lowercased() }),
            query: Self.defaultQuery.union(query.map { $0.lowercased() }), body: body, patterns: SecretPatterns())
    }

    /// Whether two sets mask the same names, paths and values.
    public static func == (lhs: Redaction, rhs: Redaction) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.headers == rhs.headers && lhs.query == rhs.query && lhs.body == rhs.body
                && lhs.patterns == rhs.patterns)
    }

    /// Hashes the names, paths and values equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(headers)
        hasher.combine(query)
        hasher.combine(body)
        hasher.combine(patterns)
    }

    /// What a redaction holds; never changed once made.
    private final class Fields: Sendable {
        let headers: Set<String>
        let query: Set<String>
        let body: [ProfilePath]
        let patterns: SecretPatterns

        init(headers: Set<String>, query: Set<String>, body: [ProfilePath], patterns: SecretPatterns) {
            self.headers = headers
            self.query = query
            self.body = body
            self.patterns = patterns
        }
    }

    /// This set without the cookie headers: a profile's `cookies: {redact: false}`.
    public func revealingCookies() -> Redaction {
        var result = self
        result.headers.subtract(["cookie", "set-cookie"])
        return result
    }

    /// The union of two redaction sets.
    ///
    /// ```swift
    /// profile.redaction.merging(Redaction(headers: ["X-Session"]))
    /// ```
    ///
    /// - Parameter other: The other set.
    public func merging(_ other: Redaction) -> Redaction {
        var result = self
        result.headers.formUnion(other.headers)
        result.query.formUnion(other.query)
        result.body += other.body.filter { !body.contains($0) }
        return result.adding(secrets: other.secretValues)
    }

    /// This set with more secret values, masked wherever they appear in a URL, a header value or text.
    ///
    /// A value is also hunted down in the forms it takes on the wire: percent-encoded in a URL,
    /// escaped inside a JSON string, escaped for a terminal (``SecretPatterns``).
    ///
    /// ```swift
    /// let redaction = Redaction().adding(secrets: ["s3cr3t-key"])
    /// redaction.redact(url: "https://x.test/a?k=s3cr3t-key")  // https://x.test/a?k=••••
    /// ```
    ///
    /// - Parameter values: The secret values; empty values and values shorter than
    ///   ``minimumSecretLength`` are left out.
    public func adding(secrets values: some Sequence<String>) -> Redaction {
        var result = self
        result.patterns = patterns.adding(values)
        return result
    }

    /// The text with every secret value replaced by the mask.
    ///
    /// ```swift
    /// Redaction().adding(secrets: ["hunter22"]).redact(text: "pw=hunter22")  // "pw=••••"
    /// ```
    ///
    /// - Parameter text: Any text: an error message, a header value, a label.
    public func redact(text: String) -> String {
        patterns.mask(text)
    }

    /// Whether a header's value is masked.
    ///
    /// - Parameter name: The header name, any case.
    public func masksHeader(_ name: String) -> Bool { headers.contains(name.lowercased()) }

    /// Whether a query item's value is masked.
    ///
    /// - Parameter name: The item name, any case.
    public func masksQueryItem(_ name: String) -> Bool { query.contains(name.lowercased()) }

    /// The headers with masked values.
    ///
    /// ```swift
    /// redaction.redact(headers: [HTTPHeader(name: "Cookie", value: "a=1")])  // [Cookie: ••••]
    /// ```
    ///
    /// - Parameter headers: Headers in order; order and names are kept.
    public func redact(headers: [HTTPHeader]) -> [HTTPHeader] {
        headers.map {
            HTTPHeader(name: $0.name, value: masksHeader($0.name) ? Self.mask : redact(text: $0.value))
        }
    }

    /// The URL text with masked query values and user info; everything else is kept byte for byte.
    ///
    /// ```swift
    /// redaction.redact(url: "https://u:p@x.test/?api_key=k&page=2")  // https://••••@x.test/?api_key=••••&page=2
    /// ```
    ///
    /// - Parameter url: A URL as text.
    public func redact(url: String) -> String {
        redact(text: RequestRedaction.redact(url: url, names: query))
    }

    /// The URL with masked query values.
    ///
    /// - Parameter url: The URL.
    public func redact(url: URL) -> String { redact(url: url.absoluteString) }

    /// The body with the value at every ``body`` path replaced by the mask.
    ///
    /// A step that is a key over an array applies to every element, so `items>password` masks the
    /// password of each item; a path that does not exist masks nothing.
    ///
    /// ```swift
    /// let redaction = Redaction(body: [try ProfilePath("items>secret")])
    /// redaction.redact(body: ["items": [["secret": "a"], ["secret": "b"]]])
    /// // {"items":[{"secret":"••••"},{"secret":"••••"}]}
    /// ```
    ///
    /// - Parameter body: The JSON body.
    public func redact(body: JSONValue) -> JSONValue {
        var result = body
        for path in self.body {
            result = Self.masking(result, path.segments[...])
        }
        return result
    }

    /// The values the body paths mask in `body`: strings as they are, anything else as its JSON text.
    ///
    /// - Parameter body: A JSON body.
    package func values(maskedIn body: JSONValue) -> [String] {
        var found: [String] = []
        Self.collectMasked(original: body, redacted: redact(body: body), into: &found)
        return found
    }

    private static func collectMasked(original: JSONValue, redacted: JSONValue, into found: inout [String]) {
        guard original != redacted else { return }
        switch (original, redacted) {
        case (.object(let before), .object(let after)):
            for (old, new) in zip(before.members, after.members) {
                collectMasked(original: old.value, redacted: new.value, into: &found)
            }
        case (.array(let before), .array(let after)):
            for (old, new) in zip(before, after) {
                collectMasked(original: old, redacted: new, into: &found)
            }
        case (.string(let text), _):
            found.append(text)
        case (.number(let number), _):
            found.append(number.text)
        default:
            found.append(original.jsonText())
        }
    }

    private static func masking(_ value: JSONValue, _ segments: ArraySlice<ProfilePath.Segment>) -> JSONValue {
        guard let segment = segments.first else { return .string(mask) }
        let rest = segments.dropFirst()
        switch value {
        case .object(let object):
            var result = JSONObject()
            for member in object.members {
                result.append(
                    key: member.key, value: member.key == segment.key ? Self.masking(member.value, rest) : member.value)
            }
            return .object(result)
        case .array(let elements):
            if let index = segment.index {
                let position = index >= 0 ? index : elements.count + index
                guard elements.indices.contains(position) else { return value }
                var result = elements
                result[position] = Self.masking(elements[position], rest)
                return .array(result)
            }
            return .array(elements.map { Self.masking($0, segments) })
        case .null, .bool, .number, .string:
            return value
        }
    }
}

/// A header name and value, in the order they are sent.
///
/// ```swift
/// HTTPHeader(name: "Accept", value: "application/json")
/// ```
public struct HTTPHeader: Hashable, Sendable, CustomStringConvertible {
    /// The name as written.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header.
    ///
    /// - Parameters:
    ///   - name: The header name.
    ///   - value: The value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`, with the value masked for the headers ``Redaction`` always masks.
    public var description: String {
        Redaction.defaultHeaders.contains(name.lowercased()) ? "\(name): \(Redaction.mask)" : "\(name): \(value)"
    }
}

extension Redaction: CustomStringConvertible, CustomDebugStringConvertible {
    /// The masked names and paths, and how many secret values: never the values themselves.
    public var description: String {
        "Redaction(headers: \(headers.sorted()), query: \(query.sorted()), body: \(body.map(\.description)), "
            + "secrets: \(secrets.count))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
