extension Endpoint {
    /// The path parameters of a request path when it is this endpoint's path, else `nil`: how a
    /// server answering for the profile (`apiexplore serve-mock`) finds the endpoint a request is for.
    ///
    /// Each `/`-separated segment of the template must match a segment of `path`: a literal
    /// exactly (after percent-decoding), a parameter as any non-empty segment (its value
    /// percent-decoded), a segment with a literal prefix or suffix (`{id}.json`) as what is between
    /// them. Parts that are no parameter (`${env:…}`, `${var:…}`) match any segment. Without
    /// `allowingPrefix` the path has exactly the template's segments; with it, the template is
    /// matched against the path's last segments, as a recorded URL holds the base URL's path first.
    ///
    /// ```swift
    /// // path: /users/{id}
    /// endpoint.pathParameters(inPath: "/users/1002")                          // ["id": "1002"]
    /// endpoint.pathParameters(inPath: "/users")                               // nil
    /// endpoint.pathParameters(inPath: "/api/v1/users/7", allowingPrefix: true) // ["id": "7"]
    /// ```
    ///
    /// - Parameters:
    ///   - path: A URL path, percent-encoded as sent, without query or fragment.
    ///   - allowingPrefix: Whether segments may come before the template's.
    /// - Returns: The path parameters by name, or `nil` when the path is not this endpoint's.
    public func pathParameters(inPath path: String, allowingPrefix: Bool = false) -> [String: String]? {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let templateSegments = Self.segments(of: self.path.parts)
        guard
            allowingPrefix ? templateSegments.count <= pathSegments.count : templateSegments.count == pathSegments.count
        else { return nil }
        var values: [String: String] = [:]
        for (template, segment) in zip(templateSegments, pathSegments.suffix(templateSegments.count)) {
            guard let match = Self.match(template, String(segment)) else { return nil }
            // A parameter stands for a value: an empty segment (`/users/`) is not one.
            guard !match.values.contains(where: \.isEmpty) else { return nil }
            values.merge(match) { first, _ in first }
        }
        return values
    }

    /// How many literal characters the endpoint's path holds: of two endpoints whose paths both
    /// match a request (`/users/me` and `/users/{id}`), the one with more is the more specific.
    ///
    /// ```swift
    /// // /users/me → 9, /users/{id} → 7
    /// ```
    public var pathSpecificity: Int {
        path.parts.reduce(0) { total, part in
            if case .literal(let text) = part { total + text.count } else { total }
        }
    }
}
