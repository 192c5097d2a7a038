import APIClient
import APIHTTP
import APIMapping

extension ScriptRunner {
    /// What a path selected: one node (or none, with where it stopped), or a JSONPath node list.
    enum Selection {
        case single(JSONNode?, stoppedAt: String?)
        case list([JSONMatch])

        var value: JSONValue? {
            switch self {
            case .single(let node, _): node?.value
            case .list(let matches): .array(matches.map(\.node.value))
            }
        }

        var count: Int {
            switch self {
            case .single(let node, _):
                guard let node else { return 0 }
                return node.kind == .array || node.kind == .object ? node.count : 1
            case .list(let matches): return matches.count
            }
        }
    }

    func probe(_ path: ScriptPath, state: ScriptState, report: inout CommandReport, context: Context)
        throws(ScriptError)
    {
        let exchange = try lastExchange(state, context: context)
        let text = try context.resolve(path.text, state)
        let selection = try select(path, text: text, in: exchange, state: state, context: context)
        report.details.append(("path", .string(text)))
        report.details.append(("found", .bool(selection.value != nil)))
        report.details.append(("value", selection.value ?? .null))
        if case .single(nil, let stoppedAt?) = selection { report.details.append(("stopped_at", .string(stoppedAt))) }
    }

    func capture(
        _ name: String, path: ScriptPath, state: inout ScriptState, report: inout CommandReport, context: Context
    ) throws(ScriptError) {
        let exchange = try lastExchange(state, context: context)
        let text = try context.resolve(path.text, state)
        let selection = try select(path, text: text, in: exchange, state: state, context: context)
        report.details.append(("name", .string(name)))
        report.details.append(("path", .string(text)))
        guard let value = selection.value else {
            let stopped: String
            if case .single(_, let stoppedAt?) = selection { stopped = " (\(stoppedAt))" } else { stopped = "" }
            report.fail(
                expected: "capture \(name) = \(text)", actual: "nothing",
                message: "'\(text)' selects nothing in the model\(stopped)", status: .expectationFailed)
            return
        }
        // A string is captured as its text, anything else as compact JSON.
        state.variables[name] = value.stringValue ?? value.jsonText()
        report.details.append(("value", value))
    }

    func check(
        _ expectation: ResponseExpectation, source: String, state: ScriptState, report: inout CommandReport,
        context: Context
    ) throws(ScriptError) {
        guard !state.lastExchanges.isEmpty else {
            throw context.error(.noResponse, at: 1, "nothing to check: no response yet (a 'call' must come first)")
        }
        for exchange in state.lastExchanges {
            try check(expectation, source: source, exchange: exchange, state: state, report: &report, context: context)
        }
    }

    /// Checks the profile's `defaults.expect` against the last response.
    func checkDefaults(state: ScriptState, report: inout CommandReport, context: Context) throws(ScriptError) {
        guard let profile = state.profile, let exchange = state.lastExchanges.first else { return }
        for source in profile.defaultExpectations {
            let parser = ScriptParser(text: "", scriptName: profile.file)
            let command: ScriptCommand
            do {
                command = try parser.parseCommand(Substring("expect " + source), line: context.line, column: 1)
            } catch {
                throw context.error(
                    .invalidProfile, at: 1, "profile '\(profile.name)': defaults.expect '\(source)': \(error.message)")
            }
            guard case .expect(let expectation) = command.action else { continue }
            try check(expectation, source: source, exchange: exchange, state: state, report: &report, context: context)
        }
    }

