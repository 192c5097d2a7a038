import APIClient

/// Option values as warnings show them: warnings become profile comments, so they name the option
/// and never quote a credential.
enum CurlWarningText {
    /// `https://user:pass@x.test/bot123:AA…/a?api_key=k#t` → `https://x.test/bot••••/a?api_key=••••#••••`:
    /// no user information, secret path parts, secret query values and fragments masked.
    static func url(_ text: String) -> String {
        let mask = SecretScanner.mask
        var rest = Substring(text)
        var result = ""
        if let scheme = rest.firstRange(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
        }
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        result += authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        rest = rest[authorityEnd...]
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest.index(after: hash) == rest.endIndex ? "#" : "#" + mask
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        result += SecretScanner.replacingSecrets(inPath: String(rest)) { _, _ in mask }
        if let query {
            let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
                guard let equals = item.firstIndex(of: "=") else {
                    return SecretValues.looksSecret(CurlEncoding.unescape(String(item)), entropy: true)
                        ? mask : String(item)
                }
                let name = CurlEncoding.unescape(String(item[..<equals]))
                let value = CurlEncoding.unescape(String(item[item.index(after: equals)...]))
                let secret = SecretNames.isSecret(name) || SecretValues.looksSecret(value, entropy: true)
                return secret && !value.isEmpty ? item[..<equals] + "=" + mask : String(item)
            }
            result += "?" + items.joined(separator: "&")
        }
        return result + fragment
    }

    /// A `-H` argument that is not `Name: value`: quoted when it is a bare header name with `;`
    /// (`'X-Empty;'`), else masked, since it may be a value pasted without its name.
    static func headerLine(_ line: String) -> String {
        let name = line.hasSuffix(";") ? line.dropLast() : ""
        let isName =
            !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard isName, !SecretValues.looksSecret(String(name), entropy: true) else { return SecretScanner.mask }
        return ShellWords.quote(line)
    }
}
