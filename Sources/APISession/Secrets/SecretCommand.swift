import Foundation
import Synchronization

/// Runs `${cmd:…}` commands (`pass show acme/token`, `op read op://vault/item/field`) through
/// `/bin/sh -c`, with no input, a time limit and a cap on what is read.
enum SecretCommand {
    /// The largest output read.
    static let maximumBytes = 64 * 1024
    /// How long a command may run; a password manager that waits for a passphrase it cannot ask
    /// for must not hang the session.
    static let timeLimit: Duration = .seconds(30)

    /// The command's standard output, trailing line breaks removed.
    ///
    /// - Throws: The problem in words: a non-zero exit (with the first line of its standard
    ///   error), no output, too much output, or the time limit.
    static func run(_ command: String, timeLimit: Duration = timeLimit) async throws(SecretProblem) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let finished = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished.continuation.yield($0.terminationStatus) }
        do {
            try process.run()
        } catch {
            throw SecretProblem("did not start: \(error.localizedDescription)")
        }
        // Unstructured, so a timed-out command whose children still hold the pipes open is left
        // behind instead of waited for.
        let stdout = Task.detached { read(output.fileHandleForReading) }
        let stderr = Task.detached { read(errors.fileHandleForReading) }
        let timedOut = Mutex(false)
        let timer = Task {
            try await Task.sleep(for: timeLimit)
            timedOut.withLock { $0 = true }
            process.terminate()
        }
        var iterator = finished.stream.makeAsyncIterator()
        let status = await iterator.next() ?? -1
        timer.cancel()
        if timedOut.withLock({ $0 }) {
            throw SecretProblem("did not finish within \(timeLimit.components.seconds) s and was stopped")
        }
        // A background child can hold the pipes open after the command exits; what it printed by
        // the time limit is all there is.
        guard let out = await value(of: stdout, within: timeLimit), let err = await value(of: stderr, within: timeLimit)
        else {
            throw SecretProblem("left a process behind that kept its output open")
        }
        guard status == 0 else {
            let firstLine = String(decoding: err.prefix(200), as: UTF8.self).split(separator: "\n").first ?? ""
            throw SecretProblem("exited with status \(status)" + (firstLine.isEmpty ? "" : ": \(firstLine)"))
        }
        guard out.count <= maximumBytes else {
            throw SecretProblem("printed more than \(maximumBytes) bytes")
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw SecretProblem("printed something that is not UTF-8 text")
        }
        let value = SecretFile.trimmingLineBreaks(text)
        guard !value.isEmpty else { throw SecretProblem("printed nothing") }
        return value
    }

    /// The task's value, or `nil` when it takes longer than `limit`; the task is not waited for then.
    private static func value<T: Sendable>(of task: Task<T, Never>, within limit: Duration) async -> T? {
        let race = FirstAnswer<T?>()
        return await withCheckedContinuation { continuation in
            race.start(continuation)
            Task { race.answer(await task.value) }
            Task {
                // Nothing cancels this sleep; its result carries no error worth reading.
                _ = await Task { try await Task.sleep(for: limit) }.result
                race.answer(nil)
            }
        }
    }

    /// What the handle gives until its end, keeping at most one byte past the cap: the rest is
    /// drained, so a chatty command is not blocked writing.
    private static func read(_ handle: FileHandle) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk.prefix(maximumBytes + 1 - min(bytes.count, maximumBytes + 1))
        }
        return bytes
    }
}

/// Resumes a continuation with the first of several answers.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let pending = Mutex<CheckedContinuation<Value, Never>?>(nil)

    func start(_ continuation: CheckedContinuation<Value, Never>) {
        pending.withLock { $0 = continuation }
    }

    func answer(_ value: Value) {
        pending.withLock { waiting in
            waiting?.resume(returning: value)
            waiting = nil
        }
    }
}
