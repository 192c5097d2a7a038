import Foundation

extension CookieJar {
    /// The largest cookie file read: far more than browsers keep (3,000 cookies of 4 KiB).
    static let maximumFileBytes = 32 << 20

    /// Reads a jar saved by ``save(to:)``; a missing file gives an empty jar, and anything but a
    /// regular file of the user's own (a FIFO, a device, a link) is refused at once.
    ///
    /// The file is JSON: a version and the persistent cookies, with dates in seconds since 1970.
    /// Cookies that expired since are kept until a ``cookieHeader(for:now:)`` call drops them.
    ///
    /// ```swift
    /// var jar = try CookieJar.load(from: "~/.config/apiexplore/cookies.json")
    /// ```
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The jar, empty when there is no file.
    /// - Throws: ``CookieJarError`` naming the file when it cannot be read, is not JSON, or does not
    ///   hold a cookie jar (with the decoder's reason and where in the file).
    public static func load(from path: String) throws(CookieJarError) -> CookieJar {
        let data: Data
        do throws(StateFile.Refusal) {
            // A jar is small; a FIFO or device put in its place is refused at once, not waited on.
            guard let bytes = try StateFile.read(path, maximumBytes: maximumFileBytes) else { return CookieJar() }
            data = Data(bytes)
        } catch {
            throw CookieJarError(file: path, message: "cannot read the cookie file: \(error.reason)")
        }
        let file: CookieFile
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            file = try decoder.decode(CookieFile.self, from: data)
        } catch {
            throw CookieJarError(file: path, message: "malformed cookie file: \(describe(error))")
        }
        guard file.version == CookieFile.currentVersion else {
            throw CookieJarError(file: path, message: "unsupported cookie file version \(file.version)")
        }
        return CookieJar(cookies: file.cookies)
    }

    /// Writes the jar's persistent cookies to a file only the user can read.
    ///
    /// Session cookies (no `Expires` or `Max-Age`) are left out, as a browser forgets them on quit.
    /// The file is written to a temporary file in the same directory and renamed over the old one,
    /// so readers see the old or the new jar, never half of one; it gets mode 0600, and a missing
    /// parent directory is created with mode 0700.
    ///
    /// ```swift
    /// try jar.save(to: "/home/me/.config/apiexplore/cookies.json")
    /// // {"cookies":[{"creation":1746100800,"domain":"example.test","expires":1777636800,…}],"version":1}
    /// ```
    ///
    /// - Parameter path: The file's path.
    /// - Throws: ``CookieJarError`` naming the file when the directory, the temporary file or the
    ///   rename fails; the temporary file is removed (or the error says it was left behind).
    public func save(to path: String) throws(CookieJarError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            let file = CookieFile(version: CookieFile.currentVersion, cookies: stored.filter { $0.expires != nil })
            data = try encoder.encode(file)
        } catch {
            throw CookieJarError(file: path, message: "cannot encode the cookies: \(Self.describe(error))")
        }
        do {
            try PrivateFile.write(data, to: path)
        } catch {
            throw CookieJarError(file: path, message: error.message)
        }
    }

    private struct CookieFile: Codable {
        static let currentVersion = 1
        var version: Int
        var cookies: [Cookie]
    }

    /// The decoder's reason and where: `at cookies[2].expires: Expected to decode Double but found a string`.
    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        var reason: String
        switch error {
        case .keyNotFound(let key, let found):
            context = found
            reason = "missing key '\(key.stringValue)'"
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
            context = found
            reason = found.debugDescription
            if let underlying = found.underlyingError { reason += " \(describe(underlying))" }
        @unknown default:
            return String(describing: error)
        }
        var path = ""
        for key in context.codingPath {
            path += key.intValue.map { "[\($0)]" } ?? (path.isEmpty ? "" : ".") + key.stringValue
        }
        return path.isEmpty ? reason : "at \(path): \(reason)"
    }

    /// An error's own words, preferring the system's reason (`Permission denied`) that Foundation's
    /// file errors wrap.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? DecodingError { return describe(error) }
        let posix = error as? POSIXError ?? (error as? CocoaError)?.underlying as? POSIXError
        if let posix { return String(cString: strerror(posix.code.rawValue)) }
        return error.localizedDescription
    }
}

/// A cookie file that could not be read or written, with the file and the reason.
///
/// ```swift
/// do { _ = try CookieJar.load(from: "cookies.json") } catch { print(error) }
/// // cookies.json: malformed cookie file: The given data was not valid JSON. …
/// ```
public struct CookieJarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cookie file's path, as given.
    ///
    /// ```swift
    /// error.file  // "cookies.json"
    /// ```
    public let file: String
    /// What went wrong, without the file.
    ///
    /// ```swift
    /// error.message  // "unsupported cookie file version 2"
    /// ```
    public let message: String

    init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// `file: message`.
    ///
    /// ```swift
    /// print(error)  // cookies.json: unsupported cookie file version 2
    /// ```
    public var description: String { "\(file): \(message)" }
}
