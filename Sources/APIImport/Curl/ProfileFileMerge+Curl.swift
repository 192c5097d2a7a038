extension ProfileFileMerge {
    /// The endpoints parsed curl commands add to an existing profile (`profiles import curl --into`):
    /// paths relative to its base URL, query items as parameters, ids new to the profile, and every
    /// credential a placeholder; a credential the profile has no `auth` for is named in a comment.
    ///
    /// ```swift
    /// let added = ProfileFileMerge.endpoints(
    ///     fromCurl: try CurlCommand.parseAll("curl https://api.shop.example/v1/orders?page=2"),
    ///     baseURL: "https://api.shop.example/v1", existingIDs: ["get_orders"], profileHasAuth: false)
    /// added.map(\.id)  // ["get_orders_2"]
    /// ```
    ///
    /// - Parameters:
    ///   - results: The parsed commands.
    ///   - baseURL: The profile's base URL.
    ///   - existingIDs: The profile's endpoint ids.
    ///   - profileHasAuth: Whether the profile authenticates already.
    /// - Returns: The endpoints, in the commands' order.
    public static func endpoints(
        fromCurl results: [CurlParseResult], baseURL: String, existingIDs: [String], profileHasAuth: Bool
    ) -> [EndpointDraft] {
        var naming = EndpointNaming(taken: existingIDs)
        return results.map { result in
            let imported = result.command.endpointDraft(id: "endpoint", baseURL: baseURL)
            var endpoint = imported.endpoint
            endpoint.id = naming.unique(EndpointNaming.id(method: endpoint.method, path: endpoint.path))
            if imported.auth != nil, !profileHasAuth {
                endpoint.comments.append("this command carries a credential; the profile has no auth: add one")
            }
            if !imported.environmentVariables.isEmpty {
                endpoint.comments.append(
                    "set in the environment: " + imported.environmentVariables.joined(separator: ", "))
            }
            return endpoint
        }
    }
}
