import APIMapping
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an input could not be read: the message printed before the command exits 2.
struct InputReadError: Error {
    /// `NAME: cannot read: …` or `NAME: larger than …; refused`.
    let message: String
}

/// A file named on the command line, or standard input for `-`, open for reading a piece at a time
/// up to a byte budget, so a command can take its input as it comes instead of whole
/// (``InputFile`` reads it whole through one).
///
/// ```swift
/// let reader = try InputReader.open("feed.xml", maximumBytes: 256 << 20)
/// let document = try reader.parseXML(alwaysArray: [])  // never more than a chunk of the file in memory
/// ```
final class InputReader {
    /// How errors name the input: the path as given, or `<stdin>`.
    let displayName: String
    /// The most bytes read before the input is refused.
    let maximumBytes: Int
    /// The file's size, when the input is a regular file.
    let regularFileSize: Int?
    private let isStandardInput: Bool
    private let descriptor: Int32
    /// Bytes read ahead (by ``looksLikeXML()``) that ``read(into:)`` hands out first.
    private var pending: [UInt8] = []
    /// The bytes read from the descriptor so far.
    private var count = 0

    private init(displayName: String, descriptor: Int32, isStandardInput: Bool, maximumBytes: Int) {
        self.displayName = displayName
        self.descriptor = descriptor
        self.isStandardInput = isStandardInput
        self.maximumBytes = maximumBytes
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            regularFileSize = Int(status.st_size)
        } else {
            regularFileSize = nil
        }
    }

    deinit {
        if !isStandardInput { close(descriptor) }
    }

    /// Opens `path`, or standard input for `-`.
    ///
    /// - Throws: `ExitCode(2)` after printing why the file cannot be opened.
    static func open(_ path: String, maximumBytes: Int) throws -> InputReader {
        if path == "-" {
            return InputReader(
                displayName: "<stdin>", descriptor: STDIN_FILENO, isStandardInput: true, maximumBytes: maximumBytes)
        }
        let descriptor = inputOpen(path)
        guard descriptor >= 0 else {
            Terminal.error("\(path): cannot read: \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        return InputReader(
            displayName: path, descriptor: descriptor, isStandardInput: false, maximumBytes: maximumBytes)
    }

    /// Reads the next bytes into the start of `buffer`.
    ///
    /// - Returns: How many bytes were written; 0 at the end of the input.
    /// - Throws: ``InputReadError`` when reading fails or the input grows past ``maximumBytes``.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputReadError) -> Int {
        guard buffer.count > 0 else { return 0 }
        if !pending.isEmpty {
            let count = min(buffer.count, pending.count)
            buffer.copyBytes(from: pending[..<count])
            pending.removeFirst(count)
            return count
        }
        while true {
            let read = inputRead(descriptor, buffer.baseAddress, buffer.count)
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else {
                throw InputReadError(message: "\(displayName): cannot read: \(String(cString: strerror(errno)))")
            }
            guard count + read <= maximumBytes else {
                throw InputReadError(
                    message: "\(displayName): larger than \(ByteCountDisplay.text(maximumBytes)), the most read "
                        + (isStandardInput ? "from standard input" : "from a file") + "; refused")
            }
            count += read
            return read
        }
    }

    /// The bytes read ahead and not handed out yet, which the caller now owns.
    func takePending() -> [UInt8] {
        defer { pending = [] }
        return pending
    }

    /// Whether the input looks like XML, as ``InputFile/looksLikeXML`` tells: reads ahead as far as
    /// its first non-blank character, and keeps what it read for ``read(into:)``.
    ///
    /// - Throws: ``InputReadError`` when reading fails or the input is over budget.
    func looksLikeXML() throws(InputReadError) -> Bool {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 12, alignment: 1)
        defer { chunk.deallocate() }
        var isWhole = false
        while true {
            if let verdict = InputFile.looksLikeXML(pending, isWhole: isWhole) { return verdict }
            let count = try readDescriptor(into: chunk)
            isWhole = count == 0
            pending += chunk[..<count]
        }
    }

    /// ``read(into:)`` straight from the descriptor, past any pending bytes.
    private func readDescriptor(into buffer: UnsafeMutableRawBufferPointer) throws(InputReadError) -> Int {
        let kept = pending
        pending = []
        defer { pending = kept }
        return try read(into: buffer)
    }

    /// Parses the rest of the input as XML a chunk at a time, so it is never whole in memory; on
    /// error prints why (`FILE:LINE:COLUMN: message` for the XML) and exits 2.
    ///
    /// - Parameter alwaysArray: Element paths that always become arrays.
    func parseXML(alwaysArray: [ProfilePath]) throws -> JSONDocument {
        do {
            return try XMLToJSON.document(
                reading: { (buffer) throws(InputReadError) in try read(into: buffer) },
                expectedSize: regularFileSize ?? maximumBytes, options: XMLConversionOptions(alwaysArray: alwaysArray))
        } catch {
            switch error {
            case .read(let failure):
                Terminal.error(failure.message)
            case .conversion(let error):
                Terminal.errorLine("\(displayName):\(error.line):\(error.column): \(error.message)")
            }
            throw ExitCode(2)
        }
    }
}

/// `open(2)` for reading, by a name ``InputReader`` does not hide.
private func inputOpen(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
}

/// `read(2)`, by a name ``InputReader`` does not hide.
private func inputRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
