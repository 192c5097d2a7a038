package import APIClient
import APIHTTP
import Foundation

extension ExplorerSession {
    /// The request an endpoint call would send, built but not sent (`request --dry-run`): secret
    /// sources are read as for a call, and nothing is recorded. Sign-in tokens are not fetched; the
    /// middleware adds them as requests go out.
    ///
    /// ```swift
    /// let request = try await session.preview(endpoint: "user", parameters: [:], profile: github)
    /// print(request)  // GET https://api.github.com/users/octocat …, secrets masked
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint id.
    ///   - parameters: Its parameters.
    ///   - profile: The backend.
    /// - Throws: ``ClientError`` for what would stop the call before it is sent, or the demo
    ///   backend's start error.
    package func preview(
        endpoint: String, parameters: [String: String], profile: Profile
    ) async throws -> ResolvedRequest {
        let demoBaseURL = try await demoBaseURL(for: profile)
        let secrets = try await secrets(for: profile, endpoint: endpoint)
        do {
            return try profile.resolveRequest(
                endpoint: endpoint, parameters: parameters, environment: environment, demoBaseURL: demoBaseURL,
                secrets: secrets)
        } catch {
            throw ClientError.profile(error)
        }
    }

    /// The request with every value from outside the profile replaced by a stand-in for a shell
    /// expression (`request --print-curl`): `${NAME}` for an environment variable, `$(cat 'PATH')`
    /// for a secret file, `$(COMMAND)` for a secret command. Nothing is read, run or asked; a
    /// prompted secret stays masked.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint id.
    ///   - parameters: Its parameters.
    ///   - profile: The backend.
    ///   - standIn: Returns the stand-in for a shell expression.
    /// - Throws: ``ClientError`` for an unknown endpoint or parameter, or the demo backend's start error.
    package func shellTemplate(
        endpoint: String, parameters: [String: String], profile: Profile,
        standIn: (String) -> String
    ) async throws -> ResolvedRequest {
        let demoBaseURL = try await demoBaseURL(for: profile)
        var placeholders: [String: String] = [:]
        for name in profile.environmentNames(endpoint: endpoint) { placeholders[name] = standIn("${\(name)}") }
        var secrets: [SecretSource: String] = [:]
        for source in profile.secretSources(endpoint: endpoint) {
            switch source {
            case .file(let path):
                let resolved = SecretFile.resolve(path, home: environment["HOME"], folder: Self.folder(of: profile))
                secrets[source] = standIn("$(cat '\(resolved.replacing("'", with: #"'\''"#))')")
            case .command(let command):
                // Through `sh -c`, quoted: a `#` or `)` in the command cannot end the substitution.
                secrets[source] = standIn("$(sh -c '\(command.replacing("'", with: #"'\''"#))')")
            case .prompt:
                secrets[source] = Redaction.mask
            }
        }
        do {
            return try profile.resolveRequest(
                endpoint: endpoint, parameters: parameters, environment: placeholders, demoBaseURL: demoBaseURL,
                secrets: secrets)
        } catch {
            throw ClientError.profile(error)
        }
    }
}
