import APIMapping
import ArgumentParser
import Foundation

/// `apiexplore probe PATH [FILE|-]`: evaluate a path over a saved JSON response.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a path over a JSON file or standard input and print what it selects.",
        discussion: """
            PATH is a profile path by default (data>list>0>id; '\\>' and '\\\\' escape; digits index \
            arrays and still name object keys; -1 is the last element). --pointer reads an RFC 6901 \
            JSON Pointer (/data/list/0/id, or #/data/list/0/id), --jsonpath an RFC 9535 JSONPath \
            query ($.data.list[?@.id > 3]).

            A profile path or pointer prints the value it selects and exits 1 when it selects \
            nothing (null is a value). A JSONPath query prints the list of selected values as a \
            JSON array, [] when nothing matches, and exits 0.

            Errors: a malformed document prints FILE:LINE:COLUMN: message; a malformed path \
            prints the column. Both exit 2.
            """
    )

    @Argument(help: "The path to evaluate.")
    var path: String

    @Argument(help: "A JSON file; '-' or nothing reads standard input.")
    var file: String = "-"

    @Flag(help: "Read PATH as an RFC 6901 JSON Pointer.")
    var pointer = false

    @Flag(help: "Read PATH as an RFC 9535 JSONPath query and print the node list.")
    var jsonpath = false

    @Flag(help: "Indent the output (two spaces).")
    var pretty = false

    func validate() throws {
        if pointer && jsonpath {
            throw ValidationError("--pointer and --jsonpath cannot be used together.")
        }
    }

    func run() throws {
        let selector = try parseSelector()
        let input = try InputFile(file)
        let document = try input.parseJSON()
        let style: JSONStyle = pretty ? .pretty : .compact
        switch selector {
        case .single(let select, let language):
            guard let node = select(document.root) else {
                Terminal.error("\(language) \(quoted(path)) selects nothing in \(input.displayName)")
                throw ExitCode(1)
            }
            Terminal.writeJSON(node, style: style)
        case .nodeList(let query):
            Terminal.writeJSON(JSONDocument(.array(query(document.root).map(\.node.value))).root, style: style)
        }
    }

    private enum Selector {
        case single((JSONNode) -> JSONNode?, PathLanguage)
        case nodeList((JSONNode) -> [JSONMatch])
    }

    private func parseSelector() throws -> Selector {
        do {
            if jsonpath {
                let query = try JSONPath(path)
                return .nodeList(query.select(in:))
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

    private func quoted(_ text: String) -> String {
        "'\(text)'"
    }
}
