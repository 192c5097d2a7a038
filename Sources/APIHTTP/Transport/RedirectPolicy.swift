/// Which redirects are followed and what goes with them: `redirects:` in a profile or an endpoint,
/// `--max-redirects` and `--no-follow` on the command line.
///
/// Following is hop by hop, so every hop passes the policy:
/// - a redirect to another origin (scheme, host or port) drops every credential header: the
///   request's own (``HTTPRequestSpec/redactedHeaderNames``: the profile's auth header, a header
///   that reads a secret, a login's token header, the `redact:` list), the defaults
///   (`Authorization`, `Cookie`, `Proxy-Authorization`) and any header named like a credential;
/// - `https` to `http` is refused unless ``allowsDowngrade``;
/// - a 307 or 308 to another origin, which would send the body again (a login's password), is
///   refused unless ``resendsBodyAcrossOrigins``; 301, 302 and 303 turn a `POST` into a body-less
///   `GET`, as browsers and curl do;
/// - a loop, or more than ``limit`` hops, is refused.
///
/// ```yaml
/// redirects: same-origin                        # follow | same-origin | none
/// redirects: {mode: follow, max: 3, allow_downgrade: false, resend_body: false}
/// ```
public struct RedirectPolicy: Hashable, Sendable {
    /// Which redirects are followed at all.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Every redirect the rest of the policy allows.
        case follow
        /// Only redirects to the request's own origin; any other is the answer, as received.
        case sameOrigin = "same-origin"
        /// None: a redirect is the answer, as received.
        case none
    }

    /// Which redirects are followed.
    public var mode: Mode
    /// The most hops followed for one request (0...``maximumLimit``).
    public var limit: Int
    /// Whether a redirect from `https` to `http` is followed.
    public var allowsDowngrade: Bool
    /// Whether a 307 or 308 to another origin sends the body again.
    public var resendsBodyAcrossOrigins: Bool

    /// The largest ``limit`` a profile or flag may set.
    public static let maximumLimit = 50

    /// Creates a policy; the defaults follow up to 5 hops, never from `https` to `http`, and never
    /// re-send a body to another origin.
    ///
    /// - Parameters:
    ///   - mode: Which redirects are followed.
    ///   - limit: The most hops.
    ///   - allowsDowngrade: Whether `https` to `http` is followed.
    ///   - resendsBodyAcrossOrigins: Whether a 307/308 to another origin re-sends the body.
    public init(
        mode: Mode = .follow, limit: Int = 5, allowsDowngrade: Bool = false, resendsBodyAcrossOrigins: Bool = false
    ) {
        self.mode = mode
        self.limit = limit
        self.allowsDowngrade = allowsDowngrade
        self.resendsBodyAcrossOrigins = resendsBodyAcrossOrigins
    }

    /// What the command line changes in every request's policy: `--no-follow`, `--max-redirects N`.
    public struct Override: Hashable, Sendable {
        /// `--no-follow`: no redirect is followed.
        public var noFollow: Bool
        /// `--max-redirects N`.
        public var limit: Int?

        /// Creates an override.
        ///
        /// - Parameters:
        ///   - noFollow: Whether no redirect is followed.
        ///   - limit: The most hops, or `nil` to keep the policy's.
        public init(noFollow: Bool = false, limit: Int? = nil) {
            self.noFollow = noFollow
            self.limit = limit
        }
    }

    /// This policy with the command line's changes.
    ///
    /// - Parameter override: The flags, or `nil` for none.
    public func applying(_ override: Override?) -> RedirectPolicy {
        guard let override else { return self }
        var policy = self
        if override.noFollow { policy.mode = .none }
        if let limit = override.limit {
            policy.limit = limit
            if limit == 0 { policy.mode = .none }
        }
        return policy
    }

    /// Statuses that redirect.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Header names always dropped on a redirect to another origin, lower-case.
    public static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// Parts of a header name that say it carries a credential (`X-Api-Key`, `X-Auth-Token`,
    /// `X-Session-Id`), so a header no profile marked is dropped across origins all the same.
    static let credentialNameParts = [
        "auth", "token", "key", "secret", "password", "passwd", "session", "signature", "credential", "cookie",
    ]

    /// Whether a header is dropped on a redirect to another origin.
    ///
    /// - Parameters:
    ///   - name: The header name, any case.
    ///   - marked: The request's credential header names, lower-case.
    static func isCredential(_ name: String, marked: Set<String>) -> Bool {
        let lowered = name.lowercased()
        if credentialHeaders.contains(lowered) || marked.contains(lowered) { return true }
        return credentialNameParts.contains { lowered.contains($0) }
    }
}

/// One redirect followed (or not) on the way to a response: the URL that answered, its status and
/// where it pointed.
///
/// ```swift
/// record.redirects.map(\.description)   // ["302 http://a.test/old → http://b.test/new"]
/// ```
public struct RedirectHop: Hashable, Sendable, CustomStringConvertible {
    /// The method sent to ``url``.
    public var method: String
    /// The URL that answered with the redirect.
    public var url: String
    /// The redirect's status (301, 302, 303, 307 or 308).
    public var status: Int
    /// Where it pointed, resolved against ``url``.
    public var location: String

    /// Creates a hop.
    ///
    /// - Parameters:
    ///   - method: The method sent.
    ///   - url: The URL that answered.
    ///   - status: The redirect status.
    ///   - location: The resolved `Location`.
    public init(method: String, url: String, status: Int, location: String) {
        self.method = method
        self.url = url
        self.status = status
        self.location = location
    }

    /// `302 http://a.test/old → http://b.test/new`, unredacted: mask it before showing it.
    public var description: String { "\(status) \(url) → \(location)" }
}
