import Foundation

/// Where a secret placeholder takes its value from, besides the environment: a file, a command's
/// output, or the user at a prompt.
///
/// ```yaml
/// auth: {bearer: {token: "${file:~/.config/acme/token}"}}
/// headers: {X-API-Key: "${cmd:pass show acme/api-key}"}
/// auth: {basic: {username: me, password: "${prompt:Acme password}"}}
/// ```
///
/// A profile only names them; the session reads each one when a request first needs it (see
/// ``Profile/secretSources(endpoint:)``), and every value read is a secret for redaction.
public enum SecretSource: Hashable, Sendable, CustomStringConvertible {
    /// `${file:PATH}`: the file's text without its trailing newline. The file must not be
    /// readable or writable by group or others. `~/` is the home directory; a relative path is
    /// relative to the profile's folder.
    case file(String)
    /// `${cmd:COMMAND}`: what `/bin/sh -c COMMAND` prints, without its trailing newline. A
    /// command runs only once the user has allowed it for this profile's content.
    case command(String)
    /// `${prompt:Label}`: asked once per session, with echo off.
    case prompt(String)

    /// The source in words for messages: `secret file '~/.token'`.
    public var description: String {
        switch self {
        case .file(let path): "secret file '\(path)'"
        case .command(let command): "secret command '\(command)'"
        case .prompt(let label): "secret prompt '\(label)'"
        }
    }

    /// The placeholder as written in a profile.
    public var placeholder: String {
        switch self {
        case .file(let path): "${file:\(path)}"
        case .command(let command): "${cmd:\(command)}"
        case .prompt(let label): "${prompt:\(label)}"
        }
    }

    /// Parses the inside of `${…}`; `nil` when it names no secret source.
    init?(placeholder inner: String, _ fail: (String) -> ProfileError) throws(ProfileError) {
        let kinds: [(prefix: String, make: (String) -> SecretSource)] = [
            ("file:", SecretSource.file), ("cmd:", SecretSource.command), ("prompt:", SecretSource.prompt),
        ]
        guard let kind = kinds.first(where: { inner.hasPrefix($0.prefix) }) else { return nil }
        let argument = String(inner.dropFirst(kind.prefix.count))
        guard !argument.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail("'${\(inner)}' needs a \(kind.prefix.dropLast()) argument after the ':'")
        }
        guard !argument.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail("'${\(inner)}' contains a control character")
        }
        self = kind.make(argument)
    }
}
