import APIHistory
import APIImport
import APIMapping
import ArgumentParser

extension History {
    /// `history schema ENDPOINT`: the shape of an endpoint's successful models as JSON Schema 2020-12.
    struct Schema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the shape of an endpoint's successful models as JSON Schema (draft 2020-12).",
            discussion: """
                Inferred from the newest \(HistoryStore.shapeSampleLimit) successful models: type per path \
                (["integer", "null"] where both were seen), required for the keys present in every object, \
                items for array elements merged over all of them, enum for strings with few distinct values \
                (at most 8, over at least 5 strings). Keys never seen are not forbidden. With --compare, \
                lists instead how the inferred schema differs from an OpenAPI description's schema ($refs \
                followed, allOf merged).
                """)

        @Argument(help: "The endpoint.") var endpoint: String
        @Option(help: "The endpoint's profile (needed when several profiles have this endpoint).")
        var profile: String?
        @Option(
            help: ArgumentHelp(
                "Compare with a schema of an OpenAPI description instead of printing: properties one side lacks, types that differ.",
                valueName: "FILE#/components/schemas/NAME"))
        var compare: String?
        @OptionGroup var location: Location

        func run() async throws {
            let store = try location.open()
            let groups: [ShapeGroups.Group]
            let read: RecordedModels
            do {
                groups = try await ShapeGroups.read(store, profile: profile, endpoint: endpoint)
                guard groups.count == 1 else {
                    let profiles = groups.map(\.profile).joined(separator: ", ")
                    Terminal.error(
                        groups.isEmpty
                            ? "no successful exchange of \(endpoint) recorded"
                            : "\(endpoint) is recorded in several profiles (\(profiles)): choose one with --profile")
                    throw ExitCode(1)
                }
                read = try await store.models(of: groups[0].entries)
            } catch let error as HistoryError {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            guard let first = read.models.first, let last = read.models.last else {
                Terminal.error("no readable model among the successful exchanges of \(endpoint)")
                throw ExitCode(1)
            }
            let shape = JSONShape(inferringFrom: read.models.map(\.model))
            let at = last.path.isEmpty ? "the whole body" : last.path
            let description =
                "Inferred by apiexplore from \(read.models.count) successful models of \(groups[0].profile) "
                + "\(endpoint) (exchanges #\(first.entry.id) to #\(last.entry.id)), the model at \(at)."
            let schema = shape.jsonSchema(title: "\(groups[0].profile) \(endpoint)", description: description)
            guard let compare else {
                Terminal.writeJSON(JSONDocument(schema).root, style: .pretty)
                return
            }
            let declared: JSONValue
            do {
                declared = try OpenAPISchemaReference.resolvedSchema(at: compare)
            } catch {
                Terminal.error(error.description)
                throw ExitCode(2)
            }
            let differences = JSONSchemaComparison.compare(inferred: schema, declared: declared)
            let head = "\(read.models.count) models of \(groups[0].profile) \(endpoint) against \(compare): "
            let summary = differences.isEmpty ? "no differences" : "\(differences.count) differences"
            let lines = [head + summary] + differences.map { "  \($0)" }
            Terminal.write(lines.map(\.terminalSafe).joined(separator: "\n") + "\n")
        }
    }
}