    private func check(
        _ expectation: ResponseExpectation, source: String, exchange: APIExchange, state: ScriptState,
        report: inout CommandReport, context: Context
    ) throws(ScriptError) {
        let evaluation = exchange.evaluation
        switch expectation {
        case .outcome(let expected):
            guard evaluation.outcome != expected else { return }
            let businessFailure = expected == .success && evaluation.outcome == .businessFailure
            report.fail(
                expected: source, actual: evaluation.outcome.rawValue,
                message: "expected \(expected), got \(evaluation.outcome)\(Self.statusSummary(evaluation))",
                status: businessFailure ? .businessFailure : .expectationFailed,
                kind: evaluation.outcome == .businessFailure
                    ? .businessFailure : evaluation.outcome == .httpFailure ? .httpFailure : .expectation)
        case .httpStatus(let expected):
            guard exchange.response.status != expected else { return }
            report.fail(
                expected: source, actual: String(exchange.response.status),
                message: "expected HTTP \(expected), got \(exchange.response.status) \(exchange.response.reason)",
                status: .expectationFailed, kind: evaluation.http.isSuccess ? .expectation : .httpFailure)
        case .businessError(let name, let column):
            if name != "uncatalogued", let profile = state.profile, profile.errors.code(named: name) == nil {
                let known = profile.errors.codes.map(\.name)
                throw context.error(
                    .syntax, at: column,
                    "profile '\(profile.name)' catalogues no error '\(name)'; "
                        + (known.isEmpty ? "it has no 'errors:'" : "known: \(known.joined(separator: ", "))")
                        + " (or uncatalogued)")
            }
            let actual = exchange.businessError.map { $0.name ?? "uncatalogued" }
            guard actual != name else { return }
            report.fail(
                expected: source, actual: actual ?? evaluation.outcome.rawValue,
                message:
                    "expected error \(name), got \(exchange.businessError.map { "\($0)" } ?? evaluation.outcome.rawValue)",
                status: .expectationFailed, kind: exchange.businessError == nil ? .expectation : .businessFailure)
        case .tipEquals(let text):
            let expected = try context.resolve(text, state)
            guard evaluation.fullTip != expected else { return }
            report.fail(
                expected: source, actual: evaluation.tip ?? "no tip",
                message: "expected tip \(Self.quoted(expected)), got \(evaluation.tip.map(Self.quoted) ?? "no tip")",
                status: .expectationFailed)
        case .tipMatches(let pattern, let column):
            // An I-Regexp, matched in time linear in the tip: a server's tip cannot stall the run.
            let regexp: IRegexp
            do {
                regexp = try IRegexp(pattern)
            } catch {
                throw context.error(.syntax, at: column, "invalid regular expression: \(error)")
            }
            guard let tip = evaluation.fullTip, regexp.search(tip) else {
                report.fail(
                    expected: source, actual: evaluation.tip ?? "no tip",
                    message:
                        "expected the tip to match /\(pattern)/, got \(evaluation.tip.map(Self.quoted) ?? "no tip")",
                    status: .expectationFailed)
                return
            }
        case .probe(let path, let comparison, let valueText) where path.event == .any:
            let text = try context.resolve(path.text, state)
            let expected = Self.literal(try context.resolve(valueText, state))
            let events = try streamEvents(of: exchange, path: path, context: context)
            for event in events {
                let selection = try select(
                    path, text: text, in: JSONDocument(.object(event.jsonObject)).root, context: context)
                if let actual = selection.value, comparison.holds(Self.order(actual, expected)) { return }
            }
            report.fail(
                expected: source, actual: "\(events.count) events",
                message: "no event of \(events.count) has \(text) \(comparison.rawValue) \(expected.jsonText())",
                status: .expectationFailed)
        case .eventCount(let comparison, let expected):
            guard let record = exchange.body.eventStream else {
                report.fail(
                    expected: source, actual: "no event stream",
                    message:
                        "the response is not an event stream (\(exchange.response.header("Content-Type") ?? "no type"))",
                    status: .expectationFailed)
                return
            }
            guard !comparison.holds(record.count < expected ? -1 : record.count == expected ? 0 : 1) else { return }
            report.fail(
                expected: source, actual: String(record.count),
                message: "expected events \(comparison.rawValue) \(expected), got \(record.count)",
                status: .expectationFailed)
        case .probe(let path, let comparison, let valueText):
            let text = try context.resolve(path.text, state)
            let selection = try select(path, text: text, in: exchange, state: state, context: context)
            let expected = Self.literal(try context.resolve(valueText, state))
            guard let actual = selection.value else {
                report.fail(
                    expected: source, actual: "nothing",
                    message: "'\(text)' selects nothing in the model", status: .expectationFailed)
                return
            }
            guard !comparison.holds(Self.order(actual, expected)) else { return }
            report.fail(
                expected: source, actual: actual.jsonText(),
                message: "expected \(text) \(comparison.rawValue) \(expected.jsonText()), got \(actual.jsonText())",
                status: .expectationFailed)
        case .count(let path, let comparison, let expected):
            let text = try context.resolve(path.text, state)
            let count = try select(path, text: text, in: exchange, state: state, context: context).count
            guard !comparison.holds(count < expected ? -1 : count == expected ? 0 : 1) else { return }
            report.fail(
                expected: source, actual: String(count),
                message: "expected count \(text) \(comparison.rawValue) \(expected), got \(count)",
                status: .expectationFailed)
        case .time(let comparison, let limit):
            let (seconds, attoseconds) = exchange.response.timing.total.components
            let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
            guard !comparison.holds(milliseconds < limit ? -1 : milliseconds == limit ? 0 : 1) else { return }
            report.fail(
                expected: source, actual: "\(Int(milliseconds.rounded())) ms",
                message: "expected time \(comparison.rawValue) \(limit) ms, took \(Int(milliseconds.rounded())) ms",
                status: .expectationFailed)
        case .unchanged:
            // It reads history: the runner checks it apart, after a call (see `checkUnchanged`).
            throw context.error(
                .syntax, at: 1,
                "'expect unchanged' compares with history: it is a script line, not a default or condition")
        }
    }

