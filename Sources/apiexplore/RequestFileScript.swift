import APIClient
import APIImport
import APIMapping
import APIScript
import ArgumentParser
import Foundation

/// `apiexplore run requests.http`: a `.http`/`.rest` file as a script of calls, with the profile
/// its import gives (environments from `http-client.env.json` beside it).
///
/// With `--profile NAME`, that profile lends the run its envelope, error catalogue, default
/// expectations, redaction and diff settings, and its name (history records the exchanges under
/// it); the requests, their URLs and their credentials stay the file's. A value written
/// `{{login.response.body.$.token}}` is captured from the named request's answer, and the values
/// of `http-client.private.env.json` are read into the process environment for the `${env:…}`
/// placeholders that stand for them (masked wherever they appear, as every secret).
enum RequestFileScript {
    /// Whether a file is a file of requests rather than a script.
    static func isRequestFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".http") || lower.hasSuffix(".rest")
    }

    /// The script and the profile of a `.http` file; located errors are printed and exit 2.
    static func make(file name: String, lending base: Profile?, environmentName: String?) throws
        -> (script: Script, profile: Profile)
    {
        let collection: APICollection
        do {
            collection = try HTTPFileImport.read(file: URL(fileURLWithPath: name))
        } catch {
            Terminal.errorLine(error.description.terminalSafe)
            throw ExitCode(2)
        }
        let profileName = base?.name ?? "http-file"
        let result = CollectionAssembler.assemble(collection, name: profileName)
        var profile: Profile
        do {
            profile = try result.draft.validatedYAML(file: "\(profileName).yaml").profile
            profile = try profile.applyingEnvironmentChoice(environmentName)
        } catch {
            Terminal.errorLine("\(name): \(error)".terminalSafe)
            throw ExitCode(2)
        }
        // The private file's values are read as the source's client reads them, into this process's
        // environment (a value already set there wins); the profile only names them.
        let active = profile.activeEnvironment ?? ""
        for (variable, values) in result.secretValues.sorted(by: { $0.key < $1.key }) {
            guard let value = values[active] ?? values[""], getenv(variable) == nil else { continue }
            setenv(variable, value, 0)
        }
        if let base {
            profile.envelope = base.envelope
            profile.errors = base.errors
            profile.defaultExpectations = base.defaultExpectations
            profile.redaction = base.redaction
            profile.diff = base.diff
            profile.rateLimit = base.rateLimit
        }
        return (Script(name: name, steps: steps(collection, result: result, profile: profile)), profile)
    }

    /// One call per request in file order; captures after the requests later ones take values from.
    private static func steps(_ collection: APICollection, result: CollectionImport, profile: Profile)
        -> [ScriptCallStep]
    {
        let ids = Set(profile.endpoints.map(\.id))
        var steps: [ScriptCallStep] = []
        for (request, endpoint) in zip(collection.requests, result.draft.endpoints) where ids.contains(endpoint.id) {
            let line = request.location.flatMap { $0.split(separator: ":").last.flatMap { Int($0) } } ?? 1
            let chains = result.chains[endpoint.id] ?? []
            steps.append(
                ScriptCallStep(
                    line: line, source: "\(request.method) \(request.url)", endpoint: endpoint.id,
                    arguments: chains.map { (name: $0.parameter, variable: $0.parameter) }))
        }
        // Each value is captured right after the request that answers it.
        for (_, chains) in result.chains.sorted(by: { $0.key < $1.key }) {
            for chain in chains where chain.path.hasPrefix("$") {
                guard let index = steps.firstIndex(where: { $0.endpoint == chain.request }),
                    !steps[index].captures.contains(where: { $0.name == chain.parameter })
                else { continue }
                steps[index].captures.append((name: chain.parameter, path: modelPath(chain.path, profile: profile)))
            }
        }
        return steps
    }

    /// A path into the answer's body as a path into its model: captures read the model, so the
    /// envelope's model path is taken off (`$.data.token` with model `data` is `$.token`).
    static func modelPath(_ path: String, profile: Profile) -> String {
        singleValue(inModel(path, profile: profile))
    }

    private static func inModel(_ path: String, profile: Profile) -> String {
        let keys = profile.envelope.model.segments.map(\.key)
        guard !keys.isEmpty else { return path }
        let prefix = "$." + keys.joined(separator: ".")
        if path == prefix { return "$" }
        guard path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[") else { return path }
        return "$" + path.dropFirst(prefix.count)
    }

    /// `$.a.b` as the profile path `a.b`, which captures the value itself (a JSONPath captures
    /// the list of its matches); other JSONPaths stay as written.
    private static func singleValue(_ path: String) -> String {
        guard path.hasPrefix("$."), path.count > 2 else { return path }
        let rest = path.dropFirst(2)
        let plain = rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
        return plain && !rest.contains("..") ? String(rest) : path
    }
}
