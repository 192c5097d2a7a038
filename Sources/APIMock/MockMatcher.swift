package import APIClient
import APIHTTP
import APIMapping
import Foundation

/// Decides which of a profile's endpoints a request is for, and which recorded exchanges answer
/// it: the rules `apiexplore serve-mock` replays by.
///
/// - **Endpoint**: the method, and the path against the endpoint's templated path
///   (``Endpoint/pathParameters(inPath:allowingPrefix:)``: `/users/{id}` matches `/users/7`; when no
///   endpoint matches the whole path, its last segments, so a mock environment's base URL may keep a
///   path such as `/v3`).
///   When several match, the one with the most literal characters in its path comes first
///   (`/users/me` before `/users/{id}`), then file order.
/// - **Recorded exchange**: same endpoint and method; `_outcome`'s outcome when asked; the
///   same path parameters (the recorded URL's path read with the same template, matched against its
///   last segments so a base URL path before it does not matter); and, for each query item
///   that both the request and the recorded URL carry, the same values in the same order. A
///   query item only one side has is no conflict (the backend's default then). A recorded value
///   that history masked (`••••`) matches any value. `_outcome` is never a parameter; bodies and
///   headers are not compared.
///
/// ```swift
/// let matcher = MockMatcher(profile: demo)
/// let request = try MockRequest(method: "GET", target: "/cmd/users/1002")
/// let route = matcher.routes(for: request).first   // user, ["id": "1002"]
/// matcher.matches(candidate, route: route!, request: request)
/// ```
package struct MockMatcher: Sendable {
    /// The profile whose endpoints requests are matched against.
    package let profile: Profile

    /// One endpoint a request's method and path match, with the path parameters read from it.
    package struct Route: Sendable, Hashable {
        /// The endpoint.
        package let endpoint: Endpoint
        /// The path parameters' values, percent-decoded.
        package let pathParameters: [String: String]
    }

    /// Creates a matcher.
    ///
    /// - Parameter profile: The profile whose endpoints and recordings are served.
    package init(profile: Profile) {
        self.profile = profile
    }

    /// The endpoints a request's method and path match, the most specific first.
    ///
    /// - Parameter request: The request.
    /// - Returns: The matching endpoints with their path parameters; empty when none matches.
    package func routes(for request: MockRequest) -> [Route] {
        let exact = routes(for: request, allowingPrefix: false)
        return exact.isEmpty ? routes(for: request, allowingPrefix: true) : exact
    }

    private func routes(for request: MockRequest, allowingPrefix: Bool) -> [Route] {
        let matches = profile.endpoints.enumerated().compactMap { index, endpoint -> (Int, Route)? in
            guard endpoint.method.uppercased() == request.method,
                let parameters = endpoint.pathParameters(inPath: request.path, allowingPrefix: allowingPrefix)
            else { return nil }
            return (index, Route(endpoint: endpoint, pathParameters: parameters))
        }
        return matches.sorted { left, right in
            let (l, r) = (left.1.endpoint.pathSpecificity, right.1.endpoint.pathSpecificity)
            return l != r ? l > r : left.0 < right.0
        }.map(\.1)
    }

    /// Whether a recorded exchange answers a request on a route.
    ///
    /// - Parameters:
    ///   - candidate: The recorded exchange.
    ///   - route: One of ``routes(for:)``.
    ///   - request: The request.
    /// - Returns: `true` when endpoint, method, outcome (if asked), path parameters and shared query items agree.
    package func matches(_ candidate: MockCandidate, route: Route, request: MockRequest) -> Bool {
        guard candidate.endpoint == route.endpoint.id, candidate.method.uppercased() == request.method else {
            return false
        }
        if let outcome = request.outcome, candidate.outcome != outcome { return false }
        guard
            let recorded = route.endpoint.pathParameters(inPath: Self.path(ofURL: candidate.url), allowingPrefix: true)
        else { return false }
        for (name, value) in route.pathParameters {
            guard let recordedValue = recorded[name] else { return false }
            if recordedValue != value, recordedValue != Redaction.mask { return false }
        }
        let recordedQuery = URLQuery.items(of: candidate.url).filter { $0.name != MockRequest.outcomeItem }
        for name in Set(request.query.map(\.name)) {
            let recordedValues = recordedQuery.filter { $0.name == name }.map(\.value)
            guard !recordedValues.isEmpty, !recordedValues.contains(Redaction.mask) else { continue }
            if recordedValues != request.query.filter({ $0.name == name }).map(\.value) { return false }
        }
        return true
    }

    /// A URL's path, percent-encoded as it is: what follows the scheme and authority, before the
    /// query and fragment (`/` when it has none).
    ///
    /// ```swift
    /// MockMatcher.path(ofURL: "http://127.0.0.1:8080/api/users/7?x=1")  // "/api/users/7"
    /// ```
    ///
    /// - Parameter url: A URL, absolute or a path.
    package static func path(ofURL url: String) -> String {
        var text = Substring(url.prefix { $0 != "#" }.prefix { $0 != "?" })
        if let scheme = text.range(of: "://") {
            let afterAuthority = text[scheme.upperBound...]
            text = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        return text.isEmpty ? "/" : String(text)
    }
}
