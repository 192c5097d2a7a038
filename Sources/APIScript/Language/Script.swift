/// A parsed script of the headless command language: one command per line, in order.
///
/// ```swift
/// let script = try Script(parsing: """
///     use demo
///     call user id=7
///     expect probe name == "Ada"
///     """, name: "smoke.apx")
/// script.commands.count   // 3
/// ```
///
/// Parsing checks every line before anything runs; all syntax errors are reported together.
package struct Script: Sendable {
    /// How errors name the script: its file path, `<stdin>` or `<command line>`.
    package let name: String
    /// The commands in order. Blocks (`zip { … }`) are one command holding their calls.
    package let commands: [ScriptCommand]

    /// Parses a whole script.
    ///
    /// - Parameters:
    ///   - text: The script's text.
    ///   - name: How errors name the script.
    /// - Throws: ``ScriptErrors`` with every syntax error, each at its line and column.
    package init(parsing text: String, name: String) throws(ScriptErrors) {
        self.name = name
        var parser = ScriptParser(text: text, scriptName: name)
        commands = try parser.parseScript()
    }

    /// Whether a top-level `only` line marks the script: when any script of a run is marked, only
    /// the marked ones run.
    package var isFocused: Bool {
        commands.contains {
            if case .only = $0.action { true } else { false }
        }
    }

    /// The command words of the language, in the order the reference lists them (what the TUI's
    /// `:` line completes).
    ///
    /// ```swift
    /// Script.commandNames.prefix(3)  // ["use", "set", "call"]
    /// ```
    package static var commandNames: [String] { ScriptParser.commandNames }

    /// Whether `name` can be written as `${name}`: letters, digits, `_`, `-` and `.`, starting with a
    /// letter or `_`.
    ///
    /// - Parameter name: The candidate name.
    package static func isVariableName(_ name: String) -> Bool {
        name.first.map { $0.isLetter || $0 == "_" } == true
            && name.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) }
    }

    /// A script of commands already parsed, for the TUI's `:` line.
    init(name: String, commands: [ScriptCommand]) {
        self.name = name
        self.commands = commands
    }
}

