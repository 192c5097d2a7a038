/// The one list of names that carry secrets, for headers, query items, form fields, multipart
/// fields and JSON keys alike.
///
/// A name is secret when it contains a long fragment (`token`, `secret`, `password`, `session`,
/// `cookie`, `api_key`, …), has a short word on its own (`sig`, `sid`, `otp`, `pin`, `auth`:
/// `authToken`, but not `author` or `design`; `auth` as the last word: `X-Auth`, not
/// `X-Auth-Email`), or ends in `-key`/`_key`/`Key`
/// (`X-API-Key`, `private_key`, `secretKey`), except `Idempotency-Key`.
package enum SecretNames {
    /// Matched anywhere in the lower-cased name, as UTF-8: an import asks about every parameter and
    /// field of a description, and `String.contains` costed an eighth of importing GitHub's.
    private static let fragments: [[UInt8]] = [
        "token", "secret", "password", "passwd", "pwd", "signature", "session", "sessid", "credential", "cookie",
        "apikey", "api_key", "api-key", "private_key", "privatekey",
    ].map { Array($0.utf8) }

    /// Matched as whole words (split at punctuation and camel case).
    private static let words: Set<String> = ["sig", "sid", "otp", "pin", "authorization", "passcode"]

    /// Names that look secret but are not: an idempotency key is sent to be seen.
    private static let exceptions: Set<String> = ["idempotency-key", "idempotency_key", "x-idempotency-key"]

    /// Whether a header, query item, field or key of this name carries a secret.
    package static func isSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        if exceptions.contains(lower) { return false }
        if lower == "key" || lower.hasSuffix("-key") || lower.hasSuffix("_key") { return true }
        let bytes = Array(lower.utf8)
        if fragments.contains(where: { contains($0, in: bytes) }) { return true }
        let parts = words(of: name)
        if parts.count > 1, parts.last == "key" { return true }
        // `auth` last: `X-Auth`, `auth`, not `X-Auth-Email` (`authToken` has `token`).
        return parts.last == "auth" || parts.contains { words.contains($0) }
    }

    /// Whether `fragment` occurs in `bytes`; both are short, so a plain scan is the fastest.
    private static func contains(_ fragment: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = fragment.first, bytes.count >= fragment.count else { return false }
        for start in 0...(bytes.count - fragment.count) where bytes[start] == first {
            if bytes[start..<(start + fragment.count)].elementsEqual(fragment) { return true }
        }
        return false
    }

    /// `X-Auth-Token` → `x auth token`; `authToken` → `auth token`; `user[pin]` → `user pin`.
    package static func words(of name: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var previousIsLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { parts.append(current.lowercased()) }
                current = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase, previousIsLower, !current.isEmpty {
                parts.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousIsLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { parts.append(current.lowercased()) }
        return parts
    }
}
