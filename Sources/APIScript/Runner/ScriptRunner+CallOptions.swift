import APIClient
import APIHTTP
import APIMapping
import APISession
import Foundation

extension ScriptRunner {
    /// A `call`'s `--options`, read: what the call changes, and how many pages it walks.
    struct ReadOptions: Sendable {
        var call = CallOptions()
        /// Whether any option changes the call (else it is sent as a plain endpoint call).
        var changesCall = false
        /// `--pages`: `nil` for one call, `.some(nil)` for all pages, `.some(n)` for at most `n`.
        var pages: Int??
    }

    /// The most items a `call --pages` keeps for `probe` and `expect`.
    static let largestPagedItems = 1_000_000

    /// The default of ``pagedBytesBudget``: 32 MiB of pages, whose kept items cost up to about
    /// 26 times their text as values (deeply nested tiny arrays), under a gigabyte.
    package static let largestPagedBytes = 32 << 20

    /// The largest body `--data=@FILE` reads (a form's files stream instead).
    static let largestDataFile = 64 << 20

    /// Reads a `call`'s options; files named by `--data=@FILE` and `--form` are opened now, so a
    /// missing one is an error at its column before anything is sent.
    func readOptions(_ options: [ScriptCommand.Argument], state: ScriptState, context: Context)
        throws(ScriptError) -> ReadOptions
    {
        var read = ReadOptions()
        var fields: [FormField] = []
        var formColumn = 1
        for option in options {
            let text = try context.resolve(option.value, state)
            let column = option.value.column
            switch option.name {
            case "model":
                do {
                    read.call.envelope.model = try ProfilePath(text)
                } catch {
                    throw context.error(.path, at: column + error.offset, "--model: \(error.message)")
                }
                read.changesCall = true
            case "envelope":
                do {
                    let override = try EnvelopeOverride(inlineSpec: text)
                    read.call.envelope = read.call.envelope.merging(override)
                } catch {
                    throw context.error(.syntax, at: column + error.offset, "--envelope: \(error.message)")
                }
                read.changesCall = true
            case "pages":
                if text == "all" {
                    read.pages = .some(nil)
                } else if let count = Int(text), InputRanges.pages.contains(count) {
                    read.pages = .some(count)
                } else {
                    throw context.error(
                        .syntax, at: column,
                        "--pages takes 'all' or a number of pages in \(InputRanges.pages.lowerBound)..."
                            + "\(InputRanges.pages.upperBound), not '\(text)'")
                }
            case "data":
                read.call.body = try dataBody(text, column: column, context: context)
                read.changesCall = true
            case "form", "multipart":
                formColumn = column
                let field: FormField
                do {
                    field = try FormField(parsing: text)
                } catch {
                    throw context.error(
                        .syntax, at: column + max(error.column - 1, 0), "--\(option.name): \(error.message)")
                }
                try checkReadable(field, option: option.name, column: column, context: context)
                if option.name == "form" { read.call.fields.form.append(field) } else { fields.append(field) }
            case "header":
                guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else {
                    throw context.error(.syntax, at: column, "--header takes 'Name: value', not '\(text)'")
                }
                let name = String(text[..<colon])
                let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                guard !name.contains(where: { $0.isWhitespace || $0.isNewline }), !value.contains(where: \.isNewline)
                else {
                    throw context.error(
                        .syntax, at: column, "--header '\(name)': a name has no spaces, a value no line break")
                }
                read.call.headers.append(HTTPHeader(name: name, value: value))
                read.changesCall = true
            case "max-time", "connect-timeout":
                guard let milliseconds = DurationText.milliseconds(text),
                    InputRanges.timeoutMilliseconds.contains(milliseconds)
                else {
                    throw context.error(
                        .syntax, at: column,
                        "--\(option.name) takes a duration from 1ms to 24h (500ms, 2s, 1m), not '\(text)'")
                }
                if option.name == "max-time" {
                    read.call.limits.maximumTime = .milliseconds(milliseconds)
                } else {
                    read.call.limits.connectTimeout = .milliseconds(milliseconds)
                }
                read.changesCall = true
            case "max-events":
                guard let count = Int(text), InputRanges.maxEvents.contains(count) else {
                    throw context.error(
                        .syntax, at: column,
                        "--max-events takes a number of events in \(InputRanges.maxEvents.lowerBound)..."
                            + "\(InputRanges.maxEvents.upperBound), not '\(text)'")
                }
                read.call.streaming.events.maximumEvents = count
                read.changesCall = true
            default:
                throw context.error(.syntax, at: column, "unknown call option '--\(option.name)'")
            }
        }
        if read.pages != nil, read.call.body != nil || !fields.isEmpty || !read.call.fields.form.isEmpty {
            throw context.error(
                .syntax, at: options.first { $0.name == "pages" }?.value.column ?? 1,
                "--pages walks a list; it does not go with --data or --form (each page would send the body again)")
        }
        if !fields.isEmpty || !read.call.fields.form.isEmpty {
            if read.call.body != nil {
                throw context.error(
                    .syntax, at: formColumn, "--data and --form/--multipart do not go together; keep one")
            }
            read.call.fields.multipart = fields
            read.call.uploadProgress = uploadProgress
            read.changesCall = true
        }
        if let streaming {
            // What the host asked for (`request -o`, events printed as they arrive), under the line's own limits.
            let limits = read.call.streaming.events
            read.call.streaming = streaming
            read.call.streaming.events.maximumEvents = limits.maximumEvents ?? streaming.events.maximumEvents
            read.call.streaming.events.timeLimit = limits.timeLimit ?? streaming.events.timeLimit
            read.changesCall = true
        }
        return read
    }

    /// Refuses a file field whose file cannot be sent, at its column, before anything is sent.
    private func checkReadable(_ field: FormField, option: String, column: Int, context: Context) throws(ScriptError) {
        switch field.source {
        case .text: return
        case .file(let path), .textFile(let path):
            do {
                _ = try FileReader.regularFileSize(atPath: path, fieldName: field.name)
            } catch {
                throw context.error(.request, at: column, "--\(option): \(error.description)")
            }
        }
    }

    /// `--data=TEXT` (JSON when it parses) or `--data=@FILE` (its bytes, its type from the extension).
    private func dataBody(_ text: String, column: Int, context: Context) throws(ScriptError) -> BodyOverride {
        guard text.hasPrefix("@"), !text.hasPrefix("@@") else {
            let literal = text.hasPrefix("@@") ? String(text.dropFirst()) : text
            let isJSON: Bool
            do {
                _ = try JSONDocument(parsing: literal)
                isJSON = true
            } catch {
                isJSON = false
            }
            // The endpoint's declared type wins (a form endpoint's `a=1&b=2`); else JSON when it parses.
            return .declared(Array(literal.utf8), fallback: isJSON ? "application/json" : "text/plain; charset=utf-8")
        }
        let path = String(text.dropFirst())
        do {
            let bytes = try BoundedFile.read(URL(fileURLWithPath: path), maximumBytes: Self.largestDataFile)
            let field = FormField(name: "data", source: .file(path: path))
            return .bytes(bytes, contentType: field.effectiveContentType)
        } catch {
            throw context.error(.request, at: column, "--data=@\(path): \(error.description)")
        }
    }
}
