import APIClient
import APIHTTP
import APIImport
import APIMapping
import ArgumentParser
import Foundation

extension Profiles {
    /// `profiles import openapi|curl|har`: a working profile from a description, a curl line or a HAR file.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Write a profile from an OpenAPI/Swagger description, curl lines, a HAR file or another client's collection.",
            discussion: """
                The profile is written to the first profiles folder (--profiles-dir, else ./profiles) as \
                NAME.yaml, or where -o says (- for standard output); an existing file is kept unless \
                --force. What the import skipped or guessed is printed on standard error and written \
                as comments in the profile.
                """,
            subcommands: [OpenAPI.self, Curl.self, HAR.self, Postman.self, Insomnia.self, HTTPFile.self, Bruno.self])
    }
}

/// Where an imported profile goes, shared by the import commands.
struct ImportDestination: ParsableArguments {
    @Option(name: .customLong("name"), help: "The profile's name (default: from the source).")
    var name: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write here; - for standard output.")
    var output: String?

    @Flag(help: "Replace an existing profile file.")
    var force = false

    @OptionGroup var sessionOptions: SessionOptions

    func validate() throws {
        if let name, !Template.isName(name) {
            throw ValidationError("--name '\(name)' must use letters, digits, '_' and '-' only")
        }
    }

    /// The profile name: `--name`, else the base name of the `-o` file when it is a valid name,
    /// else the draft's, made a valid file name.
    func name(for draft: ProfileDraft) -> String {
        if let name { return name }
        if let output, output != "-" {
            var base = (output as NSString).lastPathComponent
            for suffix in [".yaml", ".yml"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
            if Template.isName(base) { return base }
        }
        let cleaned = String(
            draft.name.lowercased().unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                    ? Character($0) : "_"
            })
        return cleaned.isEmpty ? "imported" : cleaned
    }

    /// The file the profile is written to, `nil` for standard output.
    func file(for name: String) -> String? {
        if output == "-" { return nil }
        if let output { return output }
        let directory = sessionOptions.profilesDirectory ?? "profiles"
        return (directory as NSString).appendingPathComponent("\(name).yaml")
    }

    /// Validates the draft as a profile and writes it; prints a summary and the warnings.
    func write(_ draft: ProfileDraft, warnings: [String], source: String, notes: [String] = []) throws {
        var draft = draft
        draft.name = name(for: draft)
        let destination = file(for: draft.name)
        let text: String
        let profile: Profile
        do {
            // Read back as the profile it names: `-o` may be any file name.
            (text, profile) = try draft.validatedYAML(file: "\(draft.name).yaml")
        } catch {
            Terminal.error("the imported profile does not read back (an importer bug; please report it): \(error)")
            throw ExitCode(2)
        }
        if let destination {
            try Self.writeNew(text, to: destination, force: force, otherwise: "-o to write elsewhere")
        } else {
            Terminal.write(text)
        }
        for warning in warnings { Terminal.errorLine("warning: \(warning)") }
        Terminal.errorLine(
            Self.summary(profile, source: source, file: destination, warnings: warnings.count, notes: notes))
    }

