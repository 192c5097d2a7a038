import APIMapping
import Foundation

/// Writing to standard output and standard error.
enum Terminal {
    /// Prints a message on standard error, prefixed with the program name.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("apiexplore: \(message)\n".utf8))
    }

    /// Prints a line on standard error as it is.
    static func errorLine(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Streams a JSON value to standard output, followed by a newline.
    static func writeJSON(_ node: JSONNode, style: JSONStyle) {
        node.writeJSON(style: style) { FileHandle.standardOutput.write(Data($0)) }
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
