/// An error in a script, at its line and column: a syntax error found before anything runs, or a
/// command that cannot run (unknown profile, undefined variable, no response to probe).
///
/// ```swift
/// error.description   // "smoke.apx:3:12: expected '=' after the variable name"
/// ```
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Code: String, Hashable, Sendable {
            case syntax, encoding, undefinedVariable, unknownProfile, invalidProfile, request, noResponse, path, history
        }
        let code: Code

        /// The line does not follow the command language.
        public static let syntax = Kind(code: .syntax)
        /// The script's bytes are not UTF-8 text (invalid UTF-8, a NUL byte).
        public static let encoding = Kind(code: .encoding)
        /// `${NAME}` names no variable.
        public static let undefinedVariable = Kind(code: .undefinedVariable)
        /// `use` names no profile.
        public static let unknownProfile = Kind(code: .unknownProfile)
        /// The profile file does not read.
        public static let invalidProfile = Kind(code: .invalidProfile)
        /// The request cannot be built (unknown endpoint, missing parameter, no profile in use).
        public static let request = Kind(code: .request)
        /// A probe, expect or capture came before any response.
        public static let noResponse = Kind(code: .noResponse)
        /// A path does not parse once its variables are filled in.
        public static let path = Kind(code: .path)
        /// The history store failed or has no such exchange.
        public static let history = Kind(code: .history)

        public var description: String { code.rawValue }
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The script's name.
    public let script: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column (in characters).
    public let column: Int
    /// What is wrong.
    public let message: String

    init(_ kind: Kind, script: String, line: Int, column: Int, _ message: String) {
        self.kind = kind
        self.script = script
        self.line = line
        self.column = column
        self.message = message
    }

    /// `script:line:column: message`, as compilers print it.
    public var description: String { "\(script):\(line):\(column): \(message)" }
}

/// Every syntax error of a script, in line order.
///
/// ```swift
/// errors.description   // "a.apx:2:1: unknown command 'cal' (did you mean 'call'?)\na.apx:5:8: …"
/// ```
public struct ScriptErrors: Error, Sendable, CustomStringConvertible {
    /// The errors, in line order; never empty.
    public let errors: [ScriptError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
