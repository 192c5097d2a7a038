import APIMapping
import Yams

extension Profile {
    /// The body keys of an endpoint that exclude each other: each group is one kind of body.
    private static let bodyKinds: [[String]] = [["body", "json"], ["body_text"], ["form"], ["multipart"]]

    /// Refuses an endpoint that declares two kinds of body (`body` and `form`, `form` and `multipart`…).
    static func checkOneBody(_ fields: Fields, _ reader: ProfileYAMLReader, _ what: String) throws(ProfileError) {
        let present = bodyKinds.filter { group in group.contains { fields[$0] != nil } }
        guard present.count > 1, let second = present[1].first(where: { fields[$0] != nil }),
            let first = present[0].first(where: { fields[$0] != nil }), let node = fields[second]
        else { return }
        throw ProfileError(
            .invalidValue, at: reader.location(node),
            "\(what) has both '\(first)' and '\(second)'; keep one kind of body")
    }

    /// A `form:`, `multipart:` or `json:` mapping: wire names and templates, in file order.
    static func fieldTemplates(_ node: Node?, _ reader: ProfileYAMLReader, _ what: String) throws(ProfileError)
        -> [QueryTemplate]
    {
        guard let node else { return [] }
        var result: [QueryTemplate] = []
        for entry in try reader.entries(node, what) {
            result.append(
                QueryTemplate(
                    name: entry.key, value: try reader.template(entry.value, "field '\(entry.key)' of \(what)")))
        }
        return result
    }

    /// An endpoint's `auth:`: `none`, or one of the static kinds (bearer, basic, header, query).
    static func endpointAuth(_ node: Node, _ reader: ProfileYAMLReader, _ what: String) throws(ProfileError)
        -> BehaviourOverride<Auth>
    {
        if let scalar = node.scalar, scalar.string == "none" { return .off }
        guard node.mapping != nil else {
            throw reader.wrongType(node, expected: "none, or an auth block", for: "'auth' of \(what)")
        }
        let auth = try Self.auth(node, reader)
        switch auth {
        case .oauth2, .login:
            throw ProfileError(
                .invalidValue, at: reader.location(node),
                "'auth' of \(what) may be none, bearer, basic, header or query; sign-in (oauth2, login) is the profile's"
            )
        default:
            return .set(auth)
        }
    }

    /// A parameter's `example:`, `type:` and `secret:`; a secret may not have a default.
    static func readHints(
        of parameter: inout Parameter, _ fields: Fields, _ reader: ProfileYAMLReader, _ what: String
    ) throws(ProfileError) {
        parameter.example = try fields["example"].map { node throws(ProfileError) in
            try reader.string(node, "'example' of \(what)")
        }
        if let node = fields["type"] {
            let text = try reader.string(node, "'type' of \(what)")
            guard let type = ParameterType(rawValue: text) else {
                throw ProfileError(
                    .invalidValue, at: reader.textLocation(node),
                    "unknown type '\(text)' of \(what); expected one of "
                        + ParameterType.allCases.map(\.rawValue).joined(separator: ", "))
            }
            parameter.type = type
        }
        if let node = fields["secret"] {
            parameter.isSecret = try reader.bool(node, "'secret' of \(what)")
            if parameter.isSecret, let defaultNode = fields["default"] {
                throw ProfileError(
                    .invalidValue, at: reader.location(defaultNode),
                    "\(what) is secret and cannot have a default; read it from a secret source "
                        + "(a variable whose value is ${env:NAME}) or give it each time")
            }
        }
    }
}
