package import Foundation

#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// Starts the tests' processes one at a time, each with no descriptor but those it is given.
///
/// On Linux, Foundation's `Process.run()` closes in its child the descriptors it listed just
/// before starting it; one another thread opens in between passes on. `posix_spawn` on its own
/// passes on every descriptor. Among those is the socket through which Foundation learns that
/// another child, started at the same moment, has ended: a long-lived process holding it (a tmux
/// server, a test HTTP server) hides that end until it exits itself, and a `waitUntilExit` that
/// holds a concurrency thread waits that long. The full suite was seen to stall for seconds so.
///
/// Every helper makes its pipes and starts its process through ``run(_:piping:)`` and its
/// siblings, inside ``serially(_:)``, so no other helper's start overlaps; the lock is held only
/// for that. A helper calling `posix_spawn` itself adds ``closeInheritedDescriptors(_:)`` to its
/// file actions inside ``serially(_:)``.
package enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `body` (making a process's pipes, starting it) while no other helper does.
    package static func serially<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// Starts `process` inside ``serially(_:)``.
    package static func run(_ process: Process) throws {
        try serially { try process.run() }
    }

    /// Starts `process` inside ``serially(_:)`` and returns once it has ended. Its termination
    /// handler, set before it starts, resumes the waiting task, so the wait holds no thread of the
    /// concurrency pool the tests share (two on a two-core machine).
    ///
    /// ```swift
    /// try await ProcessLaunch.runToEnd(process)
    /// print(process.terminationStatus)
    /// ```
    package static func runToEnd(_ process: Process) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try run(process)
            } catch {
                // It never started, so the handler is never called.
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// A standard stream of a process to be started, or two as one.
    package enum Stream {
        case input, output, errors
        /// Output and errors into the same pipe.
        case outputAndErrors
    }

    /// Makes a pipe for `stream`, attaches it and starts `process`, inside ``serially(_:)``.
    ///
    /// ```swift
    /// let output = try ProcessLaunch.run(process, piping: .output)
    /// ```
    package static func run(_ process: Process, piping stream: Stream) throws -> Pipe {
        try serially {
            let pipe = attach(stream, to: process)
            try process.run()
            return pipe
        }
    }

    /// Makes a pipe for each of two streams, attaches them and starts `process`, inside ``serially(_:)``.
    ///
    /// ```swift
    /// let (input, output) = try ProcessLaunch.run(process, piping: .input, .output)
    /// ```
    package static func run(_ process: Process, piping first: Stream, _ second: Stream) throws -> (Pipe, Pipe) {
        try serially {
            let pipes = (attach(first, to: process), attach(second, to: process))
            try process.run()
            return pipes
        }
    }

    private static func attach(_ stream: Stream, to process: Process) -> Pipe {
        let pipe = Pipe()
        switch stream {
        case .input: process.standardInput = pipe
        case .output: process.standardOutput = pipe
        case .errors: process.standardError = pipe
        case .outputAndErrors:
            process.standardOutput = pipe
            process.standardError = pipe
        }
        return pipe
    }

    /// Adds to `actions` a close of every descriptor above standard error open now, listed from
    /// `/proc/self/fd` (on Darwin, `POSIX_SPAWN_CLOEXEC_DEFAULT` does this instead). Call it inside
    /// ``serially(_:)``: what closes after the listing fails with EBADF in the child, which glibc
    /// ignores.
    package static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) throws {
        #if !canImport(Darwin)
            let listed = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
            for descriptor in listed.compactMap({ Int32($0) }) where descriptor > 2 {
                let result = posix_spawn_file_actions_addclose(&actions, descriptor)
                guard result == 0 else { throw ActionError(descriptor: descriptor, code: result) }
            }
        #endif
    }

    /// A close action that could not be added.
    package struct ActionError: Error, CustomStringConvertible {
        package let descriptor: Int32
        package let code: Int32
        package var description: String { "cannot add a close of descriptor \(descriptor): error \(code)" }
    }
}
