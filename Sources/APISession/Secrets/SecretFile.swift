import APIClient
import Foundation

/// Reads `${file:…}` secrets the way ssh reads a private key: only from a regular file that
/// neither group nor others may read or write.
enum SecretFile {
    /// The largest secret file read.
    static let maximumBytes = 64 * 1024

    /// The file's text, trailing line breaks removed.
    ///
    /// - Parameters:
    ///   - path: As written: `~/` is `home`, a relative path is relative to `folder`.
    ///   - home: The home directory, if known.
    ///   - folder: The profile's folder, if it has one (a built-in has none: the working directory).
    /// - Throws: The problem in words, for ``Profile/secretError(_:_:)``.
    static func read(_ path: String, home: String?, folder: String?) throws(SecretProblem) -> String {
        let resolved = resolve(path, home: home, folder: folder)
        var status = stat()
        guard stat(resolved, &status) == 0 else {
            throw SecretProblem("cannot be read: \(String(cString: strerror(errno))) (\(resolved))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SecretProblem("is not a regular file (\(resolved))")
        }
        let permissions = status.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            throw SecretProblem(
                "is accessible by others (mode \(String(permissions, radix: 8))); "
                    + "run 'chmod 600 \(resolved)' to keep it private")
        }
        guard status.st_size <= maximumBytes else {
            throw SecretProblem("is \(status.st_size) bytes, over the limit of \(maximumBytes)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: resolved))
        } catch {
            throw SecretProblem("cannot be read: \(error.localizedDescription) (\(resolved))")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SecretProblem("is not UTF-8 text (\(resolved))")
        }
        return trimmingLineBreaks(text)
    }

    static func resolve(_ path: String, home: String?, folder: String?) -> String {
        if path == "~" || path.hasPrefix("~/"), let home { return home + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return (folder ?? FileManager.default.currentDirectoryPath) + "/" + path
    }

    static func trimmingLineBreaks(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last == "\n" || last == "\r" || last == "\r\n" { result.removeLast() }
        return String(result)
    }
}

/// Why a secret source gave no value, in words that follow the source's description.
struct SecretProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
