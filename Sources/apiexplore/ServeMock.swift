import APIClient
import APIHTTP
import APIHistory
import APIImport
import APIMock
import ArgumentParser
import Foundation

/// `apiexplore serve-mock PROFILE [--port N]`: a profile's recorded exchanges, served again.
struct ServeMock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-mock",
        abstract: "Serve a profile's recorded responses as a mock backend (Ctrl-C stops it).",
        discussion: """
            Answers each request with the newest recorded exchange of the profile whose endpoint matches its \
            method and templated path (/users/{id} answers /users/7), with the same path parameters and the \
            same values for every query item both the request and the recorded URL carry. \
            ?_outcome=business-failure (or success, http-failure, undetermined…) picks the newest exchange \
            with that outcome instead; _outcome is never matched as a parameter. The body is replayed as \
            history stored it (redacted values stay redacted) with its status, content type and safe headers \
            (caching, paging, rate limits; never Set-Cookie or authentication). Exchanges with no recorded \
            response or a cut body are passed over; when nothing matches the answer is 404 (502 when only \
            such exchanges match) with a JSON body saying what was tried. A request whose Host is not \
            127.0.0.1, localhost, [::1] or the --host address, with the port, is answered 421: a web page \
            re-pointed at this machine (DNS rebinding) cannot read your recordings.

            Point an environment of the profile at it to use it: \
            environments: {mock: {base_url: "http://127.0.0.1:8765"}}, then --env mock. \
            Prints the base URL on the first line of standard output.
            """)

    @Argument(help: "The profile whose recordings are served (optional with --openapi).") var profile: String?
    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp(
            "Check every request against this OpenAPI/Swagger description (400 with the first violation) and answer those no recording answers with its examples.",
            valueName: "file"))
    var description: String?
    @Option(help: "The port to listen on; 0 picks a free one.") var port = 8765
    @Option(help: "The address to listen on; anything but loopback lets other machines read your recordings.")
    var host = "127.0.0.1"
    @Option(
        name: .customLong("cors"),
        help: ArgumentHelp(
            "Let pages from this origin read the answers (http://localhost:3000, or * for any): CORS headers and preflights. Off by default, so pages of other origins cannot read your recordings.",
            valueName: "origin"))
    var allowedOrigin: String?
    @Option(name: .customLong("profiles-dir"), help: "Look for the profile here first.")
    var profilesDirectory: String?
    @OptionGroup var location: History.Location

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if profile == nil && description == nil {
            throw ValidationError("name a profile whose recordings to serve, or a description with --openapi FILE")
        }
    }

    func run() async throws {
        var contract: OpenAPIContract?
        if let description {
            do {
                contract = try OpenAPIContract(contentsOf: URL(fileURLWithPath: description))
            } catch {
                Terminal.errorLine("\(error)")
                throw ExitCode(2)
            }
        }
        var server: MockServer
        if let profile {
            let library = SessionOptions.parseOrExit(profilesDirectory.map { ["--profiles-dir", $0] } ?? [])
                .library(environment: ProcessInfo.processInfo.environment)
            let loaded: Profile
            do {
                loaded = try library.load(named: profile)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            server = MockServer(profile: loaded, store: try location.open())
            server.contract = contract
        } else if let contract {
            server = MockServer(contract: contract, profile: try Self.namingProfile(description ?? "openapi"))
        } else {
            throw ExitCode(2)
        }
        server.allowedOrigin = allowedOrigin
        server.onRefusal = { line in Terminal.errorLine(line) }
        if !MockServer.isLoopback(host) {
            Terminal.errorLine(
                "warning: --host \(host) is not loopback: any machine that can reach it can read the recordings"
                    + " of \(profile.map { "profile '\($0)'" } ?? "the description") (requests must still name \(host) "
                    + "in their Host header)")
        }
        do {
            // An IPv6 address goes in brackets in a URL.
            let shown = host.contains(":") ? "[\(host)]" : host
            try await server.run(host: host, port: port) { boundPort in
                Terminal.writeOutput(Data("http://\(shown):\(boundPort)\n".utf8))
            }
        } catch {
            Terminal.error("cannot serve the mock on \(host):\(port): \(error)")
            throw ExitCode(3)
        }
    }

    /// A profile without endpoints that names a description-only mock in its explanations.
    static func namingProfile(_ file: String) throws -> Profile {
        do {
            return try Profile(yaml: "name: openapi-mock\nbase_url: http://127.0.0.1\n", file: "openapi-mock")
        } catch {
            Terminal.error("cannot serve \(file): \(error.description)")
            throw ExitCode(2)
        }
    }
}
