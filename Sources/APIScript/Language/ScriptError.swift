/// An error in a script, at its line and column: a syntax error found before anything runs, or a
/// command that cannot run (unknown profile, undefined variable, no response to probe).
///
/// ```swift
/// error.description   // "smoke.apx:3:12: expected '=' after the variable name"
/// ```
package struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    package struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Code: String, Hashable, Sendable {
            case syntax, encoding, undefinedVariable, unknownProfile, invalidProfile, request, noResponse, path, history
        }
        let code: Code

        /// The line does not follow the command language.
        package static let syntax = Kind(code: .syntax)
        /// The script's bytes are not UTF-8 text (invalid UTF-8, a NUL byte).
        package static let encoding = Kind(code: .encoding)
        /// `${NAME}` names no variable.
        package static let undefinedVariable = Kind(code: .undefinedVariable)
        /// `use` names no profile.
        package static let unknownProfile = Kind(code: .unknownProfile)
        /// The profile file does not read.
        package static let invalidProfile = Kind(code: .invalidProfile)
        /// The request cannot be built (unknown endpoint, missing parameter, no profile in use).
        package static let request = Kind(code: .request)
        /// A probe, expect or capture came before any response.
        package static let noResponse = Kind(code: .noResponse)
        /// A path does not parse once its variables are filled in.
        package static let path = Kind(code: .path)
        /// The history store failed or has no such exchange.
        package static let history = Kind(code: .history)

        package var description: String { code.rawValue }
    }

    /// What kind of problem it is.
    package let kind: Kind
    /// The script's name.
    package let script: String
    /// The 1-based line.
    package let line: Int
    /// The 1-based column (in characters).
    package let column: Int
    /// What is wrong.
    package let message: String

    init(_ kind: Kind, script: String, line: Int, column: Int, _ message: String) {
        self.kind = kind
        self.script = script
        self.line = line
        self.column = column
        self.message = message
    }

    /// `script:line:column: message`, as compilers print it.
    package var description: String { "\(script):\(line):\(column): \(message)" }
}

/// Every syntax error of a script, in line order.
///
/// ```swift
/// errors.description   // "a.apx:2:1: unknown command 'cal' (did you mean 'call'?)\na.apx:5:8: …"
/// ```
package struct ScriptErrors: Error, Sendable, CustomStringConvertible {
    /// The errors, in line order; never empty.
    package let errors: [ScriptError]

    package var description: String { errors.map(\.description).joined(separator: "\n") }
}
