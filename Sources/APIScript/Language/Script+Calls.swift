/// One request of a file of requests (a `.http` file) as script commands: a `call` of its
/// endpoint, with values captured earlier, then the captures later requests need from its answer.
///
/// ```swift
/// ScriptCallStep(line: 12, source: "GET {{host}}/me", endpoint: "me",
///                arguments: [(name: "login_token", variable: "login_token")], captures: [])
/// // call me login_token=${login_token}     (reported at line 12 as "GET {{host}}/me")
/// ```
package struct ScriptCallStep: Sendable {
    /// The line the request starts on in its file.
    package var line: Int
    /// The request line as written, for reports.
    package var source: String
    /// The endpoint the call sends.
    package var endpoint: String
    /// Parameters given from script variables: `name=${variable}`.
    package var arguments: [(name: String, variable: String)]
    /// Variables defined from this call's model after it: `capture name = path`.
    package var captures: [(name: String, path: String)]

    /// Creates a step.
    package init(
        line: Int, source: String, endpoint: String, arguments: [(name: String, variable: String)] = [],
        captures: [(name: String, path: String)] = []
    ) {
        self.line = line
        self.source = source
        self.endpoint = endpoint
        self.arguments = arguments
        self.captures = captures
    }
}

extension Script {
    /// A script of `call` and `capture` commands made from the requests of a file, each reported
    /// at its request's line with its request line as the source.
    ///
    /// - Parameters:
    ///   - name: The file, as reports name it.
    ///   - steps: The requests in order.
    package init(name: String, steps: [ScriptCallStep]) {
        var commands: [ScriptCommand] = []
        for step in steps {
            let arguments = step.arguments.map { argument in
                ScriptCommand.Argument(
                    name: argument.name,
                    value: ScriptText(
                        parts: [.variable(argument.variable, column: 1)], column: 1, source: "${\(argument.variable)}"))
            }
            commands.append(
                ScriptCommand(
                    line: step.line, source: step.source,
                    action: .call(endpoint: ScriptText(literal: step.endpoint, column: 1), arguments: arguments)))
            for capture in step.captures {
                commands.append(
                    ScriptCommand(
                        line: step.line, source: "capture \(capture.name) = \(capture.path)",
                        action: .capture(
                            name: capture.name, path: ScriptPath(text: ScriptText(literal: capture.path, column: 1)))))
            }
        }
        self.init(name: name, commands: commands)
    }
}
