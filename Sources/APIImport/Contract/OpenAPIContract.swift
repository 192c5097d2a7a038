import APIClient
import APIMapping
package import Foundation
import Synchronization

/// An OpenAPI description as a server sees it: which operation a request is for, whether the
/// request is one the description allows, and the answer its examples (or schemas) give.
/// `serve-mock --openapi` answers with it.
///
/// ```swift
/// let contract = try OpenAPIContract(contentsOf: URL(fileURLWithPath: "twilio_studio_v2.json"))
/// let answer = contract.answer(OpenAPIContract.Request(method: "GET", target: "/v2/Flows"))
/// answer.status  // 200, or 400 with {"error": "…", "operation": "ListFlow"} naming the first violation
/// ```
package final class OpenAPIContract: Sendable {
    /// A request as received.
    package struct Request: Sendable {
        /// The method, upper-case.
        package var method: String
        /// The path and query, as on the request line.
        package var target: String
        /// The headers.
        package var headers: [(name: String, value: String)]
        /// The body.
        package var body: [UInt8]

        /// Creates a request.
        package init(
            method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []
        ) {
            self.method = method.uppercased()
            self.target = target
            self.headers = headers
            self.body = body
        }

        /// The first header of this name, any case.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// The answer to a request.
    package struct Answer: Sendable {
        /// The HTTP status: the operation's first 2xx, or 400 (a violation), 404, 405.
        package var status: Int
        /// The body's content type, if it has a body.
        package var contentType: String?
        /// The body.
        package var body: [UInt8]
        /// The operation that answered (its `operationId`, else `METHOD /path`), if one matched.
        package var operation: String?
        /// The first violation, when the request was refused.
        package var violation: String?
    }

    /// One operation of the description.
    struct Operation {
        let method: String
        let path: String
        let segments: [PathSegment]
        let item: Located
        let operation: Located
        var id: String { operation.string("operationId") ?? "\(method) \(path)" }
        /// How many literal characters its path has: the more, the more specific.
        var specificity: Int { segments.reduce(0) { $0 + $1.literalCount } }
    }

    private struct State: ~Copyable {
        let store: SourceStore
        let root: Located
        let operations: [Operation]
    }

    private let state: Mutex<State>
    /// How many operations the description has.
    package let operationCount: Int

    /// Reads a description (OpenAPI 3.0, 3.1 or Swagger 2.0, one file or many).
    ///
    /// - Parameters:
    ///   - url: The entry file.
    ///   - referenceRoot: The folder local `$ref`s may reach; `nil` for the file's own.
    /// - Throws: ``ImportError`` as an import does.
    package init(contentsOf url: URL, referenceRoot: URL? = nil) throws(ImportError) {
        let file = url.standardizedFileURL
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(file)
        } catch {
            throw .unreadableFile(file.path, "\(error)")
        }
        let importer = OpenAPIImporter(options: .init(referenceRoot: referenceRoot))
        let loaded = try importer.load(data: Data(bytes), location: file)
        var operations: [Operation] = []
        for (path, rawItem) in loaded.root.child("paths")?.members ?? [] {
            let item = try loaded.store.resolve(rawItem)
            for (method, raw) in item.members where OperationWalker.methods.contains(method) {
                operations.append(
                    Operation(
                        method: method.uppercased(), path: path, segments: PathSegment.parse(path), item: item,
                        operation: try loaded.store.resolve(raw)))
            }
        }
        operationCount = operations.count
        state = Mutex(State(store: loaded.store, root: loaded.root, operations: operations))
    }

    /// The answer to a request: a violation (400), no such path (404) or method (405), else the
    /// operation's example answer.
    ///
    /// - Parameter request: The request.
    package func answer(_ request: Request) -> Answer {
        state.withLock { state in
            do {
                return try Self.answer(request, store: state.store, root: state.root, operations: state.operations)
            } catch {
                return Self.refusal(500, "the description cannot be read here: \(error)", operation: nil)
            }
        }
    }

    private static func answer(_ request: Request, store: SourceStore, root: Located, operations: [Operation])
        throws(ImportError) -> Answer
    {
        let (path, query) = Self.split(request.target)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        var matches: [(Operation, [String: String])] = []
        var otherMethods: [String] = []
        for operation in operations {
            guard let values = PathSegment.match(operation.segments, segments) else { continue }
            if operation.method == request.method {
                matches.append((operation, values))
            } else {
                otherMethods.append(operation.method)
            }
        }
        guard
            let (operation, pathValues) = matches.max(by: { $0.0.specificity < $1.0.specificity })
        else {
            if !otherMethods.isEmpty {
                return refusal(
                    405,
                    "\(request.method) is not an operation of \(path); it has \(otherMethods.joined(separator: ", "))",
                    operation: nil)
            }
            return refusal(404, "no operation of the description has the path \(path)", operation: nil)
        }
        var checker = RequestChecker(store: store, root: root, operation: operation)
        if let violation = try checker.violation(request, pathValues: pathValues, query: query) {
            return refusal(400, violation, operation: operation.id)
        }
        var answer = try ExampleAnswer.answer(for: operation.operation, store: store)
        answer.operation = operation.id
        return answer
    }

    /// A refusal as JSON: `{"error": "…", "operation": "…"}`.
    static func refusal(_ status: Int, _ message: String, operation: String?) -> Answer {
        var object = JSONObject()
        object.append(key: "error", value: .string(message))
        object.append(key: "operation", value: operation.map { .string($0) } ?? .null)
        return Answer(
            status: status, contentType: "application/json", body: Array(JSONValue.object(object).jsonText().utf8),
            operation: operation, violation: message)
    }

    /// The path and the decoded query items of a request target.
    static func split(_ target: String) -> (String, [(name: String, value: String)]) {
        let withoutFragment = target.prefix { $0 != "#" }
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (String(withoutFragment), []) }
        let items = withoutFragment[withoutFragment.index(after: mark)...].split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
        return (String(withoutFragment[..<mark]), items)
    }
}

