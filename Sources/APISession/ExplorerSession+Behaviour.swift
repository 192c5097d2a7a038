import APIClient
import APIHTTP
import Foundation
import Logging

/// The middleware a profile's `retry`, `cache`, `cookies` and `log` declare, kept per profile for
/// the session (a validator store and a cookie jar have state).
struct ProfileBehaviour: Sendable {
    let cache: ConditionalGETCache?
    let cookies: CookieMiddleware?
    let logger: Logger?
}

extension ExplorerSession {
    /// The stateful middleware of `profile`, made on its first call.
    func behaviour(of profile: Profile) throws(ClientError) -> ProfileBehaviour {
        if let made = behaviours[profile.name] { return made }
        let notify = self.notify
        let state = stateDirectory
        let key = Self.fileName(profile.name)
        let cache =
            profile.cache != nil
                || profile.endpoints.contains(where: { if case .set = $0.cache { true } else { false } })
            ? ConditionalGETCache(directory: state?.appending(path: "http-cache/\(key)"), report: notify) : nil
        var cookies: CookieMiddleware?
        if let policy = profile.cookies {
            let file = policy.persist ? state?.appending(path: "cookies/\(key).json").path : nil
            do {
                cookies = try CookieMiddleware(file: file, report: notify)
            } catch {
                throw ClientError.signIn(
                    TransportError(kind: .invalidRequest, request: "", message: "the cookie jar: \(error)"))
            }
        }
        var logger: Logger?
        if let (path, level) = try logDestination(of: profile) {
            do {
                let gate = secretGate
                logger = try FileLogHandler.logger(
                    label: "apiexplore.\(profile.name)", path: path, level: Self.level(level), report: notify,
                    mask: { gate.mask($0) })
            } catch {
                throw ClientError.signIn(
                    TransportError(kind: .invalidRequest, request: "", message: "the log file: \(error)"))
            }
        }
        let made = ProfileBehaviour(cache: cache, cookies: cookies, logger: logger)
        behaviours[profile.name] = made
        return made
    }

    /// The chain for one call of `endpoint`: retry, sign-in, redirects, cookies, cache; logging innermost (in
    /// ``ProfileClient``), so every attempt is logged.
    func middlewares(
        for profile: Profile, endpoint: Endpoint?, credential: (name: String, value: String)?
    ) throws(ClientError) -> (middlewares: [any Middleware], logger: Logger?) {
        let behaviour = try behaviour(of: profile)
        var chain: [any Middleware] = []
        if let retry = (endpoint?.retry ?? .inherit).applied(to: profile.retry) {
            chain.append(RetryMiddleware(policy: retry))
        }
        if let credential { chain.append(CredentialMiddleware(name: credential.name, value: credential.value)) }
        // After the credential (dropped across origins), before the cookie jar (which sees every hop).
        chain.append(
            RedirectMiddleware(override: redirectOverride, totalTimeout: transport.configuration.totalTimeout))
        if let cookies = behaviour.cookies { chain.append(cookies) }
        if let cache = behaviour.cache, (endpoint?.cache ?? .inherit).applied(to: profile.cache)?.etag == true {
            chain.append(cache)
        }
        return (chain, behaviour.logger)
    }

    /// Where `profile`'s requests are logged: `--log-file`, else the configuration's `logs:` entry
    /// for it, else its own `log.file` inside the state folder's `logs/`; `nil` when nowhere.
    func logDestination(of profile: Profile) throws(ClientError) -> (path: String, level: LogPolicy.Level)? {
        let level = profile.log?.level ?? .info
        if let path = logDestinations.commandLine ?? logDestinations.configured[profile.name] {
            guard path.hasPrefix("~/") else { return (path, level) }
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                throw ClientError.signIn(
                    TransportError(
                        kind: .invalidRequest, request: "", message: "the log file \(path): HOME is not set"))
            }
            return (home + path.dropFirst(), level)
        }
        guard let log = profile.log else { return nil }
        // Checked when the profile was read; checked again here, for a profile built in code.
        if let problem = LogPolicy.problem(withName: log.file) {
            throw ClientError.signIn(
                TransportError(kind: .invalidRequest, request: "", message: "the log file '\(log.file)' \(problem)"))
        }
        guard let stateDirectory else {
            throw ClientError.signIn(
                TransportError(
                    kind: .invalidRequest, request: "",
                    message: "the log file '\(log.file)': no state folder to keep it in (set HOME or APIEXPLORE_STATE)")
            )
        }
        return (stateDirectory.appending(path: "logs").path + "/" + log.file, log.level)
    }

    /// The swift-log level of a profile's `log.level`.
    static func level(_ level: LogPolicy.Level) -> Logger.Level {
        switch level {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        }
    }

    /// A profile name as a file name: anything but letters, digits, `-` and `_` becomes `_`.
    static func fileName(_ name: String) -> String {
        String(
            name.unicodeScalars.map {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "_"
            })
    }
}

/// Puts the signed-in credential on a profile's requests (they all go to its base URL), marked
/// secret so logs mask it whatever the header's name.
struct CredentialMiddleware: Middleware {
    let name: String
    let value: String

    func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError) -> HTTPResponseRecord {
        var request = request
        request.redactedHeaderNames.insert(name.lowercased())
        request.headers.removeAll { $0.name.lowercased() == name.lowercased() }
        request.headers.append((name: name, value: value))
        return try await next(request)
    }
}
