public import Foundation

/// One HTTP cookie as a ``CookieJar`` stores it (RFC 6265 §5.3).
///
/// A cookie comes from a `Set-Cookie` response header and goes back in the `Cookie` request header
/// to the hosts and paths it matches. Its fields are the RFC's storage model: ``domain`` and
/// ``hostOnly`` say which hosts get it, ``path`` which paths, ``secure`` whether plain HTTP may carry
/// it, and ``expires`` until when (`nil` for a session cookie, which is never saved to disk).
///
/// ```swift
/// let cookie = Cookie(name: "sid", value: "abc123", domain: "api.example.test", path: "/", creation: .now)
/// print(cookie)  // sid=•••• (api.example.test, /, session)
/// ```
///
/// The description redacts the value, which is usually a credential; read ``value`` to see it.
public struct Cookie: Codable, Hashable, Sendable {
    /// The cookie's name, as the server sent it.
    ///
    /// Names are compared exactly: `SID` and `sid` are two cookies.
    ///
    /// ```swift
    /// cookie.name  // "sid"
    /// ```
    public var name: String
    /// The cookie's value, as the server sent it (quotes, if any, are kept).
    ///
    /// This is usually a credential, which is why ``description`` does not show it.
    ///
    /// ```swift
    /// cookie.value  // "abc123"
    /// ```
    public var value: String
    /// The host or domain the cookie belongs to: lower-cased, without a leading dot.
    ///
    /// With ``hostOnly`` it is the exact host the cookie is sent to; without, the cookie also goes
    /// to every subdomain.
    ///
    /// ```swift
    /// cookie.domain  // "example.test"
    /// ```
    public var domain: String
    /// Whether the cookie goes only to ``domain`` itself, not to its subdomains.
    ///
    /// A cookie is host-only when its `Set-Cookie` header had no `Domain` attribute.
    ///
    /// ```swift
    /// cookie.hostOnly  // true: sent to api.example.test, not to www.api.example.test
    /// ```
    public var hostOnly: Bool
    /// The path prefix the cookie is sent for (RFC 6265 §5.1.4 path-match).
    ///
    /// `/api` matches `/api` and `/api/users`, not `/apix`.
    ///
    /// ```swift
    /// cookie.path  // "/api"
    /// ```
    public var path: String
    /// When the cookie expires, or `nil` for a session cookie.
    ///
    /// Session cookies last as long as the jar in memory; ``CookieJar/save(to:)`` leaves them out.
    ///
    /// ```swift
    /// cookie.expires  // 2030-01-01 00:00:00 +0000
    /// ```
    public var expires: Date?
    /// Whether the cookie is sent only over https (and to loopback hosts over http).
    ///
    /// A `Secure` cookie is also accepted only from such a URL.
    ///
    /// ```swift
    /// cookie.secure  // true
    /// ```
    public var secure: Bool
    /// Whether the server marked the cookie `HttpOnly`.
    ///
    /// An API client has no scripts to hide it from, so the flag is kept for display only.
    ///
    /// ```swift
    /// cookie.httpOnly  // true
    /// ```
    public var httpOnly: Bool
    /// The `SameSite` attribute (`Strict`, `Lax` or `None`), or `nil` when absent or unrecognised.
    ///
    /// There are no cross-site requests in an API client, so it is kept for display only.
    ///
    /// ```swift
    /// cookie.sameSite  // "Lax"
    /// ```
    public var sameSite: String?
    /// When the cookie was first stored; replacing it keeps this time.
    ///
    /// Among cookies with paths of the same length, the older one is sent first, and the oldest are
    /// evicted first when the jar is full.
    ///
    /// ```swift
    /// cookie.creation  // 2025-05-01 12:00:00 +0000
    /// ```
    public var creation: Date

    /// Creates a cookie from its stored fields.
    ///
    /// The domain is lower-cased and loses a leading dot, as a `Domain` attribute would.
    ///
    /// ```swift
    /// let cookie = Cookie(
    ///     name: "theme", value: "dark", domain: ".Example.test", hostOnly: false, path: "/",
    ///     expires: Date(timeIntervalSinceNow: 3600), creation: .now)
    /// cookie.domain  // "example.test"
    /// ```
    ///
    /// - Parameters:
    ///   - name: The cookie's name.
    ///   - value: The cookie's value.
    ///   - domain: The host (host-only) or domain the cookie belongs to.
    ///   - hostOnly: Whether subdomains of `domain` are excluded.
    ///   - path: The path prefix the cookie is sent for.
    ///   - expires: When it expires; `nil` for a session cookie.
    ///   - secure: Whether it is sent over https only.
    ///   - httpOnly: Whether the server marked it `HttpOnly`.
    ///   - sameSite: The `SameSite` attribute, if any.
    ///   - creation: When it was first stored.
    public init(
        name: String, value: String, domain: String, hostOnly: Bool = true, path: String = "/",
        expires: Date? = nil, secure: Bool = false, httpOnly: Bool = false, sameSite: String? = nil,
        creation: Date
    ) {
        self.name = name
        self.value = value
        let lowered = domain.lowercased()
        self.domain = lowered.hasPrefix(".") ? String(lowered.dropFirst()) : lowered
        self.hostOnly = hostOnly
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.creation = creation
    }

    /// Whether the cookie carries a credential, so its value is a secret wherever it appears (an
    /// echoing server, an error), not only in the `Cookie` and `Set-Cookie` headers: HttpOnly,
    /// named like a session or token, or long and random-looking. `theme=dark` or `consent=true`
    /// are not: masking `true` everywhere would corrupt stored JSON.
    ///
    /// ```swift
    /// Cookie(name: "sid", value: "abc", domain: "x.test", creation: .now).isCredential     // true
    /// Cookie(name: "theme", value: "dark", domain: "x.test", creation: .now).isCredential  // false
    /// ```
    public var isCredential: Bool {
        let lowered = name.lowercased()
        return httpOnly || value.count >= 16
            || ["sess", "sid", "token", "auth", "jwt", "csrf", "xsrf", "login", "key"].contains { lowered.contains($0) }
    }

    /// Whether the cookie has expired at `now`; a session cookie never has.
    ///
    /// A cookie whose expiry time is exactly `now` has expired, so `Max-Age=0` deletes at once.
    ///
    /// ```swift
    /// cookie.isExpired(at: .now)  // false
    /// ```
    ///
    /// - Parameter now: The time to compare with.
    public func isExpired(at now: Date) -> Bool {
        guard let expires else { return false }
        return expires <= now
    }

}

extension Cookie: CustomStringConvertible {
    /// `name=•••• (domain, path, expiry)`, with the value redacted.
    ///
    /// Cookie values are usually credentials, so logs and listings show only that there is one.
    ///
    /// ```swift
    /// print(cookie)  // sid=•••• (.example.test, /api, secure, expires 2030-01-01T00:00:00Z)
    /// ```
    public var description: String {
        var parts = [(hostOnly ? "" : ".") + domain, path]
        if secure { parts.append("secure") }
        if let expires {
            parts.append("expires " + expires.formatted(.iso8601))
        } else {
            parts.append("session")
        }
        return "\(name)=\(value.isEmpty ? "" : "••••") (\(parts.joined(separator: ", ")))"
    }
}
