import APIHTTP

/// A profile string with placeholders: `${env:NAME}`, `${var:NAME}`, `${file:PATH}`, `${cmd:COMMAND}`,
/// `${prompt:Label}`, `${param}`, `${demo:base_url}` and `$$`.
///
/// Templates are parsed when the profile is read (so a typo is reported with its line and
/// column) and resolved only when a request is built, so an environment variable is needed only
/// by the requests that use it. In an endpoint's `path`, `{name}` is also a parameter, and its
/// value is percent-encoded as one path segment.
///
/// ```swift
/// // headers:
/// //   Authorization: "token ${env:GITHUB_TOKEN}"
/// //   X-Price: "$$5"              # a literal "$5"
/// // path: /repos/{owner}/{repo}/issues
/// // query: {state: "${state}"}
/// ```
public struct Template: Hashable, Sendable, CustomStringConvertible {
    enum Part: Hashable, Sendable {
        case literal(String)
        case environment(String)
        case parameter(String)
        /// `{name}` in a path: percent-encoded as a path segment.
        case pathParameter(String)
        /// `${demo:base_url}`: the in-process demo server's URL, known only when it runs.
        case demoBaseURL
        /// `${var:NAME}`: a variable of the profile or its active environment.
        case variable(String)
        /// `${file:…}`, `${cmd:…}`, `${prompt:…}`: a secret the session fetches before resolving.
        case secret(SecretSource)
    }

    /// The template as written in the profile.
    public let text: String
    let parts: [Part]
    let location: SourceLocation

    /// The names of the parameters the template uses, in order of first use.
    public var parameterNames: [String] {
        var names: [String] = []
        for part in parts {
            switch part {
            case .parameter(let name), .pathParameter(let name):
                if !names.contains(name) { names.append(name) }
            default: break
            }
        }
        return names
    }

    /// The names of the environment variables the template uses.
    public var environmentNames: [String] {
        parts.compactMap { if case .environment(let name) = $0 { name } else { nil } }
    }

    /// The names of the profile variables the template uses (`${var:NAME}`).
    public var variableNames: [String] {
        parts.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// The secret sources the template reads (`${file:…}`, `${cmd:…}`, `${prompt:…}`).
    public var secretSources: [SecretSource] {
        parts.compactMap { if case .secret(let source) = $0 { source } else { nil } }
    }

    /// Whether the template's value comes, at least in part, from outside the profile: an
    /// environment variable or a secret source. Such values are secrets for redaction.
    var readsSecrets: Bool {
        parts.contains { part in
            switch part {
            case .environment, .secret: true
            default: false
            }
        }
    }

    /// The parameter the template is made of alone (`"${page}"`), if it is exactly one.
    var soleParameter: String? {
        guard parts.count == 1, case .parameter(let name) = parts[0] else { return nil }
        return name
    }

    /// Whether the template needs the in-process demo server's URL.
    public var usesDemoBaseURL: Bool { parts.contains(.demoBaseURL) }

    public var description: String { text }

    init(literal text: String, location: SourceLocation) {
        self.text = text
        self.parts = [.literal(text)]
        self.location = location
    }

    /// Parses `text`; `location` is where the text's first character is in the file.
    init(parsing text: String, at location: SourceLocation, inPath: Bool = false) throws(ProfileError) {
        self.text = text
        self.location = location
        var parts: [Part] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func fail(_ offset: Int, _ message: String) -> ProfileError {
            ProfileError(.invalidValue, at: location.advanced(by: offset), message)
        }
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$" {
                if index + 1 < scalars.count, scalars[index + 1] == "$" {
                    literal.unicodeScalars.append("$")
                    index += 2
                    continue
                }
                guard index + 1 < scalars.count, scalars[index + 1] == "{" else {
                    throw fail(index, "a '$' must start '${…}' or be doubled as '$$' in '\(text)'")
                }
                guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                    throw fail(index, "'${' without a closing '}' in '\(text)'")
                }
                let inner = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                flush()
                parts.append(try Self.placeholder(inner) { fail(index, $0) })
                index = close + 1
            } else if inPath, scalar == "{" {
                guard let close = scalars[(index + 1)...].firstIndex(of: "}") else {
                    throw fail(index, "'{' without a closing '}' in path '\(text)'")
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                guard Self.isName(name) else {
                    throw fail(index, "invalid path parameter name '\(name)': use letters, digits, '_' and '-'")
                }
                flush()
                parts.append(.pathParameter(name))
                index = close + 1
            } else if inPath, scalar == "}" {
                throw fail(index, "'}' without an opening '{' in path '\(text)'")
            } else {
                literal.unicodeScalars.append(scalar)
                index += 1
            }
        }
        flush()
        self.parts = parts
    }

    private static func placeholder(
        _ inner: String, _ fail: (String) -> ProfileError
    ) throws(ProfileError) -> Part {
        if inner.hasPrefix("env:") {
            let name = String(inner.dropFirst(4))
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "=" && $0 != " " }) else {
                throw fail("invalid environment variable name '\(name)' in '${\(inner)}'")
            }
            return .environment(name)
        }
        if inner.hasPrefix("var:") {
            let name = String(inner.dropFirst(4))
            guard isName(name) else {
                throw fail("invalid variable name '\(name)' in '${\(inner)}': use letters, digits, '_' and '-'")
            }
            return .variable(name)
        }
        if let source = try SecretSource(placeholder: inner, fail) { return .secret(source) }
        if inner.hasPrefix("demo:") {
            guard inner == "demo:base_url" else {
                throw fail("unknown demo value '\(inner)': only '${demo:base_url}' exists")
            }
            return .demoBaseURL
        }
        guard isName(inner) else {
            throw fail(
                "invalid placeholder '${\(inner)}': expected '${env:NAME}', '${var:NAME}', '${file:PATH}', "
                    + "'${cmd:COMMAND}', '${prompt:Label}', '${demo:base_url}' or '${param}'")
        }
        return .parameter(inner)
    }

    /// Whether `name` is a valid profile, endpoint, parameter or variable name: `[A-Za-z0-9_-]+`.
    package static func isName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
                default: false
                }
            }
    }
}

