/// What a curl option does to the request this reader builds.
enum CurlOption: Hashable {
    enum DataKind: Hashable { case ascii, raw, binary, urlencode, json }

    case request, url, header
    case data(DataKind)
    case form, formString, user, userAgent, referer, cookie
    case oauth2Bearer, uploadFile, urlQuery
    case compressed, insecure, head, get
    /// Accepted and listed as ignored; `warning` says what the request loses by it.
    case ignored(takesValue: Bool, warning: String?)

    var takesValue: Bool {
        switch self {
        case .compressed, .insecure, .head, .get: false
        case .ignored(let takesValue, _): takesValue
        default: true
        }
    }
}

/// curl's options by long name, and its short letters.
enum CurlOptionTable {
    static func option(named name: String) -> CurlOption? { long[name] }

    static func longName(for letter: Character) -> String? { short[letter] }

    private static let short: [Character: String] = [
        "X": "request", "H": "header", "d": "data", "F": "form", "u": "user", "A": "user-agent", "e": "referer",
        "b": "cookie", "T": "upload-file", "k": "insecure", "I": "head", "G": "get",
        "s": "silent", "S": "show-error", "L": "location", "v": "verbose", "i": "include", "O": "remote-name",
        "f": "fail", "g": "globoff", "0": "http1.0", "1": "tlsv1", "2": "sslv2", "3": "sslv3", "4": "ipv4",
        "6": "ipv6", "N": "no-buffer", "#": "progress-bar", "q": "disable", "J": "remote-header-name",
        "R": "remote-time", "n": "netrc", "l": "list-only", "a": "append", "j": "junk-session-cookies",
        "p": "proxytunnel", "Z": "parallel", "B": "use-ascii", "o": "output", "w": "write-out", "m": "max-time",
        "x": "proxy", "U": "proxy-user", "c": "cookie-jar", "D": "dump-header", "E": "cert", "K": "config",
        "C": "continue-at", "r": "range", "y": "speed-time", "Y": "speed-limit", "z": "time-cond",
        "t": "telnet-option", "P": "ftp-port", "Q": "quote", "M": "manual", "V": "version", "h": "help",
    ]

    private static let affecting: [String: CurlOption] = [
        "request": .request, "url": .url, "header": .header, "data": .data(.ascii), "data-ascii": .data(.ascii),
        "data-raw": .data(.raw), "data-binary": .data(.binary), "data-urlencode": .data(.urlencode),
        "json": .data(.json), "form": .form, "form-string": .formString, "user": .user, "user-agent": .userAgent,
        "referer": .referer, "cookie": .cookie, "oauth2-bearer": .oauth2Bearer, "upload-file": .uploadFile,
        "url-query": .urlQuery, "compressed": .compressed, "insecure": .insecure, "head": .head, "get": .get,
    ]

    /// Options without effect on the request, that take a value.
    private static let ignoredWithValue: [String] = [
        "output", "write-out", "retry", "retry-delay", "retry-max-time", "max-time", "connect-timeout", "proxy",
        "proxy-user", "cookie-jar", "dump-header", "cacert", "capath", "cert", "cert-type", "key", "key-type", "pass",
        "resolve", "connect-to", "interface", "limit-rate", "max-redirs", "max-filesize", "trace", "trace-ascii",
        "stderr", "keepalive-time", "expect100-timeout", "speed-limit", "speed-time", "dns-servers", "output-dir",
        "tls-max", "ciphers", "tls13-ciphers", "pinnedpubkey", "noproxy", "proxy-header", "unix-socket",
        "abstract-unix-socket", "local-port", "continue-at", "netrc-file", "ftp-port", "quote", "telnet-option",
        "rate", "parallel-max", "happy-eyeballs-timeout-ms", "proto", "proto-redir", "proto-default",
        "random-file", "egd-file", "hostpubmd5", "hostpubsha256", "etag-save", "doh-url", "ip-tos", "vlan-priority",
        "mail-from", "mail-rcpt", "login-options", "sasl-authzid", "tlsuser", "tlspassword", "tlsauthtype",
        "engine", "delegation", "crlfile", "curves", "trace-config", "create-file-mode", "retry-all-errors-max",
    ]

    /// Options without effect on the request, without a value.
    private static let ignoredFlags: [String] = [
        "silent", "show-error", "location", "location-trusted", "verbose", "include", "remote-name",
        "remote-name-all", "remote-header-name", "fail", "fail-with-body", "fail-early", "globoff", "http0.9",
        "http1.0", "http1.1", "http2", "http2-prior-knowledge", "http3", "http3-only", "ipv4", "ipv6", "no-buffer",
        "buffer", "progress-bar", "no-progress-meter", "no-keepalive", "keepalive", "tcp-nodelay", "tcp-fastopen",
        "create-dirs", "remote-time", "retry-connrefused", "retry-all-errors", "path-as-is", "styled-output",
        "disable", "raw", "tr-encoding", "sslv2", "sslv3", "tlsv1", "tlsv1.0", "tlsv1.1", "tlsv1.2", "tlsv1.3",
        "ssl", "ssl-reqd", "basic", "parallel", "parallel-immediate", "no-sessionid", "no-alpn", "no-npn", "xattr",
        "proxy-insecure", "suppress-connect-headers", "ssl-no-revoke", "ssl-revoke-best-effort", "cert-status",
        "false-start", "post301", "post302", "post303", "junk-session-cookies", "list-only", "append", "crlf",
        "netrc", "netrc-optional", "proxytunnel", "ignore-content-length", "use-ascii", "manual", "version",
        "help", "doh-insecure", "show-headers", "skip-existing", "compressed-ssh", "ssl-allow-beast",
    ]

    /// Options accepted but whose effect on the request is not imported, and why it matters.
    private static let ignoredWithWarning: [String: (takesValue: Bool, warning: String)] = [
        "range": (true, "a Range header is not imported"),
        "time-cond": (true, "an If-Modified-Since header is not imported"),
        "config": (true, "options in a curl config file are not read"),
        "aws-sigv4": (true, "AWS SigV4 signing is not imported; set the signature up in the profile"),
        "request-target": (true, "a custom request target is not imported"),
        "etag-compare": (true, "an If-None-Match header is not imported"),
        "variable": (true, "curl variables are not expanded"),
        "digest": (false, "HTTP digest authentication is not imported"),
        "ntlm": (false, "NTLM authentication is not imported"),
        "negotiate": (false, "Negotiate authentication is not imported"),
        "anyauth": (false, "curl picks the authentication scheme; basic is assumed"),
    ]

    private static let long: [String: CurlOption] = {
        var table = affecting
        for name in ignoredWithValue { table[name] = .ignored(takesValue: true, warning: nil) }
        for name in ignoredFlags { table[name] = .ignored(takesValue: false, warning: nil) }
        for (name, entry) in ignoredWithWarning {
            table[name] = .ignored(takesValue: entry.takesValue, warning: entry.warning)
        }
        return table
    }()
}
