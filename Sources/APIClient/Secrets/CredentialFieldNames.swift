public import APIMapping

/// The names of body fields whose values are credentials wherever they appear, in a request or a
/// response: `password`, `token`, `access_token`, `refresh_token`, `client_secret`, `api_key`…,
/// compared in any of the usual spellings (`accessToken`, `Access-Token`, `ACCESS_TOKEN`).
///
/// The list is deliberately exact (not "any name containing `token`"): each value found is masked
/// everywhere for the session, and `token_type: "Bearer"` must not mask every `Bearer`.
///
/// ```swift
/// CredentialFieldNames.isCredential("accessToken")  // true
/// CredentialFieldNames.isCredential("token_type")   // false
/// ```
public enum CredentialFieldNames {
    /// The names, in snake case.
    public static let names: Set<String> = [
        "password", "passwd", "passphrase", "secret", "client_secret", "api_secret", "secret_key", "private_key",
        "token", "access_token", "refresh_token", "id_token", "session_token", "auth_token", "bearer_token",
        "api_key", "apikey", "session_id", "sessionid",
    ]

    /// The most values taken from one body, so a hostile body cannot fill the gate.
    public static let maximumPerBody = 64
    /// The longest value taken from a body field, in bytes.
    public static let maximumValueBytes = 4096

    /// Whether a field of this name holds a credential.
    ///
    /// - Parameter name: A JSON key, any spelling.
    public static func isCredential(_ name: String) -> Bool {
        names.contains(snakeCase(name))
    }

    /// `accessToken`, `Access-Token`, `ACCESS_TOKEN` → `access_token`.
    ///
    /// Every key of a body is asked this (a stream's thousand kept events have thousands), so an
    /// ASCII name is converted byte by byte: the same result as ``snakeCaseByCharacter(_:)`` gives,
    /// without a string per character.
    static func snakeCase(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 4)
        var previousIsLower = false
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "_"):
                bytes.append(UInt8(ascii: "_"))
                previousIsLower = false
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if previousIsLower { bytes.append(UInt8(ascii: "_")) }
                bytes.append(byte + 0x20)
                previousIsLower = false
            case 0x80...:
                return snakeCaseByCharacter(name)
            default:
                bytes.append(byte)
                previousIsLower =
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``snakeCase(_:)`` character by character, for any name.
    static func snakeCaseByCharacter(_ name: String) -> String {
        var result = ""
        var previousIsLower = false
        for character in name {
            if character == "-" || character == " " || character == "_" {
                result.append("_")
                previousIsLower = false
                continue
            }
            if character.isUppercase, previousIsLower { result.append("_") }
            result += character.lowercased()
            previousIsLower = character.isLowercase || character.isNumber
        }
        return result
    }

    /// Each key in the forms it is written in JSON text, quoted: a quick test of whether a body
    /// can hold a credential field at all, before its tree is walked.
    static let quotedSpellings: MultiPatternMatcher = {
        var quoted: [[UInt8]] = []
        for name in names {
            let words = name.split(separator: "_").map(String.init)
            let capitalized: [String] = words.map { String($0.prefix(1).uppercased() + $0.dropFirst()) }
            let camel = ([words[0]] + capitalized.dropFirst()).joined()
            let spellings: [String] = [
                name, name.uppercased(), words.joined(separator: "-"), camel, capitalized.joined(),
                capitalized.joined(separator: "-"),
            ]
            for spelling in spellings {
                quoted.append(Array("\"\(spelling)\"".utf8))
            }
        }
        return MultiPatternMatcher(patterns: quoted)
    }()

    /// The values of credential-named fields in a JSON tree, at any depth (strings and numbers as
    /// their text), at most ``maximumPerBody``, each at most ``maximumValueBytes``.
    ///
    /// - Parameters:
    ///   - root: The tree.
    ///   - text: The JSON text it was parsed from, when at hand: a body without any credential key
    ///     in it is not walked.
    public static func values(in root: JSONNode, text: [UInt8]? = nil) -> [String] {
        if let text, !quotedSpellings.occurs(in: text) { return [] }
        var found: [String] = []
        var stack = [root]
        while let node = stack.popLast(), found.count < maximumPerBody {
            switch node.kind {
            case .object:
                for member in node.members {
                    if isCredential(member.key), let value = member.value.stringValue ?? member.value.numberValue?.text,
                        value.utf8.count <= maximumValueBytes
                    {
                        found.append(value)
                    } else if member.value.kind == .object || member.value.kind == .array {
                        stack.append(member.value)
                    }
                }
            case .array:
                for element in node.elements where element.kind == .object || element.kind == .array {
                    stack.append(element)
                }
            default:
                break
            }
        }
        return Array(found.prefix(maximumPerBody))
    }
}
