import APIClient
import APIHTTP
import Foundation

/// The `${cmd:…}` commands, and `${file:…}` files outside its folder, a user allowed for a profile, bound to the profile's content: an
/// edited profile, or one of the same name from elsewhere, asks again. Kept in
/// `STATE/commands/PROFILE.json`, readable by the user only.
///
/// ```json
/// {"digest": "9f86d08…", "commands": ["pass show acme/token"]}
/// ```
struct CommandConsent: Codable, Equatable {
    /// The profile's ``Profile/sourceDigest`` when consent was given.
    var digest: String
    /// The allowed commands.
    var commands: [String]
    /// The allowed secret files outside the profile's folder, resolved; absent in older files.
    var files: [String]? = nil

    /// The consent stored in `file` for a profile with `digest`; empty when there is none, or it
    /// was given for other content.
    static func load(_ file: URL, digest: String) throws(SecretProblem) -> CommandConsent {
        let data: Data
        do {
            guard let bytes = try StateFile.read(file.path, maximumBytes: 1 << 20) else {
                return CommandConsent(digest: digest, commands: [])
            }
            data = Data(bytes)
        } catch {
            throw SecretProblem("cannot read the consent file \(error)")
        }
        let stored: CommandConsent
        do {
            stored = try JSONDecoder().decode(CommandConsent.self, from: data)
        } catch {
            throw SecretProblem("cannot read the consent file \(file.path): \(error)")
        }
        return stored.digest == digest ? stored : CommandConsent(digest: digest, commands: [])
    }

    /// Writes the consent to `file`, 0600, atomically.
    func save(_ file: URL) throws(SecretProblem) {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try PrivateFile.write(try JSONEncoder().encode(self), to: file.path)
        } catch {
            throw SecretProblem("could not remember the consent in \(file.path): \(error)")
        }
    }
}
