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
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case malformedYAML = "malformed YAML"
            case unknownKey = "unknown key"
            case wrongType = "wrong type"
            case missingField = "missing field"
            case invalidValue = "invalid value"
            case missingEnvironmentVariable = "missing environment variable"
            case missingParameter = "missing parameter"
            case unknownParameter = "unknown parameter"
            case unknownEndpoint = "unknown endpoint"
            case profileNotFound = "profile not found"
            case unreadableFile = "unreadable file"
            case secretSource = "secret source"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The text is not YAML.
        public static let malformedYAML = Kind(.malformedYAML)
        /// A mapping has a key the format does not define.
        public static let unknownKey = Kind(.unknownKey)
        /// A value has the wrong YAML type (a list where a string belongs, …).
        public static let wrongType = Kind(.wrongType)
        /// A required field is absent.
        public static let missingField = Kind(.missingField)
        /// A value has the right type but is not valid (a bad path, template, duration, …).
        public static let invalidValue = Kind(.invalidValue)
        /// A request needs an environment variable that is not set.
        public static let missingEnvironmentVariable = Kind(.missingEnvironmentVariable)
        /// A request needs a parameter that was not given and has no default.
        public static let missingParameter = Kind(.missingParameter)
        /// A parameter was given that the endpoint does not declare.
        public static let unknownParameter = Kind(.unknownParameter)
        /// The endpoint id is not in the profile.
        public static let unknownEndpoint = Kind(.unknownEndpoint)
        /// No profile of that name is in the search path.
        public static let profileNotFound = Kind(.profileNotFound)
        /// The profile file exists but could not be read.
        public static let unreadableFile = Kind(.unreadableFile)
        /// A `${file:…}`, `${cmd:…}` or `${prompt:…}` secret could not be read, or was refused.
        public static let secretSource = Kind(.secretSource)

        /// The kind in words: `unknown key`.
        public var description: String { value.rawValue }
    }
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
