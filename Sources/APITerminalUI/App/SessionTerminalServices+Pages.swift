import APIClient
package import APIHTTP
import APIHistory
import APIMapping
import APISession
import Foundation

/// The walk of the last endpoint sent, when it pages: what `]` sends next.
struct PageWalkState: Sendable {
    var endpoint: String
    var parameters: [String: String]
    var walker: PageWalker
    var next: PageRequest?
    var stop: PageWalker.Stop?

    /// Starts a walk from its first page's exchange; `nil` when the endpoint does not page.
    init?(exchange: APIExchange, parameters: [String: String], profile: Profile) {
        guard let pagination = profile.pagination(for: exchange.endpointID),
            let endpoint = profile.endpoint(exchange.endpointID)
        else { return nil }
        let values = endpoint.withDefaults(parameters)
        guard PageWalker.problem(pagination: pagination, parameters: values) == nil else { return nil }
        self.endpoint = exchange.endpointID
        self.parameters = parameters
        walker = PageWalker(pagination: pagination, parameters: values)
        next = nil
        stop = nil
    }

    /// Reads a page's exchange into the walk and its display.
    mutating func advance(after exchange: APIExchange, display: inout ExchangeDisplay) {
        let page = walker.advance(after: exchange)
        switch page.step {
        case .next(let request): (next, stop) = (request, nil)
        case .finished(let reason): (next, stop) = (nil, reason)
        }
        display.pageItems = page.items
        display.page = PageStatus(
            number: walker.currentPage, totalPages: walker.totalPages, items: walker.itemsSeen, hasNext: next != nil,
            stop: stop?.description)
    }
}

extension SessionTerminalServices {
    /// The method a model-store view shows in place of an HTTP method.
    static let storeMethod = "STORE"

    /// Sends the next page of the endpoint last sent, when it pages and has one.
    ///
    /// - Parameter progress: Called as body bytes arrive.
    /// - Returns: The page's display, or `nil` when there is no next page.
    package func nextPage(progress: @escaping @Sendable (ProgressReport) -> Void) async -> ExchangeDisplay? {
        guard let walk = walkState, let next = walk.next else { return nil }
        var options = CallOptions()
        options.page = next
        let profile = self.profile
        return await show(
            .customized(walk.endpoint, parameters: walk.parameters, options: options), label: walk.endpoint,
            method: profile.endpoint(walk.endpoint)?.method ?? "GET", profile: profile, progress: progress
        ) { exchange, display in
            var advanced = walk
            advanced.advance(after: exchange, display: &display)
            walkState = advanced
        }
    }

    /// A table of the model store, its documents newest first, as the model to browse and probe.
    ///
    /// - Parameter table: The table name.
    /// - Returns: The display.
    /// - Throws: ``TerminalServicesError`` when history is off or the table is empty or unknown.
    package func storeTable(_ table: String) async throws -> ExchangeDisplay {
        guard let history = session.history else { throw TerminalServicesError("history is off: no model store") }
        let rows = try await history.models(table: table, limit: 10_000)
        guard !rows.isEmpty else {
            let known = try await history.modelTables()
            throw TerminalServicesError(
                "no table '\(table)' in the model store; tables: "
                    + (known.isEmpty ? "none yet" : known.joined(separator: ", ")))
        }
        let documents = JSONDocument(.array(rows.map { .object($0.document) }))
        var display = ExchangeDisplay(
            endpoint: "store \(table)", method: Self.storeMethod, url: "store:\(table)", httpStatus: nil, reason: "",
            outcome: .success, business: .notApplicable, businessStatus: nil,
            tip: "\(rows.count) stored objects in '\(table)', newest first (no request sent)", modelPath: "",
            model: documents.root, notes: [], duration: nil, size: 0, contentType: nil, textPreview: nil)
        display.body = documents.root
        return display
    }

    /// Saves `envelope: {model: PATH}` for an endpoint into the profile's file and uses the profile
    /// as saved from now on.
    ///
    /// - Parameters:
    ///   - path: The model path.
    ///   - endpoint: The endpoint's id.
    /// - Returns: What was saved, and where.
    /// - Throws: When the profile is built in, or its file cannot take the change.
    package func saveModel(_ path: String, forEndpoint endpoint: String) async throws -> String {
        let profile = self.profile
        guard !profile.file.hasPrefix("builtin:") else {
            throw TerminalServicesError(
                "'\(profile.name)' is built in: copy it to a file first (apiexplore profiles new, or "
                    + "--profiles-dir with a copy) to save a model")
        }
        let model = try ProfilePath(path)
        let text = try String(contentsOfFile: profile.file, encoding: .utf8)
        let changed = try profile.textSettingModel(model, forEndpoint: endpoint, in: text)
        do {
            try PrivateFile.replace(Data(changed.utf8), at: profile.file)
        } catch {
            throw TerminalServicesError("cannot write \(profile.file): \(error)")
        }
        let saved = try Profile(yaml: changed, file: profile.file).applyingEnvironmentChoice(profile.activeEnvironment)
        replaceProfile(saved)
        return "saved envelope: {model: \(path)} for '\(endpoint)' in \(profile.file)"
    }
}