/// One command of a script, with the line it came from.
///
/// ```swift
/// command.line     // 2
/// command.source   // "call user id=7"
/// ```
package struct ScriptCommand: Sendable {
    /// The 1-based line number.
    package let line: Int
    /// The command's text as written, trimmed.
    package let source: String
    /// What the command does.
    package let action: Action
    /// The 1-based column where the command starts, for errors about it as a whole.
    package internal(set) var column = 1

    /// What a command does.
    package enum Action: Sendable {
        /// `use PROFILE`: later calls go to this profile.
        case use(profile: ScriptText)
        /// `set NAME = VALUE`: defines `${NAME}`.
        case set(name: String, value: ScriptText)
        /// `call ENDPOINT [name=value …] [--option=value …]`: sends a profile endpoint; the options
        /// change this call only (``CallOption``).
        case call(endpoint: ScriptText, arguments: [Argument], options: [Argument] = [])
        /// `get|post|put|patch|delete PATH [body]`: sends a raw path under the base URL.
        case request(method: String, path: ScriptText, body: ScriptText?)
        /// `probe PATH`: prints what the path selects in the last model.
        case probe(ScriptPath)
        /// `expect …`: checks the last response.
        case expect(ResponseExpectation)
        /// `capture NAME = PATH`: defines `${NAME}` from the last model.
        case capture(name: String, path: ScriptPath)
        /// `zip { call a; call b }`: sends the calls concurrently.
        case zip([ScriptCommand])
        /// `history [N]`: lists the newest stored exchanges.
        case history(limit: Int)
        /// `replay ID`: shows a stored exchange again, re-evaluated, without the network.
        case replay(id: ScriptText)
        /// `if CONDITION { … } else { … }`: runs one branch, chosen by an expectation about the last
        /// response that is checked without failing.
        case conditional(ResponseExpectation, then: [ScriptCommand], otherwise: [ScriptCommand])
        /// `repeat until CONDITION every 2s for 1m { … }`: runs the body, then checks the condition,
        /// until it holds or the time is up.
        case repeatUntil(ResponseExpectation, every: Duration, limit: Duration, body: [ScriptCommand])
        /// `skip ["reason"]`: stops the script here; what follows is reported as skipped.
        case skip(reason: ScriptText?)
        /// `only`: when any script of a run has this line, only such scripts run.
        case only
    }

    /// The options a `call` takes after its arguments, each written `--name=value`:
    ///
    /// | option | value |
    /// |---|---|
    /// | `--model=PATH` | map this call's model from `PATH` (a profile path; empty for the whole body) |
    /// | `--envelope=SPEC` | change any envelope field: `status=code,success=0,tip=msg,model=data>list` |
    /// | `--pages=N` or `--pages=all` | walk the endpoint's pages; the model is then every page's items |
    /// | `--data=TEXT` or `--data=@FILE` | send this body instead of the endpoint's |
    /// | `--form=NAME=VALUE` | a form field (`application/x-www-form-urlencoded`; a file, `NAME=@FILE`, makes it `multipart/form-data`); repeat for more |
    /// | `--multipart=NAME=VALUE` or `--multipart=NAME=@FILE` | a `multipart/form-data` field; repeat for more |
    /// | `--header=NAME: VALUE` | a header, replacing the same-named one; repeat for more |
    /// | `--max-time=2s`, `--connect-timeout=500ms` | this call's time limits, over the profile's and the run's |
    /// | `--max-events=N` | end an event stream after N events |
    package static let callOptions = [
        "model", "envelope", "pages", "data", "form", "multipart", "header", "max-time", "connect-timeout",
        "max-events",
    ]

    /// The call options that may be given more than once.
    static let repeatableCallOptions: Set<String> = ["form", "multipart", "header"]

    /// A `name=value` (or `name:=json`) argument of `call`.
    package struct Argument: Sendable {
        /// The parameter name.
        package let name: String
        /// The value, interpolated when the call runs.
        package let value: ScriptText
        /// Whether the value is JSON text (`name:=json`), sent as JSON in a JSON body.
        package var isJSON = false
    }

    /// The environment variables the command itself reads (a block's condition, not its body).
    var environmentNames: [String] {
        switch action {
        case .use(let text), .replay(let text): text.environmentNames
        case .set(_, let text): text.environmentNames
        case .call(let endpoint, let arguments, let options):
            endpoint.environmentNames + (arguments + options).flatMap(\.value.environmentNames)
        case .request(_, let path, let body): path.environmentNames + (body?.environmentNames ?? [])
        case .probe(let path), .capture(_, let path): path.text.environmentNames
        case .expect(let expectation): expectation.environmentNames
        case .zip(let calls): calls.flatMap(\.environmentNames)
        case .conditional(let condition, _, _), .repeatUntil(let condition, _, _, _): condition.environmentNames
        case .skip(let reason): reason?.environmentNames ?? []
        case .history, .only: []
        }
    }

    /// Whether the command may run inside `zip`: a call or a raw request.
    var isBlockMember: Bool {
        switch action {
        case .call, .request: true
        default: false
        }
    }

    /// Whether the command sends something and so becomes the "last response".
    var sendsRequest: Bool {
        switch action {
        case .call, .request, .zip, .replay: true
        default: false
        }
    }
}

/// A path in a script: a profile path (`data>items>0>id`) or, starting with `$`, an RFC 9535
/// JSONPath query; evaluated in the last response's model, or, after `event N`, in one event of
/// a stream (the event as `request` prints it: `index`, `event`, `id`, `data`, and `outcome`,
/// `tip`, `model` when the envelope applies per event).
///
/// ```swift
/// // probe $.items[?@.price < 10].name
/// // capture token = event -1 data>token
/// ```
package struct ScriptPath: Sendable {
    /// The path's text, interpolated when the command runs.
    package let text: ScriptText
    /// The event of a stream the path looks in; `nil` for the model.
    package var event: EventSelector?

    /// Whether the path is a JSONPath query (it starts with `$`) rather than a profile path.
    package var isJSONPath: Bool { text.isJSONPath }
}

/// Which event of a stream a path looks in: `event 0` (the first), `event -1` (the last), or
/// `event any` (an expectation holds when it holds for any event; a capture takes the first that
/// has the path).
package enum EventSelector: Sendable, Equatable {
    /// The event at this position among the kept ones, from 0; negative counts from the end.
    case index(Int)
    /// Any event.
    case any

    /// `any`, `first`, `last` or a whole number.
    init?(_ word: String) {
        switch word {
        case "any": self = .any
        case "first": self = .index(0)
        case "last": self = .index(-1)
        default:
            guard let index = Int(word), abs(index) <= 1_000_000_000 else { return nil }
            self = .index(index)
        }
    }
}
