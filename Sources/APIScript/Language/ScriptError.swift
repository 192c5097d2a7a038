package import APIMapping

/// An error in a script, at its line and column: a syntax error found before anything runs, or a
/// command that cannot run (unknown profile, undefined variable, no response to probe).
///
/// ```swift
/// error.description   // "smoke.apx:3:12: expected '=' after the variable name"
/// ```
package struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    package typealias Kind = ErrorKind<ScriptError>

    enum Code: Hashable, Sendable {
        case syntax, encoding, undefinedVariable, unknownProfile, invalidProfile, request, noResponse, path, history
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

extension ErrorKind where Owner == ScriptError {
    /// The line does not follow the command language.
    package static var syntax: Self { Self(ScriptError.Code.syntax, "syntax") }
    /// The script's bytes are not UTF-8 text (invalid UTF-8, a NUL byte).
    package static var encoding: Self { Self(ScriptError.Code.encoding, "encoding") }
    /// `${NAME}` names no variable.
    package static var undefinedVariable: Self { Self(ScriptError.Code.undefinedVariable, "undefinedVariable") }
    /// `use` names no profile.
    package static var unknownProfile: Self { Self(ScriptError.Code.unknownProfile, "unknownProfile") }
    /// The profile file does not read.
    package static var invalidProfile: Self { Self(ScriptError.Code.invalidProfile, "invalidProfile") }
    /// The request cannot be built (unknown endpoint, missing parameter, no profile in use).
    package static var request: Self { Self(ScriptError.Code.request, "request") }
    /// A probe, expect or capture came before any response.
    package static var noResponse: Self { Self(ScriptError.Code.noResponse, "noResponse") }
    /// A path does not parse once its variables are filled in.
    package static var path: Self { Self(ScriptError.Code.path, "path") }
    /// The history store failed or has no such exchange.
    package static var history: Self { Self(ScriptError.Code.history, "history") }
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
