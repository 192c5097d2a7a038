import APIClient
import APIHTTP
import Foundation

/// The tokens a profile signed in with, as cached in `tokens/PROFILE.json` (mode 0600).
struct TokenSet: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    var accessToken: String
    var refreshToken: String?
    /// When the access token stops working; `nil` when the server did not say.
    var expiresAt: Date?
    /// The sign-in configuration the tokens were issued for (``ExplorerSession/signInFingerprint(of:)``):
    /// a cached token is used only by the profile file, base URL and `auth` that obtained it.
    var issuer = ""

    /// Whether the token should be replaced before use: expired, or expiring within `margin`.
    func isStale(now: Date, margin: TimeInterval = 30) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }

    /// Masked, like every description of a secret: `tokens •••• (refresh ••••), expires 2026-…`.
    var description: String {
        "tokens \(Redaction.mask)" + (refreshToken == nil ? "" : " (refresh \(Redaction.mask))")
            + (expiresAt.map { ", expires \($0.formatted(.iso8601))" } ?? "")
    }

    var debugDescription: String { description }

    /// The values redaction must hunt down.
    var secrets: [String] { [accessToken, refreshToken].compactMap { $0 } }

    /// Reads the cache file; `nil` when there is none.
    static func load(_ file: URL) throws(TransportError) -> TokenSet? {
        let bytes: [UInt8]?
        do {
            bytes = try StateFile.read(file.path, maximumBytes: 1 << 20)
        } catch {
            throw TransportError(kind: .signIn, request: "", message: "the token cache \(error)")
        }
        guard let bytes else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(TokenSet.self, from: Data(bytes))
        } catch {
            throw TransportError(
                kind: .signIn, request: "",
                message: "the token cache \(file.path) does not read (\(error)); delete it to sign in again")
        }
    }

    /// Writes the cache file with mode 0600.
    func save(_ file: URL) throws(TransportError) {
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            try PrivateFile.write(try encoder.encode(self), to: file.path)
        } catch {
            throw TransportError(kind: .signIn, request: "", message: "saving the token cache: \(error)")
        }
    }
}
