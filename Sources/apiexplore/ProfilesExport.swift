import APIClient
import APIHistory
import APIImport
import APIMapping
import ArgumentParser
import Foundation

extension Profiles {
    /// `profiles export NAME --format postman|http|openapi -o FILE`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a profile as a Postman collection, a .http file or an OpenAPI 3.1 description.",
            discussion: """
                postman: FILE is a Postman Collection v2.1; beside it, one NAME.ENVIRONMENT.postman_environment.json \
                per environment. http: FILE is a .http file; beside it, http-client.env.json and (unless one \
                exists) http-client.private.env.json naming the secrets with empty values. openapi: FILE is an \
                OpenAPI 3.1 description whose response schemas come from history (history schema), with the \
                envelope as the wrapper schema and the errors: catalogue as documented error responses.

                Secrets (${env:…}, ${file:…}, ${cmd:…}, ${prompt:…}) are exported as variables, never as \
                values. An existing file is kept unless --force; links, FIFOs and devices are refused.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case postman, http, openapi
        }

        @Argument(help: "The profile.") var name: String
        @Option(help: "postman, http or openapi.") var format: Format
        @Option(name: [.customShort("o"), .customLong("output")], help: "The file to write; - for standard output.")
        var output: String
        @Flag(help: "Replace existing files.") var force = false
        @OptionGroup var sessionOptions: SessionOptions

        func run() async throws {
            let profile: Profile
            do {
                profile = try sessionOptions.library(environment: try sessionOptions.environment()).load(named: name)
            } catch let error as ProfileError {
                Terminal.errorLine(error.description)
                throw ExitCode(2)
            }
            let folder = output == "-" ? "." : (output as NSString).deletingLastPathComponent
            let beside = { (file: String) in folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file) }
            var written: [String] = []
            switch format {
            case .postman:
                let result = PostmanExport.export(profile)
                try write(result.collection.jsonText(style: .pretty) + "\n", to: output, written: &written)
                for environment in result.environments where output != "-" {
                    let file = beside("\(profile.name).\(environment.name).postman_environment.json")
                    try write(environment.document.jsonText(style: .pretty) + "\n", to: file, written: &written)
                }
                note(result.secrets)
            case .http:
                let result = HTTPFileExport.export(profile)
                try write(result.requests, to: output, written: &written)
                if output != "-" {
                    try write(
                        result.environments.jsonText(style: .pretty) + "\n", to: beside("http-client.env.json"),
                        written: &written)
                    let privateFile = beside("http-client.private.env.json")
                    if FileManager.default.fileExists(atPath: privateFile) {
                        Terminal.errorLine("kept \(privateFile): it may hold your secrets")
                    } else {
                        try write(
                            result.privateEnvironments.jsonText(style: .pretty) + "\n", to: privateFile,
                            isPrivate: true,
                            written: &written)
                    }
                }
                note(result.secrets)
            case .openapi:
                let schemas = try await modelSchemas(profile)
                let document = OpenAPIExport.export(profile, modelSchemas: schemas)
                try write(document.jsonText(style: .pretty) + "\n", to: output, written: &written)
                Terminal.errorLine(
                    "response schemas from history for \(schemas.count) of \(profile.endpoints.count) endpoints")
            }
            if !written.isEmpty { Terminal.errorLine("wrote " + written.joined(separator: ", ")) }
        }

        private func note(_ secrets: [String]) {
            guard !secrets.isEmpty else { return }
            Terminal.errorLine("secrets exported as variables (no values): " + secrets.joined(separator: ", "))
        }

        /// Each endpoint's model schema, from its successful exchanges in history.
        private func modelSchemas(_ profile: Profile) async throws -> [String: JSONValue] {
            var schemas: [String: JSONValue] = [:]
            let choice: HistoryChoice?
            do {
                choice = try sessionOptions.history(environment: try sessionOptions.environment())
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(2)
            }
            guard let choice else { return schemas }
            do {
                let store = try HistoryStore(location: choice.location, configuration: choice.configuration)
                for group in try await ShapeGroups.read(store, profile: profile.name, endpoint: nil)
                where profile.endpoint(group.endpoint) != nil {
                    let read = try await store.models(of: group.entries)
                    guard !read.models.isEmpty else { continue }
                    let shape = JSONShape(inferringFrom: read.models.map(\.model))
                    var schema = shape.jsonSchema(
                        title: "\(profile.name) \(group.endpoint)",
                        description: "Inferred by apiexplore from \(read.models.count) successful models.")
                    // OpenAPI 3.1 carries the dialect itself; the schema is embedded, not a document.
                    if case .object(let object) = schema {
                        schema = .object(JSONObject(object.members.filter { $0.key != "$schema" }))
                    }
                    schemas[group.endpoint] = schema
                }
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            return schemas
        }

        /// Writes through the staged output writer (a temporary file beside the target, renamed
        /// over it; links, FIFOs, devices and folders refused); an existing file only with --force.
        private func write(_ text: String, to path: String, isPrivate: Bool = false, written: inout [String]) throws {
            if path != "-", FileManager.default.fileExists(atPath: path), !force {
                Terminal.error("\(path) exists; use --force to replace it")
                throw ExitCode(2)
            }
            try OutputFile.write(Data(text.utf8), to: path, isPrivate: isPrivate)
            if path != "-" { written.append(path) }
        }
    }
}