    private func lastExchange(_ state: ScriptState, context: Context) throws(ScriptError) -> APIExchange {
        guard let exchange = state.lastExchanges.last else {
            throw context.error(.noResponse, at: 1, "nothing to look at: no response yet (a 'call' must come first)")
        }
        return exchange
    }

    /// The kept events of the exchange's stream, or why a path cannot look in them.
    func streamEvents(of exchange: APIExchange, path: ScriptPath, context: Context) throws(ScriptError)
        -> [EvaluatedStreamEvent]
    {
        guard exchange.body.kind == .events else {
            throw context.error(
                .noResponse, at: path.text.column,
                "'event' looks in an event stream; the response is "
                    + (exchange.response.header("Content-Type") ?? "of no declared type"))
        }
        return exchange.body.events
    }

    /// The event a selector names among the kept ones, as its JSON object.
    func event(_ index: Int, of exchange: APIExchange, path: ScriptPath, context: Context) throws(ScriptError)
        -> JSONNode
    {
        let events = try streamEvents(of: exchange, path: path, context: context)
        let position = index < 0 ? events.count + index : index
        guard events.indices.contains(position) else {
            let dropped = exchange.body.eventStream?.dropped ?? 0
            throw context.error(
                .noResponse, at: path.text.column,
                "no event \(index): the stream kept \(events.count) events"
                    + (dropped > 0 ? " (the newest; \(dropped) older ones were dropped)" : ""))
        }
        return JSONDocument(.object(events[position].jsonObject)).root
    }

    /// Evaluates a path in the exchange's model, or in the event it names.
    func select(
        _ path: ScriptPath, text: String, in exchange: APIExchange, state: ScriptState, context: Context
    ) throws(ScriptError) -> Selection {
        switch path.event {
        case .index(let index)?:
            return try select(
                path, text: text, in: event(index, of: exchange, path: path, context: context), context: context)
        case .any?:
            // The first event the path selects something in.
            for event in try streamEvents(of: exchange, path: path, context: context) {
                let selection = try select(
                    path, text: text, in: JSONDocument(.object(event.jsonObject)).root, context: context)
                if selection.value != nil { return selection }
            }
            return .single(nil, stoppedAt: "no event has '\(text)'")
        case nil:
            break
        }
        guard let model = state.pagedItems ?? exchange.evaluation.model?.node else {
            throw context.error(
                .noResponse, at: path.text.column,
                "the response has no model at '\(exchange.evaluation.modelPath)'"
                    + (exchange.body.problem.map { ": \($0)" } ?? ""))
        }
        return try select(path, text: text, in: model, context: context)
    }

    /// Evaluates a path under `model`.
    func select(_ path: ScriptPath, text: String, in model: JSONNode, context: Context) throws(ScriptError)
        -> Selection
    {
        if path.isJSONPath {
            let query: JSONPath
            do {
                query = try JSONPath(text)
            } catch {
                throw context.error(.path, at: path.text.column + error.offset, error.message)
            }
            do {
                return .list(try query.select(in: model))
            } catch {
                throw context.error(.path, at: path.text.column, error.description)
            }
        }
        do {
            let profilePath = try ProfilePath(text)
            if let node = profilePath.select(in: model) { return .single(node, stoppedAt: nil) }
            let (match, missing) = profilePath.deepestMatch(in: model)
            let stoppedAt = match.location.components.isEmpty ? "the model" : "'\(match.location.profilePath)'"
            return .single(nil, stoppedAt: missing.map { "no '\($0.key)' under \(stoppedAt)" })
        } catch {
            throw context.error(.path, at: path.text.column + error.offset, error.message)
        }
    }

    /// A value from a script: JSON when it parses as JSON, otherwise the text as a string.
    static func literal(_ text: String) -> JSONValue {
        do {
            return try JSONDocument(parsing: text).root.value
        } catch {
            // Not JSON: a bare word such as `Ada` or `open` means that string.
            return .string(text)
        }
    }

    /// Orders two values: numbers by value, strings by code points; other kinds only as equal (0)
    /// or different (`nil`, which only `!=` accepts).
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            switch a.numericallyCompare(b) {
            case .less: return -1
            case .equal: return 0
            case .greater: return 1
            }
        case (.string(let a), .string(let b)):
            return a == b ? 0 : (a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1)
        default:
            return lhs == rhs ? 0 : nil
        }
    }

    static func statusSummary(_ evaluation: EnvelopeEvaluation) -> String {
        var parts: [String] = ["HTTP \(evaluation.http.code)"]
        if let status = evaluation.status { parts.append("status \(status.node.value.jsonText())") }
        if let tip = evaluation.tip { parts.append(quoted(tip)) }
        return " (" + parts.joined(separator: ", ") + ")"
    }

    static func quoted(_ text: String) -> String { JSONValue.string(text).jsonText() }
}
