import APIClient
import APIHTTP
import APIMapping
import APITerminalUI
import Foundation
import Synchronization

/// Writing to standard output and standard error, every byte through the process's secret gate.
enum Terminal {
    /// The gate of everything this process prints: the session's (``SessionHost`` hands it to
    /// ``APISession/ExplorerSession``), so a secret the session read, minted or saw is masked on
    /// standard output and standard error whatever printed it: a transcript, a probe's value, an
    /// error, a report file. A command is one process, so one gate serves all its printing.
    static let secretGate = SecretGate()

    /// Whether `--show-secrets` asked for secrets in clear in what this command prints (history,
    /// logs and exports stay masked).
    private static let revealing = Atomic<Bool>(false)

    /// Prints secrets in clear from now on: the user asked (`--show-secrets`).
    static func revealSecrets() { revealing.store(true, ordering: .relaxed) }

    /// Whether secrets are printed in clear.
    static var revealsSecrets: Bool { revealing.load(ordering: .relaxed) }

    /// `text` with every known secret masked, unless the user asked to see them.
    static func masked(_ text: String) -> String {
        revealsSecrets ? text : secretGate.mask(text)
    }

    /// JSON text with every known secret masked (still JSON), unless the user asked to see them.
    static func maskedJSON(_ text: String) -> String {
        revealsSecrets ? text : secretGate.maskJSON(text)
    }

