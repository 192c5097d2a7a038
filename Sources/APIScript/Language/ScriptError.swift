public import APIMapping

/// An error in a script, at its line and column: a syntax error found before anything runs, or a
/// command that cannot run (unknown profile, undefined variable, no response to probe).
///
/// ```swift
/// error.description   // "smoke.apx:3:12: expected '=' after the variable name"
/// ```
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public typealias Kind = ErrorKind<ScriptError>

    enum Code: Hashable, Sendable {
        case syntax, encoding, undefinedVariable, unknownProfile, invalidProfile, request, noResponse, path, history
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

extension ErrorKind where Owner == ScriptError {
    /// The line does not follow the command language.
    public static var syntax: Self { Self(ScriptError.Code.syntax, "syntax") }
    /// The script's bytes are not UTF-8 text (invalid UTF-8, a NUL byte).
    public static var encoding: Self { Self(ScriptError.Code.encoding, "encoding") }
    /// `${NAME}` names no variable.
    public static var undefinedVariable: Self { Self(ScriptError.Code.undefinedVariable, "undefinedVariable") }
    /// `use` names no profile.
    public static var unknownProfile: Self { Self(ScriptError.Code.unknownProfile, "unknownProfile") }
    /// The profile file does not read.
    public static var invalidProfile: Self { Self(ScriptError.Code.invalidProfile, "invalidProfile") }
    /// The request cannot be built (unknown endpoint, missing parameter, no profile in use).
    public static var request: Self { Self(ScriptError.Code.request, "request") }
    /// A probe, expect or capture came before any response.
    public static var noResponse: Self { Self(ScriptError.Code.noResponse, "noResponse") }
    /// A path does not parse once its variables are filled in.
    public static var path: Self { Self(ScriptError.Code.path, "path") }
    /// The history store failed or has no such exchange.
    public static var history: Self { Self(ScriptError.Code.history, "history") }
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