    /// Writes a new profile file, creating its folder; an existing file is kept unless `force`.
    ///
    /// - Parameter otherwise: What the user can do instead, for the message about an existing file.
    static func writeNew(_ text: String, to destination: String, force: Bool, otherwise: String) throws {
        // lstat, not fileExists: a dangling link is there too.
        var status = stat()
        if !force, lstat(destination, &status) == 0 {
            Terminal.error("\(destination) exists; use --force to replace it, or \(otherwise)")
            throw ExitCode(2)
        }
        let folder = (destination as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                Terminal.error("cannot create the folder \(folder): \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        try OutputFile.write(Data(text.utf8), to: destination, isPrivate: false)
    }

    static func summary(_ profile: Profile, source: String, file: String?, warnings: Int, notes: [String] = [])
        -> String
    {
        var parts = ["\(profile.endpoints.count) endpoint\(profile.endpoints.count == 1 ? "" : "s")"]
        if !profile.environments.isEmpty {
            parts.append("environments " + profile.environments.map(\.name).joined(separator: ", "))
        }
        if let status = profile.envelope.status {
            parts.append("envelope status=\(status) model=\(profile.envelope.model)")
        }
        let variables = Set(
            ([profile.baseURL] + profile.headers.map(\.value) + profile.authTemplates).flatMap(
                \.environmentNames)
        ).sorted()
        if !variables.isEmpty { parts.append("set " + variables.map { "$\($0)" }.joined(separator: ", ")) }
        parts += notes
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return "imported \(source) as profile '\(profile.name)'" + (file.map { " in \($0)" } ?? "") + ": "
            + parts.joined(separator: "; ")
    }
}

extension Profiles.Import {
    /// `profiles import openapi FILE|URL`.
    struct OpenAPI: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "openapi",
            abstract: "Import an OpenAPI 3.0/3.1 or Swagger 2.0 description (JSON or YAML, one file or many).",
            discussion: """
                Every operation becomes an endpoint; servers become the base URL (several: environments); \
                security schemes become auth; when most operations' answers share a wrapper \
                ({code, msg, data}, {success, message, result}, {ok, error}, JSON:API), the envelope \
                is inferred. Relative $refs across files are followed inside the description's \
                folder (or --refs-root); remote ones only with --allow-remote-refs.
                """)

        @Argument(help: "The description: a file, or an http(s) URL.")
        var source: String

        @Flag(name: .customLong("allow-remote-refs"), help: "Follow $refs to http(s) URLs.")
        var allowRemoteRefs = false

        @Option(
            name: .customLong("refs-root"),
            help: ArgumentHelp(
                "Local $refs may reach files in this folder (default: the description's own folder).",
                valueName: "dir"))
        var referenceRoot: String?

        @OptionGroup var destination: ImportDestination

        func run() async throws {
            var options = OpenAPIImporter.Options(
                allowRemoteRefs: allowRemoteRefs, name: destination.name,
                referenceRoot: referenceRoot.map { URL(fileURLWithPath: $0, isDirectory: true) })
            // Remote references: http(s) only, 16 MiB and 30 seconds each at most.
            if allowRemoteRefs { options.fetch = { url in Data(try RemoteDocument.fetch(url)) } }
            let importer = OpenAPIImporter(options: options)
            let result: OpenAPIImport
            do {
                if let url = URL(string: source), ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
                    let data = try await Self.fetch(url)
                    result = try await Self.offThePool { try importer.importDescription(data: data, location: url) }
                } else {
                    result = try await Self.offThePool {
                        try importer.importDescription(at: URL(fileURLWithPath: source))
                    }
                }
            } catch let error as ImportError {
                Terminal.errorLine("\(error)")
                throw ExitCode(2)
            }
            try destination.write(result.draft, warnings: result.warnings, source: source)
        }

