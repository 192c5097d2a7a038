import APIClient
package import APIHTTP

extension MockServer {
    /// The answer to a request from a browser page: as ``respond(method:target:)``, with CORS
    /// headers for ``allowedOrigin`` when it is set. A preflight (`OPTIONS` with
    /// `Access-Control-Request-Method`) gets 204, allowing the method asked and the headers asked
    /// (at most 1,000 characters of them), for 10 minutes.
    ///
    /// ```swift
    /// var server = MockServer(profile: shop, store: store)
    /// server.allowedOrigin = "http://localhost:3000"
    /// await server.respond(method: "GET", target: "/users/7", headers: [])
    /// // … Access-Control-Allow-Origin: http://localhost:3000, Vary: Origin
    /// ```
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - target: The path and query.
    ///   - headers: The request's headers.
    /// - Returns: The answer, with CORS headers when an origin is allowed.
    package func respond(method: String, target: String, headers: [HTTPHeader]) async -> MockResponse {
        await respond(method: method, target: target, headers: headers, body: [])
    }

    /// The answer to a request with its body: checked against the description first when there
    /// is one (``respond(checking:target:headers:body:)``), with CORS headers when an origin is allowed.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - target: The path and query.
    ///   - headers: The request's headers.
    ///   - body: The request's body.
    /// - Returns: The answer.
    package func respond(method: String, target: String, headers: [HTTPHeader], body: [UInt8]) async -> MockResponse {
        guard let allowedOrigin else {
            return await respond(checking: method, target: target, headers: headers, body: body)
        }
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name }?.value
        }
        let cors = [
            HTTPHeader(name: "Access-Control-Allow-Origin", value: allowedOrigin),
            HTTPHeader(name: "Vary", value: "Origin"),
        ]
        if method.uppercased() == "OPTIONS", let asked = header("access-control-request-method") {
            var allowed =
                cors + [
                    HTTPHeader(name: "Access-Control-Allow-Methods", value: String(asked.prefix(20))),
                    HTTPHeader(name: "Access-Control-Max-Age", value: "600"),
                ]
            if let names = header("access-control-request-headers") {
                allowed.append(HTTPHeader(name: "Access-Control-Allow-Headers", value: String(names.prefix(1000))))
            }
            return MockResponse(status: 204, headers: allowed, body: [])
        }
        var response = await respond(checking: method, target: target, headers: headers, body: body)
        // The replayed Vary gives way to the one CORS needs.
        response.headers.removeAll { $0.name.lowercased() == "vary" }
        response.headers +=
            cors + [
                HTTPHeader(name: "Access-Control-Expose-Headers", value: MockResponse.exchangeHeader)
            ]
        return response
    }
}
