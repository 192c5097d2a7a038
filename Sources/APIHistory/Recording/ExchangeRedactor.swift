import APIClient
import APIMapping
import Foundation

/// Masks an exchange before any of it is written.
///
/// Two layers. First the profile's rules by name: masked headers, masked query items, masked
/// JSON body paths (request and response). Then every secret value those rules masked in the
/// *request* (a bearer token, an `access_token`, a password in the body) is replaced wherever else
/// it appears: in response headers and bodies (an echoing server), in error messages, in the
/// tip and model text. Values shorter than ``minimumSecretLength`` are not hunted down this way,
/// so a one-letter secret cannot erase every such letter.
struct ExchangeRedactor: Sendable {
    static let minimumSecretLength = Redaction.minimumSecretLength

    let redaction: Redaction
    private(set) var secrets: [String] = []

    init(redaction: Redaction, extraHeaders: [String] = []) {
        self.redaction = redaction.merging(Redaction(headers: extraHeaders))
        // The values the request's secret sources resolved to (`${env:…}`), already in their wire forms.
        secrets = self.redaction.secrets
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
            Self.collectMasked(original: body, redacted: redaction.redact(body: body), into: &found)
        }
        var escaped: [String] = []
        for secret in found {
            // The same secret inside a JSON string, where `"`, `\` and `/` may be escaped.
            let text = JSONValue.string(secret).jsonText()
            escaped.append(String(text.dropFirst().dropLast()))
            escaped.append(escaped[escaped.count - 1].replacing("/", with: "\\/"))
        }
        for secret in found + escaped
        where secret.count >= Self.minimumSecretLength && secret != Redaction.mask && !secrets.contains(secret) {
            secrets.append(secret)
        }
        // Longest first, so a token is masked whole before a shorter secret inside it.
        secrets.sort { $0.utf8.count > $1.utf8.count }
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
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacing(secret, with: Redaction.mask)
        }
        return result
    }

    /// A JSON body with the profile's body paths masked, then scrubbed.
    func json(_ value: JSONValue) -> JSONValue {
        scrub(redaction.redact(body: value))
    }

    private func scrub(_ value: JSONValue) -> JSONValue {
        guard !secrets.isEmpty else { return value }
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
        var result = bytes
        for secret in secrets {
            result = Self.replacing(Array(secret.utf8), with: Array(Redaction.mask.utf8), in: result)
        }
        return result
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in haystack: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        var output: [UInt8] = []
        var index = 0
        var copiedUpTo = 0
        let first = needle[0]
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) {
                if output.isEmpty { output.reserveCapacity(haystack.count) }
                output.append(contentsOf: haystack[copiedUpTo..<index])
                output.append(contentsOf: replacement)
                index += needle.count
                copiedUpTo = index
            } else {
                index += 1
            }
        }
        guard copiedUpTo > 0 else { return haystack }
        output.append(contentsOf: haystack[copiedUpTo...])
        return output
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
