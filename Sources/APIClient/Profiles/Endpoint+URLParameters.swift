import Foundation

extension Endpoint {
    /// The parameter values a URL this endpoint sent carries, read back from its path and query:
    /// what the history pane shows beside the endpoint (`user id=1002`) with no column of its own.
    ///
    /// The path template is matched against the URL path's last segments (the base URL before it
    /// may have any path, and environments change it); a segment that is one parameter alone gives
    /// its value, percent-decoded, and a segment with a literal prefix or suffix (`{id}.json`) gives
    /// what is between them. Query items give the values of the query templates made of one
    /// parameter (`state: "${state}"`) and of declared parameters no template places (they go on the
    /// query as they are). A value the history store masked stays masked.
    ///
    /// ```swift
    /// // path: /users/{id}, query: {lang: "${lang}"}
    /// endpoint.parameters(inURL: "http://127.0.0.1:8080/api/users/1002?lang=zh")  // ["id": "1002", "lang": "zh"]
    /// ```
    ///
    /// - Parameter url: A URL this endpoint sent (redacted or not).
    /// - Returns: The values found, by parameter name; none that the URL does not show.
    public func parameters(inURL url: String) -> [String: String] {
        var values: [String: String] = [:]
        let withoutFragment = url.prefix { $0 != "#" }
        let beforeQuery = withoutFragment.prefix { $0 != "?" }
        // The path starts after the scheme and authority, when there is one.
        var pathText = Substring(beforeQuery)
        if let scheme = pathText.range(of: "://") {
            let afterAuthority = pathText[scheme.upperBound...]
            pathText = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? ""
        }
        let urlSegments = pathText.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let templateSegments = Self.segments(of: path.parts)
        if !templateSegments.isEmpty, templateSegments.count <= urlSegments.count {
            for (template, segment) in zip(templateSegments, urlSegments.suffix(templateSegments.count)) {
                guard let match = Self.match(template, String(segment)) else {
                    // A literal segment that differs: this URL is not this endpoint's path.
                    values = [:]
                    break
                }
                values.merge(match) { first, _ in first }
            }
        }
        let items = URLQuery.items(of: String(withoutFragment))
        func lastValue(_ name: String) -> String? { items.last { $0.name == name }?.value }
        var placed = Set(path.parameterNames)
        for item in query {
            placed.formUnion(item.value.parameterNames)
            if let name = item.value.soleParameter, let value = lastValue(item.name) { values[name] = value }
        }
        for template in headers.map(\.value) { placed.formUnion(template.parameterNames) }
        for parameter in params where !placed.contains(parameter.name) && values[parameter.name] == nil {
            if let value = lastValue(parameter.name) { values[parameter.name] = value }
        }
        return values
    }

    /// A template's parts cut at each `/` of its literals, one array of parts per path segment;
    /// the parts before the first `/` (a base URL or environment reference) are left out.
    static func segments(of parts: [Template.Part]) -> [[Template.Part]] {
        var segments: [[Template.Part]] = []
        var current: [Template.Part] = []
        var started = false
        for part in parts {
            guard case .literal(let text) = part else {
                if started { current.append(part) }
                continue
            }
            let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index > 0 {
                    if started { segments.append(current) }
                    current = []
                    started = true
                }
                if started, !piece.isEmpty { current.append(.literal(String(piece))) }
            }
        }
        if started { segments.append(current) }
        return segments
    }

    /// The parameters of one template segment in one URL segment: `nil` when a literal differs;
    /// a segment with two parameters side by side (`{a}{b}`) gives nothing, as it cannot be cut.
    static func match(_ template: [Template.Part], _ segment: String) -> [String: String]? {
        let decoded = segment.removingPercentEncoding ?? segment
        switch template.count {
        case 0:
            return segment.isEmpty ? [:] : nil
        case 1:
            switch template[0] {
            case .literal(let text): return text == decoded ? [:] : nil
            case .parameter(let name), .pathParameter(let name): return [name: decoded]
            default: return [:]
            }
        default:
            var rest = Substring(decoded)
            var prefix = ""
            var suffix = ""
            var name: String?
            for part in template {
                switch part {
                case .literal(let text): if name == nil { prefix += text } else { suffix += text }
                case .parameter(let found), .pathParameter(let found):
                    guard name == nil else { return [:] }
                    name = found
                default: return [:]
                }
            }
            guard rest.hasPrefix(prefix), rest.hasSuffix(suffix), rest.count >= prefix.count + suffix.count else {
                return nil
            }
            rest = rest.dropFirst(prefix.count).dropLast(suffix.count)
            return name.map { [$0: String(rest)] } ?? [:]
        }
    }
}
