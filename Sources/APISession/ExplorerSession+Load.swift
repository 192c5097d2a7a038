package import APIClient
package import APIHTTP

/// The request a load run sends over and over, resolved once by the session: templates and
/// secrets filled, the profile's credential on it (signed in first when the profile signs in),
/// the session's and the call's time limits applied.
///
/// ```swift
/// let target = try await session.loadTarget(endpoint: "user", parameters: ["id": "1001"], profile: demo)
/// let record = try await transport.send(target.spec)   // the same request, as often as the load needs
/// ```
package struct LoadTarget: Sendable {
    /// The request as the transport sends it.
    package let spec: HTTPRequestSpec
    /// The request as the profile resolved it (for the exchanges a load run records).
    package let request: ResolvedRequest
    /// The profile, its redaction extended with the credential and the secret sources used.
    package let profile: Profile
    /// The endpoint's id.
    package let endpoint: String
    /// Whether the request goes to the demo backend the session runs in this process (so the
    /// process's CPU time covers the server's work too).
    package let servedInProcess: Bool
}

extension ExplorerSession {
    /// Resolves an endpoint call once for a load run, as ``send(_:profile:progress:)`` would send
    /// it, minus the per-request middleware: no retries, no conditional GET cache, no cookie jar
    /// (a load measures the server, not those), and no history (the caller records a summary).
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint id.
    ///   - parameters: Values for its parameters.
    ///   - profile: The backend.
    ///   - options: What the call changes (body, envelope, time limits).
    /// - Returns: The request, with what recording an exchange of it needs.
    /// - Throws: ``ClientError`` for a profile error or a failed sign-in; what starting the demo
    ///   backend threw.
    package func loadTarget(
        endpoint: String, parameters: [String: String], profile: Profile, options: CallOptions = CallOptions()
    ) async throws -> LoadTarget {
        var profile = profile
        let demoBaseURL = try await demoBaseURL(for: profile)
        let credential = try await self.credential(for: profile, rejecting: nil)
        profile.redaction = profile.redaction.adding(secrets: tokenSecrets(of: profile))
        let sources = try await secrets(for: profile, endpoint: endpoint)
        let client = ProfileClient(
            transport: transport, environment: environment, demoBaseURL: demoBaseURL, secrets: sources,
            limits: requestLimits)
        var request = try client.resolve(profile: profile, endpoint: endpoint, parameters: parameters, options: options)
        var spec = client.transportSpec(request)
        if let credential {
            // As the credential middleware puts it on every call of the profile.
            spec.redactedHeaderNames.insert(credential.name.lowercased())
            spec.headers.removeAll { $0.name.lowercased() == credential.name.lowercased() }
            spec.headers.append((name: credential.name, value: credential.value))
            request.redaction = request.redaction.adding(secrets: [credential.token])
        }
        return LoadTarget(
            spec: spec, request: request, profile: profile, endpoint: endpoint, servedInProcess: demoBaseURL != nil)
    }
}
