import Foundation

/// The names an import invents: endpoint ids, parameter names, environment and variable names.
enum Identifier {
    /// Whether `text` is a valid id or parameter name: `[A-Za-z0-9_-]+`.
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }

    /// An operationId as an endpoint id: camelCase split into snake_case, lower-cased, anything outside
    /// `[a-z0-9_-]` (spaces, dots, slashes, non-ASCII) becomes `_`, runs of `_` collapse.
    ///
    /// `listPets` → `list_pets`, `find pet by id` → `find_pet_by_id`, `repos/get-content` → `repos_get-content`,
    /// `getHTTPStatus` → `get_http_status`.
    static func snakeCase(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for (index, scalar) in scalars.enumerated() {
            let isUpper = scalar.isASCII && scalar.properties.isUppercase
            if isUpper, index > 0 {
                let previous = scalars[index - 1]
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                let previousIsLowerOrDigit = previous.properties.isLowercase || ("0"..."9").contains(previous)
                if previousIsLowerOrDigit || (previous.properties.isUppercase && nextIsLower) { out += "_" }
            }
            if isAllowed(scalar) {
                out.unicodeScalars.append(isUpper ? Unicode.Scalar(scalar.value + 32)! : scalar)
            } else {
                out += "_"
            }
        }
        return collapse(out)
    }

    /// `get` + `/users/{id}` → `get_users_id`.
    static func fromMethodAndPath(_ method: String, _ path: String) -> String {
        let collapsed = collapse(snakeCase(method + "_" + path))
        return collapsed.isEmpty ? method : collapsed
    }

    /// A parameter name made valid (`user.id` → `user_id`); valid names are kept as written.
    static func parameterName(_ name: String) -> String {
        if isValid(name) { return name }
        var out = ""
        for scalar in name.unicodeScalars { out += isAllowed(scalar) ? String(scalar) : "_" }
        let collapsed = collapse(out)
        return collapsed.isEmpty ? "param" : collapsed
    }

    private static func collapse(_ text: String) -> String {
        var out = ""
        for character in text where !(character == "_" && out.last == "_") { out.append(character) }
        while out.hasPrefix("_") { out.removeFirst() }
        while out.hasSuffix("_") { out.removeLast() }
        return out
    }

    /// A profile name from the description's title (`Swagger Petstore` → `swagger-petstore`), else the file name.
    static func profileName(title: String?, file: URL) -> String {
        let source = title ?? file.deletingPathExtension().lastPathComponent
        var slug = ""
        for scalar in source.lowercased().unicodeScalars {
            let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            if keep { slug.unicodeScalars.append(scalar) } else if !slug.isEmpty && !slug.hasSuffix("-") { slug += "-" }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "imported" : slug
    }

    /// An environment variable name: `github` + `token` → `GITHUB_TOKEN`.
    static func environmentVariable(profile: String, suffix: String) -> String {
        var out = ""
        for scalar in (profile + "_" + suffix).uppercased().unicodeScalars {
            out +=
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                ? String(scalar) : "_"
        }
        return collapse(out)
    }

    /// An environment's name from its server's description or URL (`production`, `staging`, `sandbox`…),
    /// else `server<index>`.
    static func environmentName(description: String?, url: String, index: Int) -> String {
        let words = ((description ?? "") + " " + url).lowercased()
        for (word, name) in [
            ("sandbox", "sandbox"), ("staging", "staging"), ("stage", "staging"), ("test", "test"),
            ("dev", "development"),
            ("local", "local"), ("mock", "mock"), ("prod", "production"), ("live", "production"),
        ] where words.contains(word) {
            return name
        }
        return "server\(index)"
    }
}
