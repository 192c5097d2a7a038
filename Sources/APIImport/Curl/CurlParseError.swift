public import APIMapping

/// Why a curl command line was rejected, and where.
///
/// ```swift
/// do {
///     _ = try CurlCommand(parsing: "curl --frobnicate https://x.test")
/// } catch {
///     print(error)  // line 1, column 6 (byte 5): unknown curl option --frobnicate
///     error.option  // "--frobnicate"
/// }
/// ```
public struct CurlParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// Where: the offending word (or quote), or the end of the command.
    public let position: TextLocation
    /// The option concerned, as written (`--frobnicate`, `-Z`), if any.
    public let option: String?

    /// The message without the position.
    public var message: String {
        switch kind {
        case .unknownOption: "unknown curl option \(option ?? "")"
        case .missingArgument: "curl option \(option ?? "") needs a value"
        case .invalidForm: "curl option \(option ?? "-F") needs name=value"
        default: kind.message
        }
    }

    /// `line 1, column 6 (byte 5): unknown curl option --frobnicate`.
    public var description: String { "\(position): \(message)" }

    init(_ kind: Kind, at position: TextLocation, option: String? = nil) {
        self.kind = kind
        self.position = position
        self.option = option
    }

    init(_ error: ShellWordsError) {
        self.init(Kind.shellSyntax.detail(error.message), at: error.position)
    }

    /// What went wrong, as a value tests can match.
    public typealias Kind = ErrorKind<CurlParseError>

    enum Code: Hashable, Sendable {
        case empty, notCurl, missingURL, unknownOption, missingArgument, invalidForm
        // Any shell syntax error: the message is the shell words error's.
        case shell
    }
}

extension ErrorKind where Owner == CurlParseError {
    /// The text holds no command.
    public static var empty: Self { Self(CurlParseError.Code.empty, "no curl command") }
    /// The first word is not `curl` (or `curl.exe`).
    public static var notCurl: Self { Self(CurlParseError.Code.notCurl, "the command does not start with curl") }
    /// No URL was given.
    public static var missingURL: Self { Self(CurlParseError.Code.missingURL, "no URL in the curl command") }
    /// An option curl has but this reader does not know, or a typo.
    public static var unknownOption: Self { Self(CurlParseError.Code.unknownOption, "unknown curl option") }
    /// An option that takes a value ends the command.
    public static var missingArgument: Self { Self(CurlParseError.Code.missingArgument, "curl option needs a value") }
    /// A `-F` value without `=`.
    public static var invalidForm: Self { Self(CurlParseError.Code.invalidForm, "form field needs name=value") }
    /// The shell words could not be split (any kind of ``ShellWordsError``).
    public static var shellSyntax: Self { Self(CurlParseError.Code.shell, "shell syntax error") }
}

/// A parsed curl command with what the reader skipped or doubted.
///
/// ```swift
/// let parsed = try CurlCommand.parse("curl -sSL --retry 3 https://x.test -H 'X-Empty;'")
/// parsed.command.url        // "https://x.test"
/// parsed.ignoredOptions     // ["-s", "-S", "-L", "--retry"]
/// parsed.warnings           // ["ignored -H 'X-Empty;': curl sends it as an empty header"]
/// ```
public struct CurlParseResult: Hashable, Sendable {
    /// The request.
    public var command: CurlCommand
    /// Options accepted but without effect on the request, by name only (`-s`, `--retry`, `-o`): their
    /// values may be credentials (`--proxy-user u:p`).
    public var ignoredOptions: [String] = []
    /// Things not imported or guessed (an empty header, a cookie file, a pipe to `jq`).
    public var warnings: [String] = []
    /// Where the command starts.
    public var position: TextLocation

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - command: The request.
    ///   - position: Where the command starts.
    public init(command: CurlCommand, position: TextLocation) {
        self.command = command
        self.position = position
    }
}
