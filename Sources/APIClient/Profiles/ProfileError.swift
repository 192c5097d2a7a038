public import APIMapping

/// A problem with a profile, with the file, line and column it comes from.
///
/// Reading a profile reports malformed YAML, unknown keys, wrong types, missing fields and bad
/// paths or templates; resolving a request reports a missing environment variable or parameter.
/// Every error points at the YAML that caused it, so the description reads like a compiler's.
///
/// ```swift
/// do { _ = try Profile(yaml: text, file: "profiles/github.yaml") } catch { print(error) }
/// // profiles/github.yaml:12:5: unknown key 'heders' in endpoint 'user'; expected one of body, description, …
/// ```
public struct ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in, as given when the profile was read (`builtin:demo` for built-ins).
    public let file: String
    /// The 1-based line, or 0 when the problem has no single place in the file.
    public let line: Int
    /// The 1-based column in Unicode scalars, or 0 when ``line`` is 0.
    public let column: Int
    /// What is wrong, without the location.
    public let message: String
    /// The kind of problem, for code that reacts to some of them.
    public let kind: Kind

    /// Creates an error.
    ///
    /// ```swift
    /// ProfileError(.unknownKey, file: "p.yaml", line: 3, column: 1, message: "unknown key 'x'")
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of problem.
    ///   - file: The file, as the user would type it.
    ///   - line: The 1-based line, or 0 when unknown.
    ///   - column: The 1-based column, or 0 when unknown.
    ///   - message: What is wrong.
    public init(_ kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ kind: Kind, at location: SourceLocation, _ message: String) {
        self.init(kind, file: location.file, line: location.line, column: location.column, message: message)
    }

    /// `file:line:column: message`, or `file: message` when there is no line.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }

    /// The kinds of profile problems; new kinds may be added.
    ///
    /// ```swift
    /// if error.kind == .missingEnvironmentVariable { print("set it and retry") }
    /// ```
    public typealias Kind = ErrorKind<ProfileError>

    enum Code: Hashable, Sendable {
        case malformedYAML, unknownKey, wrongType, missingField, invalidValue, missingEnvironmentVariable,
            missingParameter, unknownParameter, unknownEndpoint, profileNotFound, unreadableFile, secretSource
    }
}

extension ErrorKind where Owner == ProfileError {
    /// The text is not YAML.
    public static var malformedYAML: Self { Self(ProfileError.Code.malformedYAML, "malformed YAML") }
    /// A mapping has a key the format does not define.
    public static var unknownKey: Self { Self(ProfileError.Code.unknownKey, "unknown key") }
    /// A value has the wrong YAML type (a list where a string belongs, …).
    public static var wrongType: Self { Self(ProfileError.Code.wrongType, "wrong type") }
    /// A required field is absent.
    public static var missingField: Self { Self(ProfileError.Code.missingField, "missing field") }
    /// A value has the right type but is not valid (a bad path, template, duration, …).
    public static var invalidValue: Self { Self(ProfileError.Code.invalidValue, "invalid value") }
    /// A request needs an environment variable that is not set.
    public static var missingEnvironmentVariable: Self {
        Self(ProfileError.Code.missingEnvironmentVariable, "missing environment variable")
    }
    /// A request needs a parameter that was not given and has no default.
    public static var missingParameter: Self { Self(ProfileError.Code.missingParameter, "missing parameter") }
    /// A parameter was given that the endpoint does not declare.
    public static var unknownParameter: Self { Self(ProfileError.Code.unknownParameter, "unknown parameter") }
    /// The endpoint id is not in the profile.
    public static var unknownEndpoint: Self { Self(ProfileError.Code.unknownEndpoint, "unknown endpoint") }
    /// No profile of that name is in the search path.
    public static var profileNotFound: Self { Self(ProfileError.Code.profileNotFound, "profile not found") }
    /// The profile file exists but could not be read.
    public static var unreadableFile: Self { Self(ProfileError.Code.unreadableFile, "unreadable file") }
    /// A `${file:…}`, `${cmd:…}` or `${prompt:…}` secret could not be read, or was refused.
    public static var secretSource: Self { Self(ProfileError.Code.secretSource, "secret source") }
}

/// Where something is in a profile file.
struct SourceLocation: Hashable, Sendable {
    var file: String
    var line: Int
    var column: Int

    /// The location `offset` Unicode scalars to the right.
    func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: line > 0 ? column + offset : 0)
    }
}