        /// Runs `work` on a thread of its own: an import may block on a remote `$ref`
        /// (``RemoteDocument``), which must not hold one of the few threads async work runs on.
        static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
            }
        }

        /// The description at `url`, at most 64 MiB.
        static func fetch(_ url: URL) async throws -> Data {
            let transport = HTTPTransport()
            defer { Task { try await transport.shutdown() } }
            let response: HTTPResponseRecord
            do {
                response = try await transport.send(
                    HTTPRequestSpec(
                        url: url.absoluteString, headers: [("Accept", "application/json, application/yaml, */*")],
                        totalTimeout: .seconds(60), maximumBodySize: 64 << 20))
            } catch {
                Terminal.error("cannot fetch \(url.absoluteString): \(error)")
                throw ExitCode(3)
            }
            guard (200..<300).contains(response.status) else {
                Terminal.error("cannot fetch \(url.absoluteString): HTTP \(response.status) \(response.reason)")
                throw ExitCode(3)
            }
            return Data(response.body)
        }
    }

    /// `profiles import curl 'curl …'`.
    struct Curl: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "curl",
            abstract: "Import curl command lines: one argument, or a file (- for standard input) with many.",
            discussion: """
                Method, URL, headers, -d/--data*, --json, -u, -F, --compressed and -k are read; \
                credentials become ${env:…} placeholders (the literal secret is kept nowhere). With \
                --into PROFILE, the endpoints are added to that profile file, paths relative to its \
                base URL and query items as parameters.
                """)

        @Argument(help: "A curl command line.")
        var command: String?

        @Option(name: .customLong("file"), help: "Read command lines from this file (- for standard input).")
        var file: String?

        @Option(name: .customLong("into"), help: "Add the endpoints to this existing profile.")
        var into: String?

        @OptionGroup var destination: ImportDestination

        func validate() throws {
            guard (command == nil) != (file == nil) else {
                throw ValidationError("give one curl command line, or --file with many")
            }
        }

        func run() async throws {
            let text = try command ?? String(decoding: InputFile(file ?? "-").bytes, as: UTF8.self)
            let results: [CurlParseResult]
            let draft: ProfileDraft
            do {
                results = try CurlCommand.parseAll(text)
                draft = try ProfileDraft(curlResults: results, name: destination.name ?? into ?? "imported")
            } catch {
                Terminal.errorLine(
                    "\(file ?? "<command line>"):\(error.position.line):\(error.position.column): \(error.message)")
                throw ExitCode(2)
            }
            guard let into else {
                return try destination.write(draft, warnings: [], source: "curl")
            }
            try merge(results, into: into)
        }

        /// Adds the commands' endpoints to the profile file named `name`, relative to its base URL.
        private func merge(_ results: [CurlParseResult], into name: String) throws {
            let environment = ProcessInfo.processInfo.environment
            let profile: Profile
            do {
                profile = try destination.sessionOptions.library(environment: environment).load(named: name)
            } catch {
                Terminal.errorLine("\(error)")
                throw ExitCode(2)
            }
            guard !profile.file.hasPrefix("builtin:") else {
                Terminal.error("'\(name)' is built in; import into a profile file of your own")
                throw ExitCode(2)
            }
            let endpoints = ProfileFileMerge.endpoints(
                fromCurl: results, baseURL: profile.baseURL.text, existingIDs: profile.endpoints.map(\.id),
                profileHasAuth: profile.auth != nil)
            let original = try String(contentsOfFile: profile.file, encoding: .utf8)
            let merged = ProfileFileMerge.adding(endpoints, to: original)
            let reread: Profile
            do {
                reread = try Profile(yaml: merged, file: profile.file)
            } catch {
                Terminal.error("the merged profile does not read back, so \(profile.file) is unchanged: \(error)")
                throw ExitCode(2)
            }
            try PrivateFile.replace(Data(merged.utf8), at: profile.file)
            Terminal.errorLine(
                "added \(endpoints.map(\.id).joined(separator: ", ")) to \(profile.file) "
                    + "(\(reread.endpoints.count) endpoints now)")
        }
    }

    /// `profiles import har FILE`.
    struct HAR: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "har",
            abstract: "Import the requests of a HAR file (a browser's, or apiexplore's own export).",
            discussion: """
                Requests are deduplicated by method and templated path: /users/1001 and /users/1002 \
                become one endpoint /users/{user_id}. Static files, preflights and other hosts are \
                skipped and counted in the profile's comments.
                """)

        @Argument(help: "The HAR file (- for standard input).")
        var file: String

        @Flag(name: .customLong("include-cookies"), help: "Keep Cookie headers (as ${env:…} placeholders).")
        var includeCookies = false

        @OptionGroup var destination: ImportDestination

        func run() async throws {
            let input = try InputFile(file)
            var options = HARImportOptions()
            options.includeCookies = includeCookies
            let draft: ProfileDraft
            do {
                draft = try HARImport.profile(
                    from: String(decoding: input.bytes, as: UTF8.self), name: destination.name ?? "imported",
                    options: options)
            } catch {
                Terminal.errorLine("\(input.displayName): \(error)")
                throw ExitCode(2)
            }
            try destination.write(draft, warnings: [], source: input.displayName)
        }
    }
}
