import APIClient
import APIHTTP
import APIMapping
import APIScript
import APISession
import ArgumentParser
import Foundation

/// `request … --all` and `--pages N`: every page's items as JSON lines, as they arrive.
extension Request {
    /// Walks the endpoint's pages, printing each item (or what `--probe` selects in it) as one JSON
    /// line; the exit status.
    ///
    /// Each page's lines are written as soon as it arrives, so a reader downstream (`| jq`) gets them
    /// at once and Ctrl-C keeps what was printed. The progress ("page 3 of 17 · 612 items") goes to
    /// standard error on a terminal; the summary and why the walk stopped always do.
    func walkPages(host: SessionHost, profile: Profile, values: [String: String]) async -> Int32 {
        let probe: ItemProbe?
        do {
            probe = try self.probe.map(ItemProbe.init)
        } catch {
            Terminal.error("--probe: \(error)")
            return 2
        }
        var options = CallOptions()
        do {
            if let envelope { options.envelope = try EnvelopeOverride(inlineSpec: envelope) }
            if let model { options.envelope.model = try ProfilePath(model) }
        } catch let error as EnvelopeSpecError {
            Terminal.error("--envelope: \(error.description)")
            return 2
        } catch {
            Terminal.error("--model: \(error)")
            return 2
        }
        let limit = pages
        let (session, endpoint) = (host.session, self.endpoint)
        let progress = ProgressLine.make()
        let walk = Task {
            try await session.walkPages(
                endpoint: endpoint, parameters: values, profile: profile, limit: limit, options: options
            ) {
                page in
                guard case .success(let exchange) = page.call.result else { return false }
                if case .finished(.failure)? = page.step {
                    progress?.finish()
                    let tip = exchange.evaluation.tip.map { ": \($0)" } ?? ""
                    let status = exchange.evaluation.status.map { " \($0.node.jsonText())" } ?? ""
                    // The tip and status come from the server, which may echo a credential.
                    Terminal.error(
                        exchange.request.redaction.redact(
                            text: "page \(page.number): HTTP \(exchange.response.status), "
                                + "\(exchange.evaluation.outcome.rawValue)\(status)\(tip)"))
                }
                Self.print(page.items, probe: probe, redaction: exchange.request.redaction)
                progress?.update(page.progress)
                return true
            }
        }
        let watch = InterruptWatch { walk.cancel() }
        let result = await walk.result
        let signal = watch.stop()
        progress?.finish()
        let summary: ExplorerSession.PageWalkSummary
        switch result {
        case .success(let value): summary = value
        case .failure(let error):
            Terminal.error("\(error)")
            return 2
        }
        let counts = "\(summary.pages) page\(summary.pages == 1 ? "" : "s"), \(summary.items) items"
        if let signal {
            Terminal.error("interrupted after \(counts); the items above are complete")
            return 128 + signal
        }
        if let failure = summary.failure {
            if let profileError = failure.profileError {
                Terminal.errorLine(profileError.description)
                return 2
            }
            Terminal.error("\(counts); page \(summary.pages + 1) got no response: \(failure)")
            return ScriptExitStatus.transportFailure.rawValue
        }
        guard let stop = summary.stop else { return 0 }
        Terminal.error("\(counts); \(stop)")
        switch stop {
        case .lastPage, .limit: return 0
        case .failure(.businessFailure): return ScriptExitStatus.businessFailure.rawValue
        default: return ScriptExitStatus.expectationFailed.rawValue
        }
    }
}

extension Request {
    /// Writes items as JSON lines in one write, secrets masked.
    fileprivate static func print(_ items: [JSONNode], probe: ItemProbe?, redaction: Redaction) {
        var text = ""
        for item in items {
            var values = [item.value]
            if let probe {
                do {
                    values = try probe.values(in: item)
                } catch {
                    Terminal.error("--probe: \(error.description)")
                    continue
                }
            }
            for value in values { text += value.jsonText() + "\n" }
        }
        guard !text.isEmpty else { return }
        Terminal.write(redaction.secrets.isEmpty ? text : redaction.redact(text: text))
    }
}

/// `--probe` applied to each item of a page: a profile path selects one value (items without it
/// print nothing), a JSONPath query every value it matches.
struct ItemProbe: Sendable {
    private let profilePath: ProfilePath?
    private let jsonPath: JSONPath?

    init(_ text: String) throws {
        if text.hasPrefix("$") {
            (jsonPath, profilePath) = (try JSONPath(text), nil)
        } else {
            (jsonPath, profilePath) = (nil, try ProfilePath(text))
        }
    }

    func values(in item: JSONNode) throws(JSONPathEvaluationError) -> [JSONValue] {
        if let jsonPath { return try jsonPath.select(in: item).map(\.node.value) }
        return profilePath?.select(in: item).map { [$0.value] } ?? []
    }
}
