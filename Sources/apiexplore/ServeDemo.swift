import APIDemoBackend
import ArgumentParser
import Foundation

/// `apiexplore serve-demo [--port N]`: the demo backend in the foreground.
struct ServeDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Run the embedded demo backend in the foreground (Ctrl-C stops it).",
        discussion: """
            Serves every envelope family the built-in profiles use (code/msg/data, gank error/results, \
            Indodax success/return, JSend, Slack ok/error, RSS/Atom, GitHub-like JSON) and hostile \
            transports (slow, drip, truncated, reset, huge, gzip bombs, terminal escapes) on 127.0.0.1. \
            Prints the base URL on the first line of standard output.
            """)

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
    }

    func run() async throws {
        do {
            let host = host
            try await DemoBackend.run(host: host, port: port) { boundPort in
                Terminal.writeOutput(Data("http://\(host):\(boundPort)\n".utf8))
            }
        } catch {
            Terminal.error("cannot serve the demo backend on \(host):\(port): \(error)")
            throw ExitCode(3)
        }
    }
}
