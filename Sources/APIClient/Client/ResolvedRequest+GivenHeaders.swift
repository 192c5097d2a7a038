package import APIHTTP

extension ResolvedRequest {
    /// This request with headers given for one call (`request -H 'Name: value'`), each replacing
    /// the same-named ones (names compare case-insensitively).
    ///
    /// A header whose name carries a credential (`Authorization`, `X-API-Key`, `X-Auth-Token`…) is
    /// masked by name, and its value wherever it appears, as a profile's secrets are.
    ///
    /// - Parameter given: The headers, in order; empty changes nothing.
    package func adding(headers given: [HTTPHeader]) -> ResolvedRequest {
        guard !given.isEmpty else { return self }
        var request = self
        var secretNames: [String] = []
        var secretValues: [String] = []
        for header in given {
            request.headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            request.headers.append(header)
            if SecretNames.isSecret(header.name) || Redaction.defaultHeaders.contains(header.name.lowercased()) {
                secretNames.append(header.name)
                secretValues.append(header.value)
                if let space = header.value.lastIndex(of: " ") {
                    secretValues.append(String(header.value[header.value.index(after: space)...]))
                }
            }
        }
        request.redaction = request.redaction.merging(Redaction(headers: secretNames)).adding(secrets: secretValues)
        return request
    }
}
