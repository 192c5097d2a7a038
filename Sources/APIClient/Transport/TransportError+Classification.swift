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
    init(
        classifying error: any Error,
        stage: TransportStage,
        request: String,
        configuration: TransportConfiguration
    ) {
        let kind = Self.kind(of: error, stage: stage, configuration: configuration)
        var message = String(describing: error)
        if let error = error as? NIOHTTPDecompression.DecompressionError, error == .limit {
            message =
                "decompression ratio limit \(configuration.maximumDecompressionRatio): the body expands more than "
                + "\(configuration.maximumDecompressionRatio) times its compressed size"
        }
        self.init(kind: Task.isCancelled ? .cancelled : kind, request: request, message: message)
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
