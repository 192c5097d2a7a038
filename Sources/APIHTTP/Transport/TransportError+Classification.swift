import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension TransportError {
    /// Maps what AsyncHTTPClient, NIO and NIOSSL throw to a ``Kind``.
    ///
    /// `stage` separates a connection that closed before any response (``Kind/connectionClosed``) from one
    /// that closed in the middle of the body (``Kind/truncatedBody``).
    ///
    /// The message never quotes a header's value (the library's own text can: a token ending in
    /// `\r` is an invalid header value, and its error lists the value): a refused header is named,
    /// and any value left in the text is masked.
    init(
        classifying error: any Error,
        stage: TransportStage,
        request: String,
        headers: [(name: String, value: String)] = [],
        configuration: TransportConfiguration
    ) {
        var kind = Self.kind(of: error, stage: stage, configuration: configuration)
        var message = String(describing: error)
        if let error = error as? NIOHTTPDecompression.DecompressionError, error == .limit {
            message =
                "decompression ratio limit \(configuration.maximumDecompressionRatio): the body expands more than "
                + "\(configuration.maximumDecompressionRatio) times its compressed size"
        }
        if let error = error as? HTTPClientError,
            ["Invalid header field values", "Invalid header field names"].contains(error.shortDescription)
        {
            message = Self.headerRefusal(headers.filter { Self.isRefused($0) }.map(\.name))
            kind = .invalidRequest
        }
        self.init(
            kind: Task.isCancelled ? .cancelled : kind, request: request,
            message: Self.withoutHeaderValues(message, headers: headers))
    }

    /// The refusal of a request with headers HTTP cannot carry, naming them (never their values);
    /// `nil` when every header can be sent. What AsyncHTTPClient refuses, said before anything is
    /// written, for a transport that writes the request itself.
    ///
    /// Checked on every request of a load run: the bytes are scanned once, and `request` (the
    /// redacted description) is made only for a refusal.
    static func unsendableHeaders(
        _ headers: [(name: String, value: String)], request: @autoclosure () -> String
    ) -> TransportError? {
        guard headers.contains(where: isRefused) else { return nil }
        return TransportError(
            kind: .invalidRequest, request: request(),
            message: headerRefusal(headers.filter(isRefused).map(\.name)))
    }

    /// What a refused header's message says, naming the `refused` headers.
    private static func headerRefusal(_ refused: [String]) -> String {
        "a header holds a character HTTP does not allow (a line break, NUL or another control character)"
            + (refused.isEmpty ? "" : ": \(refused.joined(separator: ", "))")
            + "; values read from the environment lose trailing line breaks, so look at files and commands"
    }

    /// Whether AsyncHTTPClient refuses a header: a name that is not a token (RFC 9110 §5.6.2), or a
    /// value with a control character other than a tab.
    private static func isRefused(_ header: (name: String, value: String)) -> Bool {
        let badValue = header.value.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
        return badValue || header.name.isEmpty || header.name.utf8.contains { !isTokenCharacter($0) }
    }

    /// Whether `byte` may appear in a header name: a letter, a digit, or one of the fifteen marks RFC
    /// 9110 §5.6.2 allows in a token.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `message` with every header value (as written, and as Swift's string escapes show it, `\r`
    /// as two characters) of four bytes or more replaced by the mask.
    static func withoutHeaderValues(_ message: String, headers: [(name: String, value: String)]) -> String {
        var result = message
        for header in headers {
            let escaped = String(String(reflecting: header.value).dropFirst().dropLast())
            for form in Set([header.value, escaped, header.value.trimmingWhitespaceAndLineBreaks])
            where form.utf8.count >= 4 && result.contains(form) {
                result = result.replacing(form, with: Redaction.mask)
            }
        }
        return result
    }

    private static func kind(of error: any Error, stage: TransportStage, configuration: TransportConfiguration) -> Kind
    {
        switch error {
        case is CancellationError:
            return .cancelled
        case is UnacceptableResponse:
            return .invalidContent
        case let error as HTTPClientError:
            return kind(of: error, stage: stage)
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return .dns
            }
            if let first = error.connectionErrors.first {
                return kind(of: first.error, stage: stage, configuration: configuration)
            }
            return .other
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: return .refused
            case ECONNRESET, EPIPE: return stage == .body ? .truncatedBody : .connectionClosed
            case ETIMEDOUT: return .timeout(.connect)
            default: return .other
            }
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timeout(.connect)
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed:
                return stage == .body ? .truncatedBody : .connectionClosed
            default: return .other
            }
        case is SocketAddressError:
            return .dns
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return .tls
        case let error as NIOHTTPDecompression.DecompressionError:
            return error == .limit
                ? .decompressionRatio(limit: configuration.maximumDecompressionRatio) : .invalidContent
        case is HTTPParserError:
            return stage == .body ? .truncatedBody : .invalidContent
        default:
            return String(describing: error).contains("Connection refused") ? .refused : .other
        }
    }

    private static func kind(of error: HTTPClientError, stage: TransportStage) -> Kind {
        switch error {
        case .readTimeout, .writeTimeout: .timeout(.read)
        case .deadlineExceeded: .timeout(.total)
        case .connectTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout:
            .timeout(.connect)
        case .remoteConnectionClosed, .bodyLengthMismatch:
            stage == .body ? .truncatedBody : .connectionClosed
        case .cancelled, .requestStreamCancelled: .cancelled
        case .redirectLimitReached, .redirectCycleDetected: .redirectLimit
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath, .traceRequestWithBody:
            .invalidRequest
        case .invalidProxyResponse, .proxyAuthenticationRequired: .other
        default: .other
        }
    }
}
