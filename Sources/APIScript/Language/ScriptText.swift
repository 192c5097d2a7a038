/// Text from a script with `${NAME}` placeholders, resolved from the script's variables when the
/// command runs.
///
/// ```swift
/// // set user = 7
/// // call user id=${user}      -> id = "7"
/// ```
///
/// `${env:NAME}` reads the environment variable `NAME` and `${env:NAME:-default}` falls back to
/// `default` when it is unset; what the environment gave is a secret, masked in history and output.
/// `$${` is a literal `${`. A `$` not followed by `{` is literal (so JSONPath's `$` needs no escape).
package struct ScriptText: Sendable, Hashable, CustomStringConvertible {
    /// A piece of the text.
    enum Part: Sendable, Hashable {
        case literal(String)
        /// A placeholder and the column of its `$`.
        case variable(String, column: Int)
        /// `${env:NAME}` or `${env:NAME:-fallback}` and the column of its `$`.
        case environment(String, fallback: String?, column: Int)
    }

    let parts: [Part]
    /// The column of the text's first character.
    let column: Int

    /// The text as written.
    package let description: String

    init(parts: [Part], column: Int, source: String) {
        self.parts = parts
        self.column = column
        self.description = source
    }

    /// Literal text with no placeholders.
    init(literal: String, column: Int) {
        self.init(parts: [.literal(literal)], column: column, source: literal)
    }

    /// The text when it has no placeholders.
    var literalValue: String? {
        if parts.isEmpty { return "" }
        if parts.count == 1, case .literal(let text) = parts[0] { return text }
        return nil
    }

    var isJSONPath: Bool {
        if case .literal(let text)? = parts.first { return text.hasPrefix("$") }
        return false
    }

    /// The environment variables the text reads.
    var environmentNames: [String] {
        parts.compactMap {
            if case .environment(let name, _, _) = $0 { name } else { nil }
        }
    }

    /// Replaces each placeholder by its variable's value, or its environment variable's.
    ///
    /// - Throws: ``ScriptError`` at the placeholder's column when a variable is undefined, or an
    ///   environment variable is unset and has no fallback.
    func resolve(
        _ variables: [String: String], environment: [String: String], line: Int, scriptName: String
    ) throws(ScriptError) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .environment(let name, let fallback, let column):
                guard let value = environment[name] ?? fallback else {
                    throw ScriptError(
                        .undefinedVariable, script: scriptName, line: line, column: column,
                        "environment variable '\(name)' is not set (write ${env:\(name):-default} for a default)")
                }
                result += value
            case .variable(let name, let column):
                guard let value = variables[name] else {
                    let known = variables.keys.sorted()
                    throw ScriptError(
                        .undefinedVariable, script: scriptName, line: line, column: column,
                        "undefined variable '\(name)'"
                            + (known.isEmpty ? "" : " (defined: \(known.joined(separator: ", ")))"))
                }
                result += value
            }
        }
        return result
    }
}
