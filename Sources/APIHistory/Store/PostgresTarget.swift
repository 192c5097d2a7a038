import Foundation

/// A PostgreSQL history's server, database and credentials, from a `postgres://` URL.
///
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&schema=NAME]`; `postgresql://` too.
/// The password comes from the URL, else `PGPASSWORD`, else the first matching line of the password
/// file (`PGPASSFILE`, default `~/.pgpass`, read only when no one but its owner may read it, as libpq
/// does). It is never part of ``redactedURL``, of an error, or of a description.
struct PostgresTarget: Hashable, Sendable {
    /// How the connection uses TLS, as libpq's `sslmode` names it.
    enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, without verifying its certificate (the default on loopback).
        case prefer
        /// TLS or nothing, without verifying the certificate (the default for any other host).
        case require
        /// TLS, the certificate chain verified against `sslrootcert` or the system's roots; any host name.
        case verifyCA = "verify-ca"
        /// TLS, the certificate verified against `sslrootcert` or the system's roots, and the host name.
        case verifyFull = "verify-full"

        /// Whether the server's certificate is checked.
        var verifies: Bool { self == .verifyCA || self == .verifyFull }
    }

    var host: String
    var port: Int
    var user: String
    var database: String
    var tls: TLSMode
    /// The trust roots (a PEM file) for `verify-ca` and `verify-full`; `nil` for the system's.
    var rootCertificate: String?
    /// The schema the history's tables live in (`search_path`); `nil` for the user's default.
    var schema: String?
    /// Why the password file was skipped (others may read it), when it was looked at.
    var passwordFileWarning: String?
    /// The password, if any source gave one. Not part of any description.
    var password: String?

    /// The URL without its password: what messages and listings show.
    var redactedURL: String {
        var text = "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        var query: [String] = ["sslmode=\(tls.rawValue)"]
        if let rootCertificate { query.append("sslrootcert=\(rootCertificate)") }
        if let schema { query.append("schema=\(schema)") }
        text += "?" + query.joined(separator: "&")
        return text
    }

    /// Whether `text` names a PostgreSQL history rather than a file.
    static func isPostgresURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Parses a `postgres://` URL and finds its password.
    ///
    /// - Parameters:
    ///   - text: The URL.
    ///   - environment: For `PGPASSWORD`, `PGPASSFILE`, `PGUSER` and `HOME`.
    /// - Throws: ``HistoryError`` naming the URL without its password when it is malformed, names an
    ///   unknown `sslmode`, or lacks a user.
    init(url text: String, environment: [String: String]) throws(HistoryError) {
        let components = Self.isPostgresURL(text) ? URLComponents(string: text) : nil
        let shown = Self.shown(text, components)
        func fail(_ message: String) -> HistoryError { HistoryError(.location, path: shown, message: message) }
        guard let components else { throw fail("not a postgres:// URL") }
        guard let host = components.host.map(Self.unbracketed), !host.isEmpty else {
            throw fail("the URL names no host")
        }
        self.host = host
        port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw fail("the port is out of range (1-65535)") }
        let user = components.user ?? environment["PGUSER"] ?? ""
        guard !user.isEmpty else { throw fail("the URL names no user (postgres://USER@HOST/DATABASE)") }
        self.user = user
        var database = components.path
        if database.hasPrefix("/") { database.removeFirst() }
        self.database = database.isEmpty ? user : database
        // libpq defaults to prefer everywhere, which an active attacker turns into plain TCP.
        tls = Self.isLoopback(host) ? .prefer : .require
        rootCertificate = nil
        schema = nil
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                    throw fail("sslmode is not one of " + TLSMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                tls = mode
            case "sslrootcert":
                guard let value = item.value, !value.isEmpty else { throw fail("sslrootcert names no file") }
                rootCertificate = value
            case "schema":
                guard let value = item.value, Self.isPlainName(value) else {
                    throw fail("schema is not a plain name (lowercase letters, digits, _)")
                }
                schema = value
            case "password":
                throw fail("the URL may not carry password=; put the password in PGPASSWORD or ~/.pgpass")
            default:
                // The query string is never echoed: a mistyped URL may hold part of a password there.
                let named = Self.libpqParameters.contains(item.name) ? " '\(item.name)'" : ""
                throw fail("unknown parameter\(named) (known: sslmode, sslrootcert, schema)")
            }
        }
        if rootCertificate != nil && !tls.verifies {
            throw fail("sslrootcert needs sslmode=verify-ca or sslmode=verify-full")
        }
        password = components.password ?? environment["PGPASSWORD"]
        passwordFileWarning = nil
        if password == nil {
            passwordFileWarning = Self.passwordFileWarning(environment: environment)
            password = Self.passwordFileEntry(
                environment: environment, host: host, port: port, database: self.database, user: user)
        }
    }

    /// An IPv6 host without the brackets `URLComponents` keeps on Linux: `[::1]` → `::1`.
    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Whether `host` is this machine: `localhost`, `127.0.0.0/8` or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered == "::1" || lowered.hasPrefix("127.")
    }

    /// A warning for a connection to another machine whose certificate is not verified, or `nil`.
    var tlsWarning: String? {
        guard tls == .prefer || tls == .require, !Self.isLoopback(host) else { return nil }
        return "history at \(redactedURL): the server's certificate is not verified (sslmode=\(tls.rawValue)); "
            + "use sslmode=verify-full, with sslrootcert=PATH for a private CA"
    }

    /// A lowercase-safe SQL identifier: ASCII letters, digits and `_`, not starting with a digit, at
    /// most 63 bytes (PostgreSQL's limit).
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), name.utf8.count <= 63 else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// What messages show of `text`: `scheme://user@host:port/database` from the parsed parts, never
    /// the password nor the query string; `postgres://…` when the text did not parse, or when an `@`
    /// outside the user part says that the parse split a password containing `/` or `?`.
    static func shown(_ text: String, _ components: URLComponents?) -> String {
        guard let components, let host = components.host.map(unbracketed), !host.isEmpty,
            components.user != nil || !text.contains("@")
        else { return "postgres://…" }
        let scheme = text.lowercased().hasPrefix("postgresql://") ? "postgresql" : "postgres"
        let user = components.user.map { $0 + "@" } ?? ""
        let port = components.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(user)\(host.contains(":") ? "[\(host)]" : host)\(port)\(components.path)"
    }

    /// libpq's URL parameters, which an error may name because they cannot be part of a password.
    private static let libpqParameters: Set<String> = [
        "application_name", "connect_timeout", "dbname", "gssencmode", "host", "hostaddr", "keepalives",
        "options", "passfile", "port", "sslcert", "sslcrl", "sslkey", "target_session_attrs",
        "user",
    ]

    /// A warning when the password file is a regular file others may read or write, which libpq and
    /// this ignore; `nil` otherwise.
    static func passwordFileWarning(environment: [String: String]) -> String? {
        guard let path = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }) else {
            return nil
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else {
            return nil
        }
        return "password file \(path) is ignored: others may read or write it (chmod 600 \(path))"
    }

    /// The password of the first line of the password file matching the connection, libpq's format
    /// (`host:port:database:user:password`, `*` matches anything, `\:` and `\\` escape). The file is
    /// read only when it is a regular file no one but its owner may read or write, and at most 64 KiB.
    static func passwordFileEntry(
        environment: [String: String], host: String, port: Int, database: String, user: String
    ) -> String? {
        guard let path = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }) else {
            return nil
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 == 0,
            status.st_size <= 65_536, let data = FileManager.default.contents(atPath: path)
        else { return nil }
        let wanted = [host, String(port), database, user]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = Self.passwordFileFields(line)
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    private static func passwordFileFields(_ line: Substring) -> [String] {
        var fields: [String] = [""]
        var escaped = false
        for character in line {
            if escaped {
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 5 {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }
}

extension PostgresTarget: CustomStringConvertible, CustomReflectable {
    /// The URL without its password.
    var description: String { redactedURL }

    /// Shows the URL without its password, so that `dump` never prints it.
    var customMirror: Mirror { Mirror(self, children: ["url": redactedURL]) }
}