/// One segment of a templated path: literal text and `{name}` parameters.
struct PathSegment {
    enum Piece {
        case literal(String)
        case parameter(String)
    }

    let pieces: [Piece]

    var literalCount: Int {
        pieces.reduce(0) { count, piece in
            if case .literal(let text) = piece { return count + text.count }
            return count
        }
    }

    static func parse(_ path: String) -> [PathSegment] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
            var pieces: [Piece] = []
            var rest = Substring(segment)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
                pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { pieces.append(.literal(String(rest))) }
            return PathSegment(pieces: pieces)
        }
    }

    /// The parameters' values when `segments` match the template, else `nil`.
    static func match(_ template: [PathSegment], _ segments: [String]) -> [String: String]? {
        // A trailing slash on either side is no difference.
        let given = segments.last == "" && segments.count > 1 ? Array(segments.dropLast()) : segments
        let wanted = template.last?.pieces.isEmpty == true && template.count > 1 ? Array(template.dropLast()) : template
        guard given.count == wanted.count else { return nil }
        var values: [String: String] = [:]
        for (segment, text) in zip(wanted, given) {
            guard segment.match(text, into: &values) else { return nil }
        }
        return values
    }

    /// Matches one segment: literals in place, each parameter non-empty, up to the next literal.
    func match(_ text: String, into values: inout [String: String]) -> Bool {
        var rest = Substring(text)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return false }
                rest = rest.dropFirst(literal.count)
            case .parameter(let name):
                var end = rest.endIndex
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                    guard let found = rest.range(of: next, options: .backwards) else { return false }
                    end = found.lowerBound
                }
                guard end > rest.startIndex else { return false }
                values[name] = String(rest[..<end])
                rest = rest[end...]
            }
        }
        return rest.isEmpty && (pieces.isEmpty ? text.isEmpty : true)
    }
}
