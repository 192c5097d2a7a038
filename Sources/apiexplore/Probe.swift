import APIClient
import APIMapping
import ArgumentParser
import Foundation

/// `apiexplore probe PATH [FILE|-]`: evaluate a path, and optionally an envelope, over a saved response.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Evaluate a path over a JSON or XML file (or standard input) and print what it selects.",
        discussion: """
            PATH is a profile path by default (data>list>0>id; '\\>' and '\\\\' escape; digits index \
            arrays and still name object keys; -1 is the last element). --pointer reads an RFC 6901 \
            JSON Pointer (/data/list/0/id, or #/data/list/0/id), --jsonpath an RFC 9535 JSONPath \
            query ($.data.list[?@.id > 3]).

            A profile path or pointer prints the value it selects and exits 1 when it selects \
            nothing (null is a value). A JSONPath query prints the list of selected values as a \
            JSON array, [] when nothing matches, and exits 0.

            XML is detected from the content (or forced with --xml) and read as its JSON tree: \
            attributes as @name, text as #text, repeated elements as arrays; --xml-array names \
            paths that are arrays even with one element.

            --envelope evaluates an envelope over the response and prints the result as JSON \
            (outcome, HTTP and business verdicts, status, tip, model, issues). The spec is inline \
            (status=code,success=0,tip=msg,model=data) or @FILE with one field per line. With \
            --envelope, PATH is optional and, when given, is probed inside the model (exit 1 when \
            it selects nothing, as without --envelope); a single argument is the file.

            Errors: a malformed document prints FILE:LINE:COLUMN: message; a malformed path or \
            envelope prints the column. Both exit 2.
            """
    )

    @Argument(help: "The path to evaluate (optional with --envelope).")
    var path: String?

    @Argument(help: "A JSON or XML file; '-' or nothing reads standard input.")
    var file: String?

    @Flag(help: "Read PATH as an RFC 6901 JSON Pointer.")
    var pointer = false

    @Flag(help: "Read PATH as an RFC 9535 JSONPath query and print the node list.")
    var jsonpath = false

    @Flag(help: "Read the input as XML even if it does not start with '<'.")
    var xml = false

    @Option(name: .customLong("xml-array"), help: "A profile path that is always an array in XML input (repeatable).")
    var xmlArrays: [String] = []

    @Option(help: "An envelope to evaluate: inline (status=code,success=0,tip=msg,model=data) or @FILE.")
    var envelope: String?

    @Option(name: .customLong("http-status"), help: "The HTTP status the response came with (for --envelope).")
    var httpStatus = 200

    @Flag(help: "Indent the output (two spaces).")
    var pretty = false

    @Option(
        name: .customLong("max-input"),
        help: ArgumentHelp("The most bytes read from the file or standard input (default 256MiB).", valueName: "size"),
        transform: { text in
            guard let bytes = SizeLimitSyntax.parse(text) else {
                throw ValidationError("'\(text)' is not a size; use bytes, or KB, MB, GB, KiB, MiB, GiB")
            }
            return bytes
        })
    var maximumInput = InputFile.defaultMaximumBytes

    func validate() throws {
        if pointer && jsonpath {
            throw ValidationError("--pointer and --jsonpath cannot be used together.")
        }
        if path == nil && envelope == nil {
            throw ValidationError("Missing expected argument '<path>'.")
        }
        try FlagRanges.validate(
            maximumInput, in: 1...InputFile.defaultMaximumBytes, flag: "--max-input", as: SizeLimitSyntax.text)
        if !(100...599).contains(httpStatus) {
            throw ValidationError("--http-status must be between 100 and 599.")
        }
    }

    func run() throws {
        // With --envelope a single positional argument is the file, not a path.
        let (probePath, inputName) = envelope != nil && file == nil ? (nil, path ?? "-") : (path, file ?? "-")
        let selector = try probePath.map(parseSelector)
        let reader = try InputReader.open(inputName, maximumBytes: maximumInput)
        var isXML = xml
        do throws(InputReadError) {
            if !isXML { isXML = try reader.looksLikeXML() }
        } catch {
            Terminal.error(error.message)
            throw ExitCode(2)
        }
        let alwaysArray = try parseXMLArrays()
        // XML is parsed as it is read, so a large feed is never whole in memory beside its tree.
        let document =
            isXML
            ? try reader.parseXML(alwaysArray: alwaysArray)
            : try InputFile(readingAll: reader).parseDocument(forceXML: false, alwaysArray: alwaysArray)
        let style: JSONStyle = pretty ? .pretty : .compact
        guard let envelope else {
            // validate() guarantees a path without --envelope.
            try printSelection(selector!, in: document.root, of: reader.displayName, style: style)
            return
        }
        let evaluation = try parseEnvelope(envelope).evaluate(httpStatus: httpStatus, body: document.root)
        var result = evaluation.jsonValue()
        var found = true
        if let selector, let probePath {
            guard case .object(var object) = result else { preconditionFailure("an evaluation is an object") }
            let value = try evaluation.model.flatMap { try selector.valueIfFound(in: $0.node) }
            found = value != nil
            object["probe"] = .object(["path": .string(probePath), "found": .bool(found), "value": value ?? .null])
            result = .object(object)
        }
        Terminal.writeJSON(JSONDocument(result).root, style: style)
        // As without --envelope: a path that selects nothing (or no model to look in) exits 1.
        if !found { throw ExitCode(1) }
    }

    private func printSelection(_ selector: Selector, in root: JSONNode, of inputName: String, style: JSONStyle) throws
    {
        switch selector {
        case .single(let select, let language):
            guard let node = select(root) else {
                Terminal.error("\(language) '\(path ?? "")' selects nothing in \(inputName)")
                throw ExitCode(1)
            }
            Terminal.writeJSON(node, style: style)
        case .nodeList(let query):
            Terminal.writeJSON(JSONDocument(.array(try Self.run(query, on: root).map(\.node.value))).root, style: style)
        }
    }

    /// Runs a JSONPath query; a query stopped by its node limit is reported, exit 2.
    static func run(_ query: JSONPath, on root: JSONNode) throws -> [JSONMatch] {
        do {
            return try query.select(in: root)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    enum Selector {
        case single((JSONNode) -> JSONNode?, PathLanguage)
        case nodeList(JSONPath)

        /// What the selector finds as one value: the node, or the node list; `nil` when a single
        /// path selects nothing (a JSONPath query always finds a list, maybe empty).
        func valueIfFound(in root: JSONNode) throws -> JSONValue? {
            switch self {
            case .single(let select, _): select(root)?.value
            case .nodeList(let query): .array(try Probe.run(query, on: root).map(\.node.value))
            }
        }
    }

    private func parseSelector(_ path: String) throws -> Selector {
        do {
            if jsonpath {
                let query = try JSONPath(path)
                return .nodeList(query)
            }
            if pointer {
                let parsed = path.hasPrefix("#") ? try JSONPointer(uriFragment: path) : try JSONPointer(path)
                return .single(parsed.select(in:), .jsonPointer)
            }
            return .single(try ProfilePath(path).select(in:), .profilePath)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    private func parseXMLArrays() throws -> [ProfilePath] {
        do {
            return try xmlArrays.map { path throws(PathSyntaxError) in try ProfilePath(path) }
        } catch {
            Terminal.error("--xml-array: \(error.description)")
            throw ExitCode(2)
        }
    }

    private func parseEnvelope(_ argument: String) throws -> Envelope {
        var spec = argument
        if argument.hasPrefix("@") {
            let file = String(argument.dropFirst())
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                Terminal.error("\(file): cannot read: \(error.localizedDescription)")
                throw ExitCode(2)
            }
            // One field per line; blank lines and '#' comments are skipped.
            spec = text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
                .joined(separator: ",")
        }
        do {
            return try Envelope(inlineSpec: spec)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }
}
