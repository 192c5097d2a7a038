import APIClient
import APIImport
import ArgumentParser
import Foundation

extension Profiles.Import {
    /// Assembles a collection into a profile and writes it, with the scripts count in the summary.
    static func write(_ collection: APICollection, destination: ImportDestination, source: String) throws {
        let name = destination.name(for: ProfileDraft(name: collection.name, baseURL: ""))
        let result = CollectionAssembler.assemble(collection, name: name)
        var notes: [String] = []
        if result.scripts > 0 { notes.append("\(result.scripts) scripts kept as comments (not run)") }
        try destination.write(result.draft, warnings: result.warnings, source: source, notes: notes)
    }

    /// Reports a located error and exits 2.
    static func fail(_ error: CollectionImportError) -> ExitCode {
        Terminal.errorLine(error.description.terminalSafe)
        return ExitCode(2)
    }

    /// `profiles import postman COLLECTION [--environment FILE]…`.
    struct Postman: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "postman",
            abstract: "Import a Postman Collection (v2.0 or v2.1) and its environment files.",
            discussion: """
                Folders become tags, {{variables}} profile variables (secret ones ${env:…}), auth is \
                inherited as Postman does it, and each --environment file becomes an environment. \
                Pre-request and test scripts are kept as comments and never run; recorded example \
                responses give the envelope. The v1 format is refused: export the collection as v2.1.
                """)

        @Argument(help: "The collection file (- for standard input).")
        var file: String

        @Option(name: .customLong("environment"), help: "A Postman environment file (repeatable).")
        var environments: [String] = []

        @OptionGroup var destination: ImportDestination

        func run() async throws {
            let input = try InputFile(file)
            let environmentFiles = try environments.map { try InputFile($0) }
            var collection: APICollection
            do {
                collection = try PostmanCollectionReader.read(
                    String(decoding: input.bytes, as: UTF8.self), file: input.displayName)
                for environment in environmentFiles {
                    collection.environments.append(
                        try PostmanCollectionReader.environment(
                            String(decoding: environment.bytes, as: UTF8.self), file: environment.displayName))
                }
            } catch {
                throw Profiles.Import.fail(error)
            }
            try Profiles.Import.write(collection, destination: destination, source: input.displayName)
        }
    }

    /// `profiles import insomnia EXPORT`.
    struct Insomnia: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "insomnia",
            abstract: "Import an Insomnia v4 export (JSON): requests, folders and environments.")

        @Argument(help: "The export file (- for standard input).")
        var file: String

        @OptionGroup var destination: ImportDestination

        func run() async throws {
            let input = try InputFile(file)
            let collection: APICollection
            do {
                collection = try InsomniaExportReader.read(
                    String(decoding: input.bytes, as: UTF8.self), file: input.displayName)
            } catch {
                throw Profiles.Import.fail(error)
            }
            try Profiles.Import.write(collection, destination: destination, source: input.displayName)
        }
    }

    /// `profiles import http FILE.http`.
    struct HTTPFile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "http",
            abstract: "Import a .http or .rest file (JetBrains HTTP Client, VS Code REST Client).",
            discussion: """
                http-client.env.json beside the file gives the environments, and \
                http-client.private.env.json's values become secrets (${env:…} placeholders; the \
                values are written nowhere). Response handlers are kept as comments and never run.
                """)

        @Argument(help: "The .http or .rest file.")
        var file: String

        @Option(
            name: .customLong("environments"),
            help: "The environments file (default: http-client.env.json beside FILE).")
        var environmentFile: String?

        @Option(
            name: .customLong("private-environments"),
            help: "The private environments file (default: http-client.private.env.json beside FILE).")
        var privateFile: String?

        @OptionGroup var destination: ImportDestination

        func run() async throws {
            let collection: APICollection
            do {
                collection = try HTTPFileImport.read(
                    file: URL(fileURLWithPath: file), environmentFile: environmentFile.map { URL(fileURLWithPath: $0) },
                    privateFile: privateFile.map { URL(fileURLWithPath: $0) })
            } catch {
                throw Profiles.Import.fail(error)
            }
            try Profiles.Import.write(collection, destination: destination, source: file)
        }
    }

    /// `profiles import bruno FOLDER`.
    struct Bruno: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bruno",
            abstract: "Import a Bruno collection folder (bruno.json, .bru files, environments/).")

        @Argument(help: "The collection folder (the one holding bruno.json).")
        var folder: String

        @OptionGroup var destination: ImportDestination

        func run() async throws {
            let collection: APICollection
            do {
                collection = try BrunoCollectionReader.read(directory: URL(fileURLWithPath: folder, isDirectory: true))
            } catch {
                throw Profiles.Import.fail(error)
            }
            try Profiles.Import.write(collection, destination: destination, source: folder)
        }
    }
}
