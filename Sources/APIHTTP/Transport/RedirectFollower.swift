import Foundation

/// Follows redirects hop by hop under a ``RedirectPolicy``: each hop is a request of its own, sent
/// by `send` (the transport, or the rest of a middleware chain, so the cookie jar sees every hop's
/// `Set-Cookie` under the URL that sent it).
///
/// The response returned is the last hop's, with ``HTTPResponseRecord/redirects`` listing the hops
/// before it and its timing counted from the first request.
struct RedirectFollower: Sendable {
    let policy: RedirectPolicy

    /// Sends `request` and the redirects the policy allows.
    ///
    /// - Parameters:
    ///   - request: The first request; its ``HTTPRequestSpec/totalTimeout`` (or `totalTimeout`)
    ///     covers every hop.
    ///   - totalTimeout: The time for all hops when the request sets none.
    ///   - describe: The request line for errors, redacted.
    ///   - send: Sends one hop, without following.
    /// - Throws: ``TransportError``: what `send` throws, or a redirect the policy refuses.
    func follow(
        _ request: HTTPRequestSpec, totalTimeout: Duration, describe: (HTTPRequestSpec) -> String,
        send: (HTTPRequestSpec) async throws(TransportError) -> HTTPResponseRecord
    ) async throws(TransportError) -> HTTPResponseRecord {
        let start = ContinuousClock.now
        let budget = request.totalTimeout ?? totalTimeout
        var current = request
        var hops: [RedirectHop] = []
        var seen: Set<String> = [Self.visit(request)]
        while true {
            let hopStart = ContinuousClock.now
            var response = try await send(current)
            let location = response.header("location")
            guard RedirectPolicy.redirectStatuses.contains(response.status), let location else {
                return Self.finish(response, hops: hops, start: start, hopStart: hopStart)
            }
            let described = describe(current)
            func refuse(_ message: String) -> TransportError {
                TransportError(kind: .redirectRefused, request: described, message: message)
            }
            guard let target = Self.resolve(location, against: current.url) else {
                throw refuse("the \(response.status) answer's Location is not an http or https URL")
            }
            let crossOrigin = Self.origin(of: target) != Self.origin(of: current.url)
            switch policy.mode {
            case .none:
                return Self.finish(response, hops: hops, start: start, hopStart: hopStart)
            case .sameOrigin where crossOrigin:
                response.unfollowedRedirect = "it leads to another origin, and redirects: same-origin"
                return Self.finish(response, hops: hops, start: start, hopStart: hopStart)
            case .sameOrigin, .follow:
                break
            }
            let shown = RequestRedaction.redact(
                url: target, names: current.redactedQueryNames.union(RequestRedaction.defaultQueryNames))
            if current.url.lowercased().hasPrefix("https:"), target.lowercased().hasPrefix("http:"),
                !policy.allowsDowngrade
            {
                throw refuse(
                    "a \(response.status) to \(shown) would leave HTTPS for plain HTTP; not followed "
                        + "(allow it with redirects: {allow_downgrade: true})")
            }
            guard hops.count < policy.limit else {
                throw TransportError(
                    kind: .redirectLimit, request: describe(request),
                    message: "more than \(policy.limit) redirects; the last pointed to \(shown)")
            }
            hops.append(
                RedirectHop(method: current.method, url: current.url, status: response.status, location: target))
            var next = current
            next.url = target
            let keepsMethod = response.status == 307 || response.status == 308
            let hasBody = current.body != nil || current.upload != nil
            if keepsMethod {
                if hasBody, crossOrigin, !policy.resendsBodyAcrossOrigins {
                    throw refuse(
                        "a \(response.status) to another origin (\(shown)) would send the request body there again; "
                            + "not followed (allow it with redirects: {resend_body: true})")
                }
            } else if response.status == 303 ? current.method != "HEAD" : current.method == "POST" {
                // 303 after anything but HEAD, and 301 or 302 after a POST: a GET without the body.
                next.method = "GET"
                next.body = nil
                next.upload = nil
                next.headers.removeAll { Self.bodyHeaders.contains($0.name.lowercased()) }
            }
            if crossOrigin {
                // A `Host` set for the first origin would misdirect the request at the next.
                next.headers.removeAll {
                    $0.name.lowercased() == "host"
                        || RedirectPolicy.isCredential($0.name, marked: current.redactedHeaderNames)
                }
            }
            guard seen.insert(Self.visit(next)).inserted else {
                throw TransportError(
                    kind: .redirectLimit, request: describe(request),
                    message: "a redirect loop: \(shown) was already requested")
            }
            let spent = ContinuousClock.now - start
            guard spent < budget else {
                throw TransportError(
                    kind: .timeout(.total), request: describe(request),
                    message: "the total timeout passed while following redirects")
            }
            next.totalTimeout = budget - spent
            current = next
        }
    }

    /// The headers that describe a body, dropped with it.
    static let bodyHeaders: Set<String> = ["content-type", "content-length", "transfer-encoding", "content-encoding"]

    /// What makes two requests the same for loop detection: method, URL and whether a body goes.
    private static func visit(_ request: HTTPRequestSpec) -> String {
        "\(request.method) \(request.url) \(request.body != nil || request.upload != nil)"
    }

    /// The last response with the hops before it, timed from the first request.
    private static func finish(
        _ response: HTTPResponseRecord, hops: [RedirectHop], start: ContinuousClock.Instant,
        hopStart: ContinuousClock.Instant
    ) -> HTTPResponseRecord {
        guard !hops.isEmpty else { return response }
        var response = response
        let before = hopStart - start
        response.redirects = hops
        response.timing = HTTPResponseRecord.Timing(
            headersReceived: before + response.timing.headersReceived,
            bodyComplete: before + response.timing.bodyComplete)
        return response
    }

    /// `location` made absolute against `base`, without its fragment; `nil` unless it is http or https.
    static func resolve(_ location: String, against base: String) -> String? {
        guard let baseURL = URL(string: base),
            let resolved = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: baseURL)?
                .absoluteURL,
            var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        components.fragment = nil
        return components.string
    }

    /// `scheme://host:port`, lower-case, the default port written out; `nil` for what is not a URL.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}
