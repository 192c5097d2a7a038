import APIClient
import APIHTTP
import APIMapping
import Foundation

/// Masks an exchange before any of it is written.
///
/// Two layers. First the profile's rules by name: masked headers, masked query items, masked
/// JSON body paths (request and response). Then every secret value those rules masked in the
/// *request* (a bearer token, an `access_token`, a password in the body) is replaced wherever else
/// it appears: in response headers and bodies (an echoing server), in error messages, in the
/// tip and model text. Values shorter than ``minimumSecretLength`` are not hunted down this way,
/// so a short secret cannot erase every such word; matching is one pass whatever their number.
struct ExchangeRedactor: Sendable {
    static let minimumSecretLength = Redaction.minimumSecretLength

    let redaction: Redaction
    /// The values to hunt down: the redaction's (the session's secrets, what `${env:…}` resolved to)
    /// and those ``learnSecrets(headers:url:body:)`` found in the request.
    private(set) var patterns: SecretPatterns

    /// Every form of every value hunted down.
    var secrets: [String] { patterns.forms }

    init(redaction: Redaction, extraHeaders: [String] = []) {
        self.redaction = redaction.merging(Redaction(headers: extraHeaders))
        patterns = self.redaction.patterns
    }

    /// Collects the secrets a request carries, so they can be scrubbed from everything else.
    mutating func learnSecrets(
        headers: [(name: String, value: String)], url: String, body: JSONValue?
    ) {
        var found: [String] = []
        for header in headers where redaction.masksHeader(header.name) {
            found.append(header.value)
            // `Bearer TOKEN`, `Basic BASE64`: the credential alone can be echoed without its scheme.
            if let space = header.value.lastIndex(of: " ") {
                found.append(String(header.value[header.value.index(after: space)...]))
            }
        }
        for item in QueryItems.parse(url) where redaction.masksQueryItem(item.name) {
            found.append(item.rawValue)
            found.append(item.value)
        }
        if let body {
            found += redaction.values(maskedIn: body)
        }
        patterns = patterns.adding(found)
    }

    /// Headers masked by name, the URIs of `Link`, `Location` and `Content-Location` masked as the
    /// request URL is (a server can issue a credential there that the request never carried), then
    /// scrubbed of known secrets.
    func headers(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.map { header in
            guard !redaction.masksHeader(header.name) else { return (header.name, Redaction.mask) }
            return (
                header.name,
                text(RequestRedaction.redact(header: header.name, value: header.value, names: redaction.query))
            )
        }
    }

    /// The URL with masked query values and user info, then scrubbed.
    func url(_ url: String) -> String {
        text(redaction.redact(url: url))
    }

    /// Text with every known secret replaced by the mask.
    func text(_ text: String) -> String {
        patterns.mask(text)
    }

    /// A JSON body with the profile's body paths masked, then scrubbed.
    func json(_ value: JSONValue) -> JSONValue {
        scrub(redaction.redact(body: value))
    }

    private func scrub(_ value: JSONValue) -> JSONValue {
        guard !patterns.isEmpty else { return value }
        switch value {
        case .string(let string): return .string(text(string))
        case .array(let elements): return .array(elements.map(scrub))
        case .object(let object):
            var result = JSONObject()
            for member in object.members { result.append(key: text(member.key), value: scrub(member.value)) }
            return .object(result)
        case .null, .bool, .number: return value
        }
    }

    /// Raw bytes with every known secret's UTF-8 bytes replaced by the mask's.
    func bytes(_ bytes: [UInt8]) -> [UInt8] {
        patterns.mask(bytes: bytes)
    }

    /// JSON text with every known secret masked, still JSON.
    func json(bytes: [UInt8]) -> [UInt8] {
        patterns.maskJSON(bytes)
    }
}

/// The query items of a URL, raw and percent-decoded, for finding the secrets it carries.
enum QueryItems {
    struct Item {
        let name: String
        let rawValue: String
        let value: String
    }

    static func parse(_ url: String) -> [Item] {
        var text = Substring(url)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        guard let mark = text.firstIndex(of: "?") else { return [] }
        let query: Substring = text[text.index(after: mark)...]
        return query.split(separator: "&").compactMap { (part: Substring) -> Item? in
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let rawValue = String(part[part.index(after: equals)...])
            let name = String(part[..<equals])
            return Item(
                name: name.removingPercentEncoding ?? name, rawValue: rawValue,
                value: rawValue.replacing("+", with: " ").removingPercentEncoding ?? rawValue)
        }
    }
}
