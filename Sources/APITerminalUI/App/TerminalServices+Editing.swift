import APIClient
package import APIHTTP
package import Foundation

#if canImport(CDispatch)
    // On Linux `struct stat` is owned by CDispatch (reached through Foundation), and member import
    // visibility asks for its owner by name.
    import CDispatch
#endif

extension TerminalServices {
    /// Services without a session cannot build a request to edit.
    package func editableRequest(endpoint: String, parameters: [String: String]) async throws -> EditableRequest {
        throw TerminalServicesError("these services cannot edit requests")
    }

    /// Services without a store keep no requests.
    package func storedRequest(id: Int64) async throws -> EditableRequest {
        throw TerminalServicesError("these services keep no requests")
    }

    /// Services without a session cannot send edited requests.
    package func send(
        _ request: EditedRequest, progress: @escaping @Sendable (ProgressReport) -> Void
    ) async -> ExchangeDisplay {
        ExchangeDisplay(
            failure: "these services cannot send edited requests", endpoint: request.endpoint ?? "(ad hoc)",
            method: request.edit.method ?? "GET", url: request.edit.url ?? "", duration: .zero)
    }

    /// Services without a session cannot render curl.
    package func curl(for request: EditedRequest, revealingSecrets: Bool) async throws -> CurlExport {
        throw TerminalServicesError("these services cannot render curl")
    }

    /// Writes the command into the temporary directory (see ``CurlFile``).
    package func saveCurl(_ command: String) async throws -> String {
        try CurlFile.write(command, into: FileManager.default.temporaryDirectory)
    }
}

/// The file a copied curl command is written to, since many terminals ignore OSC 52: one file,
/// overwritten by each copy, readable by its owner only (it can hold a secret the user chose to include).
package enum CurlFile {
    /// The file's name.
    package static let name = "copied-request.curl.sh"

    /// Writes `command` (and a newline) to ``name`` in `directory`, created 0700 if missing; the
    /// file is 0600, and a symbolic link in its place is refused.
    ///
    /// - Parameters:
    ///   - command: The command line.
    ///   - directory: The directory.
    /// - Returns: The file's path.
    /// - Throws: ``TerminalServicesError`` naming the path and the system's reason.
    package static func write(_ command: String, into directory: URL) throws -> String {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TerminalServicesError("cannot create \(directory.path): \(error.localizedDescription)")
        }
        let path = directory.appendingPathComponent(name).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw TerminalServicesError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        // The file must be ours (a shared folder could hold another user's) and 0600 before the
        // command goes in.
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_uid == geteuid(), fchmod(descriptor, 0o600) == 0 else {
            throw TerminalServicesError("refusing to write \(path): it is not a file of this user's")
        }
        let bytes = Array((command + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                throw TerminalServicesError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        return path
    }
}
