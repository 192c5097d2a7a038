package import Foundation

/// Files only their owner may read (tokens, cookies, cached responses), and files a user edits
/// (profiles), written through ``StagedFile`` so a process killed mid-write leaves the old file or
/// the new one, never half of either.
package enum PrivateFile {
    /// Why a write failed, in words that name the file.
    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// Writes `data` to `path` with mode 0600, creating the directory (0700) when missing.
    ///
    /// A target that is a link, a FIFO or a device is refused (``StagedFile``).
    package static func write(_ data: Data, to path: String) throws(Failure) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.path) {
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw Failure(message: "cannot create the directory '\(directory.path)': \(error.localizedDescription)")
            }
        }
        do throws(FileWriteError) {
            try StagedFile.write(data, to: path, permissions: .private)
        } catch {
            throw Failure(message: error.description)
        }
    }

    /// Replaces the file at `path` atomically, keeping its permission bits (a new file gets 0666 less
    /// the umask). A symbolic link is followed to the file it names: a user who keeps profiles in a
    /// dotfiles folder and links them asked for that file to be edited.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The file.
    package static func replace(_ data: Data, at path: String) throws(Failure) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        do throws(FileWriteError) {
            try StagedFile.write(data, to: target, permissions: .shared)
        } catch {
            throw Failure(message: error.description)
        }
    }
}
