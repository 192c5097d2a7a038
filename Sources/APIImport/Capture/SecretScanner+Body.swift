import APIClient
import APIMapping

/// Secrets in request bodies: JSON members, form pairs, multipart fields and free text.
///
/// A value is hidden behind `${env:PREFIX_NAME}` when its key is secret (`SecretNames`; in JSON,
/// every string and number below such a key too) or the value looks like a secret
/// (`SecretValues`). Each variable used is added to `used`, so the endpoint can tell the writer
/// which `${env:…}` placeholders are templates.
extension SecretScanner {
    /// A JSON body with every secret string or number replaced by a placeholder string.
    mutating func scrub(json value: JSONValue, key: String? = nil, secret: Bool = false, into used: inout [String])
        -> JSONValue
    {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for member in object.members {
                let isSecret = secret || SecretNames.isSecret(member.key)
                result.append(
                    key: member.key, value: scrub(json: member.value, key: member.key, secret: isSecret, into: &used))
            }
            return .object(result)
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements { result.append(scrub(json: element, key: key, secret: secret, into: &used)) }
            return .array(result)
        case .string(let text):
            guard !text.isEmpty, secret || SecretValues.looksSecret(text, entropy: true) else { return value }
            return .string(hide(text, suffix: key ?? "BODY_SECRET", into: &used))
        case .number(let number) where secret:
            return .string(hide(number.description, suffix: key ?? "BODY_SECRET", into: &used))
        default:
            return value
        }
    }

    /// A form-encoded body (`a=1&password=x`) with secret values replaced; pair order and the
    /// encoding of everything else are kept.
    mutating func scrub(form text: String, into used: inout [String]) -> String {
        var pairs: [String] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else {
                let value = Self.formDecoded(pair)
                pairs.append(
                    SecretValues.looksSecret(value, entropy: true)
                        ? hide(value, suffix: "BODY_SECRET", into: &used) : String(pair))
                continue
            }
            let name = Self.formDecoded(pair[..<equals])
            let value = Self.formDecoded(pair[pair.index(after: equals)...])
            if !value.isEmpty, SecretNames.isSecret(name) || SecretValues.looksSecret(value, entropy: true) {
                pairs.append(pair[..<equals] + "=" + hide(value, suffix: name, into: &used))
            } else {
                pairs.append(String(pair))
            }
        }
        return pairs.joined(separator: "&")
    }

    /// Other text (XML, plain): each word that looks like a secret is replaced.
    mutating func scrub(text: String, into used: inout [String]) -> String {
        var result = text
        for range in SecretValues.secretRanges(in: text).reversed() {
            result.replaceSubrange(range, with: hide(String(text[range]), suffix: "BODY_SECRET", into: &used))
        }
        return result
    }

    /// Multipart fields with every secret non-file value replaced; names and files (`@path`) are kept.
    mutating func scrub(multipart fields: [DraftHeader], into used: inout [String]) -> [DraftHeader] {
        var result: [DraftHeader] = []
        for field in fields {
            let isFile = field.value.hasPrefix("@")
            if !isFile, !field.value.isEmpty,
                SecretNames.isSecret(field.name) || SecretValues.looksSecret(field.value, entropy: true)
            {
                result.append(DraftHeader(name: field.name, value: hide(field.value, suffix: field.name, into: &used)))
            } else {
                result.append(field)
            }
        }
        return result
    }

    /// Whether text reads as `name=value` pairs joined by `&`, without spaces or line breaks.
    static func isFormShaped(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(where: \.isWhitespace)
            && text.split(separator: "&").allSatisfy { $0.contains("=") }
    }

    /// A form name or value decoded: `%XX` escapes, and `+` as a space.
    private static func formDecoded(_ text: Substring) -> String {
        CurlEncoding.unescape(String(text).replacing("+", with: " "))
    }
}