/// What templates are resolved against when a request is built.
struct TemplateContext {
    var parameters: [String: String]
    var environment: [String: String]
    var demoBaseURL: String?
    var profileName: String
    var endpointID: String?
    /// The profile's variables, its active environment's applied.
    var variables: [String: Template] = [:]
    /// What the session fetched for the secret sources this request uses.
    var secrets: [SecretSource: String] = [:]

    /// The template's text with every placeholder replaced.
    ///
    /// - Parameter purpose: What the value is for, named in a missing-variable message (`header 'Accept'`); built
    ///   only then, since a request resolves several templates.
    func resolve(_ template: Template, for purpose: @autoclosure () -> String) throws(ProfileError) -> String {
        var result = ""
        for part in template.parts {
            switch part {
            case .literal(let text):
                result += text
            case .environment(let name):
                guard let value = environmentValue(name) else {
                    throw ProfileError(
                        .missingEnvironmentVariable, at: template.location,
                        "environment variable '\(name)' is not set; profile '\(profileName)' needs it for \(purpose())")
                }
                result += value
            case .parameter(let name):
                result += try parameter(name, template)
            case .pathParameter(let name):
                result += PercentEncoding.encode(try parameter(name, template))
            case .variable(let name):
                guard let variable = variables[name] else {
                    throw ProfileError(
                        .missingEnvironmentVariable, at: template.location,
                        "variable '\(name)' is not declared in profile '\(profileName)' or its environment")
                }
                result += try resolve(variable, for: "variable '\(name)'")
            case .secret(let source):
                guard let value = secrets[source] else {
                    throw ProfileError(
                        .missingEnvironmentVariable, at: template.location,
                        "\(source) was not read; profile '\(profileName)' needs it for \(purpose())")
                }
                result += value
            case .demoBaseURL:
                guard let demoBaseURL else {
                    throw ProfileError(
                        .missingEnvironmentVariable, at: template.location,
                        "profile '\(profileName)' talks to the in-process demo server ('${demo:base_url}'), "
                            + "which is not running")
                }
                result += demoBaseURL
            }
        }
        return result
    }

    /// An environment variable's value as templates use it: trailing CRs and LFs removed (a value
    /// from a `.env` file written on Windows), so a secret never carries a line break into a header.
    func environmentValue(_ name: String) -> String? {
        environment[name]?.trimmingTrailingLineBreaks
    }

    private func parameter(_ name: String, _ template: Template) throws(ProfileError) -> String {
        guard let value = parameters[name] else {
            let endpoint = endpointID.map { " for endpoint '\($0)'" } ?? ""
            throw ProfileError(
                .missingParameter, at: template.location,
                "missing parameter '\(name)'\(endpoint) (used in '\(template.text)')")
        }
        return value
    }
}
