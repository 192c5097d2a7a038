/// Why an OpenAPI description could not be imported, and where.
///
/// A struct around a private kind, so new kinds can be added without breaking callers. The
/// location names the file and, inside it, a JSON pointer (`#/paths/~1users/get`) or a line.
///
/// ```swift
/// do {
///     _ = try OpenAPIImporter().importDescription(at: url)
/// } catch {
///     print(error)  // spec/a.yaml#/components/parameters/x: $ref cycle: a.yaml#/x -> b.yaml#/y -> a.yaml#/x
/// }
/// ```
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case unreadableFile
        case syntax
        case unsupportedVersion
        case invalidStructure
        case unresolvedReference
        case referenceCycle
        case remoteReferenceRefused
    }

    private let kind: Kind
    /// The file the problem is in (a path or URL as written).
    public let file: String
    /// Where in the file: a JSON pointer (`#/paths/~1pets/get`), `line 12`, or empty for the whole file.
    public let location: String
    /// What is wrong, in one sentence.
    public let message: String

    private init(_ kind: Kind, file: String, location: String, message: String) {
        self.kind = kind
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file#pointer: message`.
    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file)\(location.hasPrefix("#") ? "" : ":")\(location): \(message)"
    }

    /// Whether the error is a `$ref` cycle.
    public var isReferenceCycle: Bool { kind == .referenceCycle }
    /// Whether the error is a refused remote (`http(s)://`) reference.
    public var isRemoteReferenceRefused: Bool { kind == .remoteReferenceRefused }

    static func unreadableFile(_ file: String, _ message: String) -> ImportError {
        ImportError(.unreadableFile, file: file, location: "", message: message)
    }
    static func syntax(_ file: String, line: Int?, _ message: String) -> ImportError {
        ImportError(.syntax, file: file, location: line.map { "line \($0)" } ?? "", message: message)
    }
    static func unsupportedVersion(_ file: String, _ message: String) -> ImportError {
        ImportError(.unsupportedVersion, file: file, location: "", message: message)
    }
    static func invalid(_ file: String, _ pointer: String, _ message: String) -> ImportError {
        ImportError(.invalidStructure, file: file, location: pointer, message: message)
    }
    static func unresolved(_ file: String, _ pointer: String, _ message: String) -> ImportError {
        ImportError(.unresolvedReference, file: file, location: pointer, message: message)
    }
    static func cycle(_ file: String, _ pointer: String, chain: [String]) -> ImportError {
        ImportError(
            .referenceCycle, file: file, location: pointer,
            message: "$ref cycle: " + chain.joined(separator: " -> "))
    }
    static func remoteRefused(_ file: String, _ pointer: String, _ ref: String) -> ImportError {
        ImportError(
            .remoteReferenceRefused, file: file, location: pointer,
            message:
                "remote reference '\(ref)' refused; --allow-remote-refs follows it (over http(s), 16 MiB and 30 s at most)"
        )
    }
}
