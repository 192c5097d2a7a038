/// A path that could not be parsed, with the position of the problem.
///
/// Shared by the three path languages. Positions count Unicode scalars from 0, so the caret in
/// ``description`` lines up under the path as typed.
///
/// ```swift
/// do { _ = try ProfilePath("data>>id") } catch { print(error) }
/// // invalid profile path at column 6: empty segment
/// //   data>>id
/// //        ^
/// ```
public struct PathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The language the path was read as.
    public let language: PathLanguage
    /// The path as given.
    public let path: String
    /// The 0-based position of the problem, in Unicode scalars.
    public let offset: Int
    /// What is wrong, without the position.
    public let message: String

    /// Creates an error for `path` at `offset`.
    public init(_ language: PathLanguage, path: String, offset: Int, message: String) {
        self.language = language
        self.path = path
        self.offset = offset
        self.message = message
    }

    /// The 1-based column of the problem.
    public var column: Int { offset + 1 }

    public var description: String {
        "invalid \(language) at column \(column): \(message)\n  \(path)\n  \(String(repeating: " ", count: offset))^"
    }
}

/// The path languages apiexplore reads.
public enum PathLanguage: String, Hashable, Sendable, CustomStringConvertible {
    /// `data>list>0>id`, the language of profiles and the probe bar.
    case profilePath = "profile path"
    /// RFC 6901 JSON Pointer: `/data/list/0/id`.
    case jsonPointer = "JSON Pointer"
    /// RFC 9535 JSONPath: `$.data.list[?@.id > 3]`.
    case jsonPath = "JSONPath"

    public var description: String { rawValue }
}
