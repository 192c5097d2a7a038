import APIClient
import APIHTTP
import ArgumentParser
import Foundation

/// Where an `-o` option's bytes go: standard output for `-`, otherwise a ``StagedFile`` beside the
/// target, renamed into place by ``finish()``. A target that is a link, a FIFO, a device or a folder
/// is refused before anything is written; every failure names the file and exits 2, and a file left
/// unfinished leaves the target as it was.
final class OutputFile {
    /// The path given to `-o`.
    let path: String
    private let file: StagedFile?

    private init(path: String, file: StagedFile?) {
        self.path = path
        self.file = file
    }

    /// Opens `path` for writing, or prints why not and exits 2.
    ///
    /// - Parameters:
    ///   - path: The file, or `-` for standard output.
    ///   - isPrivate: Whether the file is 0600 (history, exports, the model store); otherwise an
    ///     existing file keeps its mode and a new one gets 0666 less the umask.
    static func create(_ path: String, isPrivate: Bool) throws -> OutputFile {
        if path == "-" { return OutputFile(path: path, file: nil) }
        do throws(FileWriteError) {
            return OutputFile(
                path: path, file: try StagedFile(creating: path, permissions: isPrivate ? .private : .shared))
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    /// Writes all of `bytes`, or prints why not and exits 2 (the target is left as it was).
    func write(_ bytes: some DataProtocol) throws {
        guard let file else { return Terminal.writeOutput(Data(bytes)) }
        do throws(FileWriteError) {
            try file.write(bytes)
        } catch {
            file.discard()
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    /// Puts the finished file in place, or prints why not and exits 2.
    func finish() throws {
        guard let file else { return }
        do throws(FileWriteError) {
            try file.commit()
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    /// Writes `bytes` as the whole file and puts it in place.
    static func write(_ bytes: some DataProtocol, to path: String, isPrivate: Bool) throws {
        let output = try create(path, isPrivate: isPrivate)
        try output.write(bytes)
        try output.finish()
    }
}