    /// Prints a message on standard error, prefixed with the program name.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("apiexplore: \(masked(message).terminalSafe)\n".utf8))
    }

    /// Prints a line on standard error, sanitized: error messages quote input (a script's line, a
    /// profile's value), which must not reach the terminal raw.
    static func errorLine(_ line: String) {
        FileHandle.standardError.write(Data((masked(line).terminalSafe + "\n").utf8))
    }

    /// Writes text (already sanitized where it needs to be) to standard output, secrets masked.
    static func write(_ text: String) {
        writeOutput(Data(masked(text).utf8))
    }

    /// Streams a JSON value to standard output, followed by a newline; when there are secrets to
    /// mask, it is written as text first and masked (still JSON).
    static func writeJSON(_ node: JSONNode, style: JSONStyle) {
        guard revealsSecrets || secretGate.patterns.isEmpty else {
            writeOutput(Data((secretGate.maskJSON(node.jsonText(style: style)) + "\n").utf8))
            return
        }
        node.writeJSON(style: style) { writeOutput(Data($0)) }
        writeOutput(Data("\n".utf8))
    }

    /// Writes a JSON value with `redaction`'s secret values masked, and the gate's: streamed as it
    /// is when there are none (a large body is never copied whole), else built as text and masked.
    static func writeJSON(_ node: JSONNode, style: JSONStyle, masking redaction: Redaction) {
        secretGate.add(redaction.secretValues)
        writeJSON(node, style: style)
    }

    /// Writes a response body as received, every known secret masked (JSON stays JSON) unless the
    /// user asked to see them.
    ///
    /// - Parameters:
    ///   - body: The bytes.
    ///   - json: Whether the body was read as JSON.
    static func writeBody(_ body: [UInt8], json: Bool) {
        writeOutput(Data(maskedBody(body, json: json)))
    }

    /// A chunk of a body streamed as it arrives, every known secret masked, a value the network cut
    /// across two chunks included: `stream` holds back the end that could begin one until the next
    /// chunk or ``maskedEnd(of:)``. Unless the user asked to see secrets.
    static func maskedChunk(_ bytes: UnsafeRawBufferPointer, stream: inout SecretPatterns.StreamMasker) -> Data {
        guard !revealsSecrets else { return Data(bytes) }
        return Data(stream.mask(bytes, with: secretGate.patterns))
    }

    /// What `stream` held back, masked: the end of a streamed body.
    static func maskedEnd(of stream: inout SecretPatterns.StreamMasker) -> Data {
        Data(stream.finish(with: secretGate.patterns))
    }

    /// Writes whole lines of streamed output (event lines) to standard output, every known secret
    /// masked unless the user asked to see them; straight from `bytes` when there is nothing to mask
    /// with. A secret cannot run across two calls: each call ends at a line's end.
    static func writeMaskedChunk(_ bytes: UnsafeRawBufferPointer) {
        guard !revealsSecrets, !secretGate.patterns.isEmpty else { return writeOutput(bytes) }
        writeOutput(Data(secretGate.mask(bytes: Array(bytes))))
    }

    /// A body with every known secret masked (JSON stays JSON), unless the user asked to see them.
    static func maskedBody(_ body: [UInt8], json: Bool) -> [UInt8] {
        guard !revealsSecrets else { return body }
        return json ? secretGate.maskJSON(body) : secretGate.mask(bytes: body)
    }

    /// Writes a JSON value with `model` streamed from its parsed tree where the value holds the string
    /// `marker` (``ExchangeJSON/modelMarker``), so a large model is never built as values; secrets
    /// masked as ``writeJSON(_:style:masking:)`` masks them. Pretty output keeps the model's lines at
    /// the marker's indentation (a JSON text has no line break inside a string).
    static func writeJSON(
        _ node: JSONNode, style: JSONStyle, masking redaction: Redaction, splicing model: JSONNode?,
        for marker: String = ExchangeJSON.modelMarker
    ) {
        secretGate.add(redaction.secretValues)
        let text = node.jsonText(style: style)
        guard let model, let range = text.range(of: JSONValue.string(marker).jsonText()) else {
            return writeOutput(Data((maskedJSON(text) + "\n").utf8))
        }
        let lineStart = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let indent = Array("\n".utf8) + Array(text[lineStart...].prefix { $0 == " " }.utf8)
        func indented(_ chunk: [UInt8]) -> [UInt8] {
            guard style != .compact, chunk.contains(0x0A) else { return chunk }
            var out: [UInt8] = []
            out.reserveCapacity(chunk.count + 4 * indent.count)
            for byte in chunk {
                if byte == 0x0A { out += indent } else { out.append(byte) }
            }
            return out
        }
        writeOutput(Data(maskedJSON(String(text[..<range.lowerBound])).utf8))
        if revealsSecrets || secretGate.patterns.isEmpty {
            model.writeJSON(style: style) { writeOutput(Data(indented($0))) }
        } else {
            let modelText = String(decoding: indented(Array(model.jsonText(style: style).utf8)), as: UTF8.self)
            writeOutput(Data(maskedJSON(modelText).utf8))
        }
        writeOutput(Data((maskedJSON(String(text[range.upperBound...])) + "\n").utf8))
    }

    /// Writes bytes to standard output as they are: callers mask first (``write(_:)``). When the
    /// reader has gone (`apiexplore run … | head`), there is no one left to tell: the process ends
    /// quietly with the status a SIGPIPE death gives (128 + 13), instead of crashing in
    /// Foundation's non-throwing `write`.
    static func writeOutput(_ data: Data) {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            exit(141)
        }
    }

    /// Writes bytes to standard output as they are, without copying them into `Data` first; a
    /// reader that has gone ends the process as for `Data`.
    static func writeOutput(_ bytes: UnsafeRawBufferPointer) {
        do {
            try FileHandle.standardOutput.write(contentsOf: bytes)
        } catch {
            exit(141)
        }
    }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal (progress goes there only then).
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// The colours of standard output: plain text off a terminal; else the theme's, from the
    /// terminal's own capabilities (``TextColors``).
    static var outputColors: TextColors { colors(fileDescriptor: STDOUT_FILENO, isTerminal: outputIsTerminal) }

    /// The colours of standard error (progress, suite displays), as for standard output.
    static var errorColors: TextColors { colors(fileDescriptor: STDERR_FILENO, isTerminal: errorIsTerminal) }

    private static func colors(fileDescriptor: Int32, isTerminal: Bool) -> TextColors {
        guard isTerminal else { return .plain }
        let environment = ProcessInfo.processInfo.environment
        let theme: Theme
        do {
            theme = try Theme.resolve(flag: nil, environment: environment)
        } catch {
            // Output goes on without colours; the terminal UI refuses the same mistake at its start.
            Terminal.error("warning: \(error); printing without colours")
            return .plain
        }
        // Plain output keeps `NO_COLOR`'s letter (no escapes at all) unless a theme was chosen.
        if theme == .mono, !(environment["NO_COLOR"] ?? "").isEmpty, environment["APIEXPLORE_THEME"] == nil {
            return .plain
        }
        return TextColors.forTerminal(fileDescriptor: fileDescriptor, theme: theme)
    }
}

extension String {
    /// The text through ``TerminalSanitizer``, keeping its line feeds: every other control
    /// character (C0, DEL, C1, ESC included) and every bidirectional control shown as a
    /// `\u001b`-style escape, so nothing from outside can drive the terminal.
    var terminalSafe: String { TerminalSanitizer.sanitize(lines: self) }
}
