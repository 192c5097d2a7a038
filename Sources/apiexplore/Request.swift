import APIClient
import APIHTTP
import APIImport
import APIMapping
import APIScript
import APISession
import ArgumentParser
import Foundation

/// `apiexplore request PROFILE ENDPOINT [name=value ...]`: one call, printed.
struct Request: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Send one endpoint of a profile and print the evaluated exchange.",
        discussion: """
            --output json (default) prints one JSON object: request (redacted), response status, \
            headers and timing, the envelope's evaluation with the model, and the probe; pretty prints \
            a readable summary; raw prints the body as received (control bytes escaped on a terminal); \
            model prints the model, or the probed value, as JSON.

            Exit codes: 0 success; 1 the probe selected nothing or a default expectation failed; \
            2 usage or profile error; 3 transport failure; 4 business failure where the profile \
            expects success.
            """)

    enum Output: String, ExpressibleByArgument, CaseIterable {
        case json, pretty, raw, model
    }

    @Argument(help: "The profile name.")
    var profile: String

    @Argument(help: "The endpoint id.")
    var endpoint: String

    @Argument(help: "Parameters as name=value; name:=json gives a JSON body field as JSON (count:=3, tags:='[\"a\"]').")
    var parameters: [String] = []

    @Option(help: "A profile path or $JSONPath evaluated in the model.")
    var probe: String?

    @Option(help: "json, pretty, raw or model.")
    var output: Output = .json

    @Flag(
        name: .customLong("print-curl"),
        help: "Print the request as a curl command line and do not send it; secrets become $VARIABLE references.")
    var printCurl = false

    @Flag(
        name: .customLong("dry-run"),
        help: "Print the fully resolved request, secrets masked, and do not send it.")
    var dryRun = false

    @Option(help: "Map this call's model from this profile path instead of the envelope's (data>list).")
    var model: String?

    @Option(help: "Change this call's envelope fields: 'status=code,success=0,tip=msg,model=data'.")
    var envelope: String?

    @Option(
        name: [.customShort("d"), .long],
        help: "Send this body instead of the endpoint's, with the endpoint's content type; @FILE reads a file.")
    var data: String?

    @Option(
        name: [.customShort("H"), .customLong("header")],
        help: ArgumentHelp("A header, replacing the same-named one; repeat for more.", valueName: "Name: value"))
    var headers: [String] = []

    @Option(
        name: [.customShort("f"), .customLong("form")],
        help: "A form field, NAME=VALUE (x-www-form-urlencoded; NAME=@FILE makes it multipart); repeat for more.")
    var form: [String] = []

    @Option(
        name: [.customShort("F"), .customLong("multipart")],
        help: "A multipart/form-data field, NAME=VALUE or NAME=@FILE (streamed from disk); repeat for more.")
    var multipart: [String] = []

    @Option(
        name: [.customShort("o"), .customLong("output-file")],
        help: "Save the response body here as it arrives (memory stays flat), but for known secrets.")
    var outputFile: String?

    @Option(
        name: .customLong("max-filesize"),
        help:
            "With -o or --output raw: refuse a body larger than this (500MB, 2GiB, bytes); max_body_size caps only what is parsed."
    )
    var maxFileSize: String?

    @Option(
        name: .customLong("max-events"), help: "An event stream (SSE, NDJSON, JSON-seq): stop after this many events.")
    var maxEvents: Int?

    @Flag(help: "Walk every page the endpoint's paginate: declares; print each item as a JSON line.")
    var all = false

    @Option(help: "Walk at most this many pages (1-1000000); print each item as a JSON line.")
    var pages: Int?

    @Flag(
        name: .customLong("show-secrets"),
        help: ArgumentHelp(
            "Print secrets in clear in this command's output (with --print-curl, literal credentials "
                + "from the profile); history and logs stay masked."))
    var showSecrets = false

    @OptionGroup var sessionOptions: SessionOptions

    func validate() throws {
        for parameter in parameters where !parameter.contains("=") || parameter.hasPrefix("=") {
            throw ValidationError("Parameter '\(parameter)' is not name=value.")
        }
        if printCurl && dryRun { throw ValidationError("--print-curl and --dry-run do not go together") }
        if all && pages != nil { throw ValidationError("--all and --pages do not go together") }
        if let pages, !InputRanges.pages.contains(pages) {
            throw ValidationError(
                "--pages must be in \(InputRanges.pages.lowerBound)...\(InputRanges.pages.upperBound)")
        }
        let hasFields = !form.isEmpty || !multipart.isEmpty
        if data != nil && hasFields {
            throw ValidationError("--data and --form/--multipart do not go together; keep one")
        }
        for header in headers {
            guard let colon = header.firstIndex(of: ":"), colon > header.startIndex,
                !header[..<colon].contains(where: \.isWhitespace)
            else { throw ValidationError("-H '\(header)' is not 'Name: value'") }
        }
        if let maxFileSize {
            guard let bytes = SizeLimitSyntax.parse(maxFileSize), InputRanges.maxFileSize.contains(bytes) else {
                throw ValidationError(
                    "--max-filesize must be a size in \(InputRanges.describe(bytes: InputRanges.maxFileSize)), "
                        + "not '\(maxFileSize)'")
            }
            if outputFile == nil && output != .raw {
                throw ValidationError("--max-filesize caps what is saved; it goes with -o or --output raw")
            }
        }
        if let maxEvents, !InputRanges.maxEvents.contains(maxEvents) {
            throw ValidationError(
                "--max-events must be in \(InputRanges.maxEvents.lowerBound)...\(InputRanges.maxEvents.upperBound)")
        }
        let hasJSONFields = namedParameters.contains { $0.name.hasSuffix(":") }
        if printCurl || dryRun,
            data != nil || hasFields || !headers.isEmpty || hasJSONFields || model != nil
                || envelope != nil
        {
            throw ValidationError(
                "--print-curl and --dry-run show the endpoint's own request; drop --data, --form, --multipart, "
                    + "--header, name:=json, --model and --envelope")
        }
        if isWalking {
            if data != nil || hasFields || outputFile != nil || maxFileSize != nil || maxEvents != nil {
                throw ValidationError(
                    "--all and --pages walk a list; drop --data, --form, --multipart, --output-file, --max-filesize "
                        + "and --max-events")
            }
            if printCurl || dryRun {
                throw ValidationError("--all and --pages send requests; drop --print-curl/--dry-run")
            }
            if output != .json { throw ValidationError("--all and --pages print JSON lines; drop --output") }
        }
    }

    /// Whether the command walks pages (`--all`, `--pages`).
    var isWalking: Bool { all || pages != nil }

    func run() async throws {
        if showSecrets { Terminal.revealSecrets() }
        let host = try await SessionHost(options: sessionOptions, loading: profile)
        if isWalking {
            let status: Int32
            switch host.profile {
            case .success(let loaded)?: status = await walkPages(host: host, profile: loaded, values: values)
            case .failure(let error)?:
                Terminal.errorLine(error.description)
                status = 2
            case nil: status = 2
            }
            await host.close()
            if status != 0 { throw ExitCode(status) }
            return
        }
        if printCurl || dryRun {
            let status = await show(host: host)
            await host.close()
            if status != 0 { throw ExitCode(status) }
            return
        }
        // Opened before anything is sent: a path that cannot be written is refused first (and the
        // session closed, as every way out of the command does).
        let saved: SavedBodyFile?
        do {
            saved = try outputFile.map { try SavedBodyFile(path: $0) }
        } catch {
            await host.close()
            throw error
        }
        let printer = EventPrinter(style: output == .pretty ? .pretty : output == .model ? .model : .json)
        let report = await send(host: host, streaming: streaming(saving: saved, printer: printer))
        await host.close()
        guard let report else { throw ExitCode(2) }
        if let saved, let response = report.exchange?.response {
            if let stream = response.stream, stream.savedTo != nil {
                saved.close()
                let digest = stream.sha256.map { " (sha256 \($0))" } ?? ""
                if saved.path != "-" { Terminal.error("saved \(stream.byteCount) bytes to \(saved.path)\(digest)") }
            } else {
                // The body as received, but for the secrets the session knows (unless --show-secrets).
                let body = Terminal.maskedBody(response.body, json: report.exchange?.body.kind == .json)
                try saved.save(body)
                if saved.path != "-" { Terminal.error("saved \(response.body.count) bytes to \(saved.path)") }
            }
        } else {
            saved?.close()
        }
        try emit(report)
    }

    /// How the call takes its answer as it arrives: saved to `saving` (`-o`) or written to standard
    /// output (`--output raw`), and each event of a stream printed by `printer`.
    private func streaming(saving saved: SavedBodyFile?, printer: EventPrinter) -> ResponseStreaming {
        var streaming = ResponseStreaming()
        let limit = maxFileSize.flatMap { SizeLimitSyntax.parse($0) }
        if let saved {
            streaming.download = BodyDownload(maximumSize: limit, keptBytes: Self.keptBytes) {
                () throws(ResponseStreamError) in
                try saved.restart()
                return saved
            }
        } else if output == .raw {
            let sanitizes = Terminal.outputIsTerminal
            streaming.download = BodyDownload(maximumSize: limit, keptBytes: Self.keptBytes) {
                StandardOutputDestination(sanitizes: sanitizes)
            }
        }
        streaming.events.maximumEvents = maxEvents
        streaming.events.onEvent = { printer.print($0) }
        if output != .pretty && output != .model {
            streaming.events.onJSONLines = { printer.write(lines: $0) }
        }
        streaming.events.onBatchEnd = { printer.flush() }
        streaming.events.onReconnect = { attempt, lastEventID in
            Terminal.error(
                "the stream broke; reconnecting (\(attempt))" + (lastEventID.map { " with Last-Event-ID \($0)" } ?? ""))
        }
        return streaming
    }

    /// The most of a body saved with `-o` that is also kept in memory, and parsed when that is all of it.
    static let keptBytes = 8 << 20

    private func send(host: SessionHost, streaming: ResponseStreaming) async -> CommandReport? {
        var state = ScriptState()
        // The call and probe run as script lines, so `request` and scripts share one behaviour. A profile
        // that did not load is left to a `use` line, which reports why as in every script.
        var lines: [String] = []
        switch host.profile {
        case .success(let loaded)?: state.profile = loaded
        default: lines.append("use \(Self.quoted(profile))")
        }
        var call = "call \(Self.quoted(endpoint))"
        call += namedParameters.map { " \($0.name)=\(Self.quoted($0.value))" }.joined()
        call += callOptions.map { " --\($0.name)=\(Self.quoted($0.value))" }.joined()
        lines.append(call)
        let progress = ProgressLine.make()
        var runner = ScriptRunner(session: host.session, progress: progress.map { $0.update })
        runner.uploadProgress = progress.map { $0.update }
        runner.streaming = streaming
        defer { progress?.finish() }
        var last: CommandReport?
        do {
            let script = try Script(parsing: lines.joined(separator: "\n"), name: "<command line>")
            for command in script.commands {
                let report = await runner.execute(command, in: &state, scriptName: "<command line>")
                last = report
                if report.scriptError != nil { break }
            }
        } catch {
            Terminal.errorLine(error.description)
        }
        guard var report = last else { return nil }
        // The transcript shows the command: never a form's text values or a body given inline.
        report.source = shownSource
        if let probe, let exchange = report.exchange {
            report.details.append(("probe", probeResult(probe, in: exchange)))
        }
        return report
    }

    /// `--print-curl` and `--dry-run`: the request, resolved and not sent; the exit status.
    private func show(host: SessionHost) async -> Int32 {
        let loaded: Profile
        switch host.profile {
        case .success(let profile)?: loaded = profile
        case .failure(let error)?:
            Terminal.errorLine(error.description)
            return 2
        case nil: return 2
        }
        do {
            if dryRun {
                let request = try await host.session.preview(endpoint: endpoint, parameters: values, profile: loaded)
                var text = request.redactedHead
                if let body = request.body {
                    text += "\n\n" + request.redaction.redact(text: request.maskedBody(body))
                }
                Terminal.write(text.terminalSafe + "\n")
            } else {
                var references = ShellReferences()
                let request = try await host.session.shellTemplate(
                    endpoint: endpoint, parameters: values, profile: loaded
                ) { references.standIn(for: $0) }
                let command = CurlCommand(request, references: references, revealingSecrets: showSecrets)
                Terminal.write(command.rendered(multiline: false, quoting: references.quote).terminalSafe + "\n")
            }
        } catch let error as ClientError {
            Terminal.errorLine(error.description)
            return 2
        } catch {
            Terminal.error("\(error)")
            return 2
        }
        switch loaded.auth {
        case .oauth2?, .login?:
            Terminal.error(
                "note: profile '\(loaded.name)' signs in first; its token is added when apiexplore sends the request")
        default:
            break
        }
        return 0
    }

    /// The script options the flags stand for: `--model`, `--envelope`, `--data`, `--form`,
    /// `--multipart`, `--header`.
    var callOptions: [(name: String, value: String)] {
        var options: [(name: String, value: String)] = []
        if let model { options.append(("model", model)) }
        if let envelope { options.append(("envelope", envelope)) }
        if let data { options.append(("data", data)) }
        options += form.map { ("form", $0) }
        options += multipart.map { ("multipart", $0) }
        options += headers.map { ("header", $0) }
        return options
    }

    /// The command as transcripts show it: form text values, header values and an inline `--data`
    /// body replaced by their sizes or `(text)`, since they can hold passwords.
    var shownSource: String {
        var words = ["call", Self.quoted(endpoint)] + parameters.map { Self.quoted($0) }
        if let model { words.append("--model=\(Self.quoted(model))") }
        if let envelope { words.append("--envelope=\(Self.quoted(envelope))") }
        if let data {
            words.append(
                data.hasPrefix("@") && !data.hasPrefix("@@")
                    ? "--data=\(Self.quoted(data))" : "--data=(\(data.utf8.count) B)")
        }
        for (option, fields) in [("form", form), ("multipart", multipart)] {
            for field in fields {
                let name = field.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                let value = field.dropFirst(name.count + 1)
                words.append(
                    value.hasPrefix("@") || value.hasPrefix("<")
                        ? "--\(option)=\(Self.quoted(field))" : "--\(option)=\(name)=(text)")
            }
        }
        for header in headers {
            words.append("--header=\(Self.quoted(String(header.prefix { $0 != ":" }))): (text)")
        }
        return words.joined(separator: " ")
    }

    /// The `name=value` arguments split, in order.
    var namedParameters: [(name: String, value: String)] {
        parameters.map { $0.split(separator: "=", maxSplits: 1).map(String.init).pair }
    }

    /// The parameters as a dictionary; a later `name=` wins.
    var values: [String: String] {
        Dictionary(namedParameters, uniquingKeysWith: { $1 })
    }

    private func probeResult(_ path: String, in exchange: APIExchange) -> JSONValue {
        guard let model = exchange.evaluation.model?.node else {
            return ["path": .string(path), "found": false, "value": .null, "problem": "the response has no model"]
        }
        do {
            if path.hasPrefix("$") {
                let matches = try JSONPath(path).select(in: model)
                return ["path": .string(path), "found": true, "value": .array(matches.map(\.node.value))]
            }
            let node = try ProfilePath(path).select(in: model)
            return ["path": .string(path), "found": .bool(node != nil), "value": node?.value ?? .null]
        } catch let error as PathSyntaxError {
            return ["path": .string(path), "found": false, "value": .null, "problem": .string(error.description)]
        } catch {
            return ["path": .string(path), "found": false, "value": .null, "problem": .string("\(error)")]
        }
    }

    private func emit(_ report: CommandReport) throws {
        if let error = report.scriptError {
            Terminal.errorLine(error.message)
            throw ExitCode(2)
        }
        let probe = report.details.first { $0.key == "probe" }?.value.objectValue
        if let problem = probe?["problem"]?.stringValue {
            Terminal.error("--probe: \(problem)")
            throw ExitCode(2)
        }
        if let exchange = report.exchange, exchange.body.kind == .events, output != .raw {
            // Each event was printed as it arrived; what is left is how the stream went.
            try emitStreamEnd(report, exchange: exchange)
            return
        }
        switch output {
        case .json:
            var object =
                report.exchange.map { ExchangeJSON.object($0, markingModel: true) } ?? [
                    "profile": .string(profile), "endpoint": .string(endpoint),
                ]
            if let error = report.transportError {
                object.append(
                    key: "error",
                    value: ["kind": .string(error.kind.description), "message": .string(error.description)])
            }
            if let probe { object.append(key: "probe", value: .object(probe)) }
            object.append(key: "history_id", value: report.historyID.map { .number(JSONNumber($0)) } ?? .null)
            for (key, value) in report.details where key == "stored" || key == "history_error" {
                object.append(key: key, value: value)
            }
            object.append(
                key: "failures", value: .array(report.failures.map { .string($0.message) }))
            let style: JSONStyle = Terminal.outputIsTerminal ? .pretty : .compact
            Terminal.writeJSON(
                JSONDocument(.object(object)).root, style: style, masking: report.secretRedaction,
                splicing: report.exchange?.evaluation.model?.node)
        case .pretty:
            Transcript(pretty: true).print(report)
        case .raw:
            // A successful body was written as it arrived.
            if report.exchange?.response.stream?.savedTo == "-" { break }
            if let exchange = report.exchange {
                let body = Terminal.maskedBody(exchange.response.body, json: exchange.body.kind == .json)
                if Terminal.outputIsTerminal {
                    Terminal.write(String(decoding: body, as: UTF8.self).terminalSafe)
                } else {
                    Terminal.writeOutput(Data(body))
                }
            }
        case .model:
            let style: JSONStyle = Terminal.outputIsTerminal ? .pretty : .compact
            if let value = probe?["value"] {
                Terminal.writeJSON(JSONDocument(value).root, style: style, masking: report.secretRedaction)
            } else if let model = report.exchange?.evaluation.model?.node {
                // Streamed from the parsed body: never built as values.
                Terminal.writeJSON(model, style: style, masking: report.secretRedaction)
            }
        }
        if let error = report.transportError {
            Terminal.error(error.description)
            throw ExitCode(ScriptExitStatus.transportFailure.rawValue)
        }
        if report.status != .passed {
            for failure in report.failures { Terminal.error(failure.message) }
            throw ExitCode(report.status.rawValue)
        }
        if probe?["found"] == .bool(false) {
            Terminal.error("--probe '\(probe?["path"]?.stringValue ?? "")' selects nothing in the model")
            throw ExitCode(1)
        }
    }

    /// After an event stream: one summary line on standard error, and the exit status (3 when it
    /// broke and could not be resumed, 4 when an event was a business failure, 1 when an expectation failed).
    private func emitStreamEnd(_ report: CommandReport, exchange: APIExchange) throws {
        let record = exchange.body.eventStream
        let end = exchange.body.streamEnd ?? .complete
        var line = "stream: \(record?.count ?? 0) events"
        if let dropped = record?.dropped, dropped > 0 { line += " (\(dropped) not kept in history)" }
        if let reconnects = record?.reconnects, reconnects > 0 { line += ", \(reconnects) reconnections" }
        let malformed = exchange.body.events.filter { $0.event.error != nil }.count
        if malformed > 0 { line += ", \(malformed) not valid JSON" }
        line += ", ended: \(end)"
        if let id = report.historyID { line += ", history #\(id)" }
        Terminal.error(line)
        if case .broken = end {
            throw ExitCode(ScriptExitStatus.transportFailure.rawValue)
        }
        if report.status != .passed {
            for failure in report.failures { Terminal.error(failure.message) }
            throw ExitCode(report.status.rawValue)
        }
    }

    /// A script word for `text`: as it is when it is a plain word, else quoted with quotes,
    /// backslashes and `${` escaped.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && !text.contains { $0.isWhitespace || "\"\\${};=#".contains($0) }
        if plain { return text }
        // A line break would end the script line the flags are written into: escape them as the
        // scanner reads them back.
        return "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "${", with: "$${").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t") + "\""
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (self[0], count > 1 ? self[1] : "") }
}
