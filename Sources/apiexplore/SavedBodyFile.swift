import APIClient
import APIHTTP
import ArgumentParser
import Foundation

/// The file `request -o` saves a body to, opened before the request is sent (so a path that cannot
/// be written is refused before anything goes out), written as the body arrives through the staged
/// writer: a temporary file beside the target, renamed into place only when the body is complete,
/// so a refused or broken download leaves the target as it was. `-` is standard output.
///
/// A successful body streams in through ``DownloadDestination``; any other answer (an error
/// status, a body served from the validator store) arrives whole and is written by ``save(_:)``.
/// Either way the secrets the session knows are masked, unless `--show-secrets`.
/// A second attempt (a retried request) starts a new staged file.
final class SavedBodyFile: DownloadDestination, @unchecked Sendable {
    // @unchecked: one request uses it at a time; the transport hands it from the task that sends to
    // the task that reads the body, never to two at once.
    let path: String
    private var file: StagedFile?
    private var written = 0
    private var isFinished = false
    /// Holds back the end of each chunk that could begin a secret, for the next chunk to complete.
    private var masking = SecretPatterns.StreamMasker()

    /// Opens `path` (a staged file beside it), or prints why not and exits 2.
    init(path: String) throws {
        self.path = path
        if path != "-" { file = try Self.stage(path) }
    }

    private static func stage(_ path: String) throws -> StagedFile {
        do throws(FileWriteError) {
            return try StagedFile(creating: path, permissions: .shared)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    var name: String { path }

    /// Starts the file again for a new attempt: the staged file so far is dropped.
    func restart() throws(ResponseStreamError) {
        guard written > 0 || isFinished else { return }
        guard path != "-" else {
            throw ResponseStreamError(kind: .other, message: "standard output: cannot start a written body again")
        }
        file?.discard()
        masking = SecretPatterns.StreamMasker()
        do throws(FileWriteError) {
            file = try StagedFile(creating: path, permissions: .shared)
        } catch {
            throw ResponseStreamError(kind: .other, message: error.description)
        }
        written = 0
        isFinished = false
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) {
        written += bytes.count
        // Known secrets are masked as the chunks arrive, one cut across two chunks too; with none
        // known, or --show-secrets, the bytes go as they came.
        try put(Terminal.maskedChunk(bytes, stream: &masking))
    }

    /// Writes masked bytes to the staged file, or to standard output.
    private func put(_ chunk: Data) throws(ResponseStreamError) {
        guard !chunk.isEmpty else { return }
        guard let file else { return Terminal.writeOutput(chunk) }
        do throws(FileWriteError) {
            try file.write(chunk)
        } catch {
            throw ResponseStreamError(kind: .other, message: error.description)
        }
    }

    /// The body is complete: the staged file is synced and renamed into place.
    func commit() throws(ResponseStreamError) {
        try put(Terminal.maskedEnd(of: &masking))
        isFinished = true
        guard let file else { return }
        do throws(FileWriteError) {
            try file.commit()
        } catch {
            throw ResponseStreamError(kind: .other, message: error.description)
        }
    }

    /// The body was refused or broke: the staged file is removed, the target left as it was.
    func discard() {
        file?.discard()
        masking = SecretPatterns.StreamMasker()
        written = 0
    }

    /// Writes a body that arrived whole and puts the file in place.
    func save(_ body: [UInt8]) throws {
        guard let file else { return Terminal.writeOutput(Data(body)) }
        do throws(FileWriteError) {
            try file.write(body)
            try file.commit()
        } catch {
            file.discard()
            Terminal.error(error.description)
            throw ExitCode(2)
        }
    }

    /// After a streamed body: the file was put in place by ``commit()``; nothing is left to do but
    /// drop a staged file that was never committed.
    func close() {
        if !isFinished { file?.discard() }
    }
}
