import APIClient
import APIHTTP
import APIMapping
import ArgumentParser
import Foundation

/// `apiexplore profiles list|show|validate|import|new|edit`.
struct Profiles: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List, show, validate, import and create profiles.",
        subcommands: [
            List.self, Show.self, Validate.self, Import.self, Export.self, New.self, Edit.self, RoundTrip.self,
        ])

    /// `profiles list`: every profile along the search path.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the profiles along the search path, with where each comes from.")

        @OptionGroup var sessionOptions: SessionOptions

        func run() throws {
            let listings = sessionOptions.library(environment: ProcessInfo.processInfo.environment).list()
            let width = listings.map(\.name.count).max() ?? 0
            var broken = false
            for listing in listings {
                let name = listing.name + String(repeating: " ", count: width - listing.name.count)
                if let problem = listing.problem {
                    broken = true
                    Terminal.write("\(name)  INVALID  \(problem.description.terminalSafe)\n")
                } else {
                    Terminal.write("\(name)  \(listing.description.terminalSafe)  (\(listing.origin))\n")
                }
            }
            if broken { throw ExitCode(2) }
        }
    }

    /// `profiles show NAME`: base URL, auth, envelope and endpoints.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a profile: base URL, headers, auth (never its secrets), envelope and endpoints.")

        @Argument(help: "The profile name.")
        var name: String

        @OptionGroup var sessionOptions: SessionOptions

        func run() throws {
            let profile: Profile
            do {
                let environment = try sessionOptions.environment()
                profile = try sessionOptions.library(environment: environment).load(named: name)
                    .applyingEnvironmentChoice(sessionOptions.environmentChoice(environment))
            } catch {
                Terminal.errorLine("\(error)")
                throw ExitCode(2)
            }
            Terminal.write(Self.describe(profile).terminalSafe)
        }

        /// The envelope in the one-line spec form `probe --envelope` reads.
        static func describe(_ envelope: Envelope) -> String {
            var fields = [
                "status=\(envelope.status?.description ?? "none")", "success=\(envelope.success)",
                "tip=\(envelope.tip.map(\.description).joined(separator: "|"))", "model=\(envelope.model)",
            ]
            if !envelope.requireHTTPSuccess { fields.append("require_http_success=false") }
            if envelope.coerceStatus { fields.append("coerce_status=true") }
            return fields.joined(separator: ",")
        }

        static func describe(_ profile: Profile) -> String {
            // A template that names its secret source (`${env:TOKEN}`) shows as written; a literal
            // credential never does, and neither does a password in the base URL's user info.
            func secret(_ template: Template) -> String {
                let named =
                    !template.environmentNames.isEmpty || !template.secretSources.isEmpty
                    || !template.variableNames.isEmpty
                return named ? template.text : Redaction.mask
            }
            var lines = [
                "\(profile.name): \(profile.description)",
                "  file:      \(profile.file)",
                "  base URL:  \(profile.redaction.redact(url: profile.baseURL.text))",
            ]
            if !profile.environments.isEmpty {
                let names = profile.environments.map { environment in
                    (environment.name == profile.activeEnvironment ? "*" : "") + environment.name
                        + (environment.isProduction ? " (production)" : "")
                }
                lines.append("  env:       \(names.joined(separator: ", "))")
            }
            for header in profile.headers {
                let value = profile.redaction.masksHeader(header.name) ? secret(header.value) : header.value.text
                lines.append("  header:    \(header.name): \(value)")
            }
            switch profile.auth {
            case .bearer(let token, let optional)?:
                lines.append("  auth:      bearer \(secret(token))\(optional ? " (optional)" : "")")
            case .basic(let username, let password)?:
                lines.append("  auth:      basic \(username) / \(secret(password))")
            case .header(let name, let value)?:
                lines.append("  auth:      header \(name): \(secret(value))")
            case .query(let name, let value)?:
                lines.append("  auth:      query \(name)=\(secret(value))")
            case .oauth2(let oauth)?:
                lines.append("  auth:      oauth2 \(oauth.grant.rawValue) via \(oauth.tokenURL.text)")
            case .login(let login)?:
                lines.append("  auth:      login through '\(login.endpoint)', token at \(login.token)")
            case nil:
                lines.append("  auth:      none")
            }
            lines.append("  envelope:  \(Self.describe(profile.envelope))")
            if !profile.defaultExpectations.isEmpty {
                lines.append("  expect:    \(profile.defaultExpectations.joined(separator: ", "))")
            }
            lines.append("  endpoints:")
            let width = profile.endpoints.map(\.id.count).max() ?? 0
            for endpoint in profile.endpoints {
                let id = endpoint.id + String(repeating: " ", count: width - endpoint.id.count)
                var line = "    \(id)  \(endpoint.method) \(endpoint.path)"
                let parameters = endpoint.parameterNames.map { name in
                    endpoint.params.first { $0.name == name }?.defaultValue.map { "\(name)=\($0)" } ?? name
                }
                if !parameters.isEmpty { line += "  [\(parameters.joined(separator: ", "))]" }
                if let description = endpoint.description { line += "  \(description)" }
                lines.append(line)
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// `profiles validate [FILE ...]`: file:line:column errors, exit 2 when any profile is invalid.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check profile files (or every profile on the search path) and print file:line:column errors.")

        @Argument(help: "Profile files; none checks every profile on the search path.")
        var files: [String] = []

        @OptionGroup var sessionOptions: SessionOptions

        func run() throws {
            var problems: [String] = []
            var checked: [String] = []
            if files.isEmpty {
                for listing in sessionOptions.library(environment: ProcessInfo.processInfo.environment).list() {
                    checked.append("\(listing.name) (\(listing.origin))")
                    if let problem = listing.problem { problems.append(problem.description) }
                }
            } else {
                for file in files {
                    checked.append(file)
                    do {
                        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
                        do {
                            _ = try Profile(bytes: bytes, file: file)
                        } catch {
                            problems.append(error.description)
                        }
                    } catch {
                        problems.append("\(file): cannot read: \(error.localizedDescription)")
                    }
                }
            }
            for problem in problems { Terminal.errorLine(problem) }
            guard problems.isEmpty else { throw ExitCode(2) }
            Terminal.write("\(checked.count) profile\(checked.count == 1 ? "" : "s") valid\n")
        }
    }
}
