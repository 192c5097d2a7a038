public import APIClient
import APIHTTP
import APIMapping

extension StoredExchange {
    /// The stored exchange as an `APIExchange` again, its body evaluated with `profile`'s
    /// *current* envelope for the endpoint, so a replay shows what today's profile says of the
    /// bytes received then. No network is involved.
    ///
    /// ```swift
    /// let exchange = stored.replayedExchange(profile: try library.load(named: "demo"))
    /// exchange?.evaluation.outcome   // evaluated now
    /// stored.entry.outcome           // as recorded
    /// ```
    ///
    /// Headers, bodies and the redirects followed are the stored, masked ones.
    ///
    /// - Parameter profile: The profile whose envelope (and the endpoint's override) applies.
    /// - Returns: The exchange, or `nil` when no response was recorded (a transport or profile failure).
    public func replayedExchange(profile: Profile) -> APIExchange? {
        guard let status = entry.httpStatus else { return nil }
        let envelope =
            profile.endpoint(entry.endpoint).map { $0.envelope.applied(to: profile.envelope) } ?? profile.envelope
        let request = ResolvedRequest(
            method: entry.method, url: entry.url, headers: requestHeaders, body: requestBody, envelope: envelope,
            redaction: profile.redaction, timeouts: profile.timeouts, tlsVerify: profile.tlsVerify,
            maxBodySize: profile.maxBodySize, xmlArrays: profile.xmlArrays, normalizesFeeds: profile.feeds)
        let total = entry.duration ?? .zero
        var response = HTTPResponseRecord(
            status: status, reason: reason ?? "", headers: responseHeaders.map { ($0.name, $0.value) },
            body: responseBody, httpVersion: httpVersion ?? "",
            timing: HTTPResponseRecord.Timing(headersReceived: headersReceived ?? total, bodyComplete: total))
        response.redirects = redirects
        let body = body(xmlArrays: profile.xmlArrays, feeds: profile.feeds)
        let evaluation = envelope.evaluate(httpStatus: status, body: body.document?.root)
        return APIExchange(
            profileName: profile.name, endpointID: entry.endpoint, request: request, response: response, body: body,
            evaluation: evaluation, businessError: profile.errors.businessError(for: evaluation),
            rateLimit: RateLimitStatus(headers: response.headers, names: profile.rateLimit, now: entry.date))
    }
}
