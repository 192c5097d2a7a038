package import APIClient
package import APIHTTP
package import APIMapping

/// Everything the Status, Tip and Model panes show about one exchange, live or loaded from history.
///
/// Built from an ``APIClient/APIExchange`` after a request, from a failure when no response arrived,
/// or by the history store from what it persisted (the memberwise initializer).
///
/// ```swift
/// let display = ExchangeDisplay(exchange: try await client.call(profile: demo, endpoint: "user"))
/// display.outcome  // .success
/// display.tip      // "成功"
/// ```
package struct ExchangeDisplay: Sendable {
    /// The endpoint identifier.
    package var endpoint: String
    /// The HTTP method.
    package var method: String
    /// The URL, with secrets redacted.
    package var url: String
    /// The HTTP status, or `nil` when no response arrived.
    package var httpStatus: Int?
    /// The reason phrase.
    package var reason: String
    /// The overall verdict.
    package var outcome: ExchangeOutcome
    /// What the body's status says.
    package var business: EnvelopeEvaluation.BusinessVerdict
    /// The business status value as compact text (`0`, `"ok"`, `false`), if found.
    package var businessStatus: String?
    /// The API's own message (the envelope's tip); `nil` when the body has none or no response came.
    package var tip: String?
    /// The model path of the envelope.
    package var modelPath: String
    /// The model node shown in the tree, or `nil` when there is none.
    package var model: JSONNode?
    /// Problems worth showing: envelope issues, a body that is not JSON.
    package var notes: [String]
    /// How long the exchange took.
    package var duration: Duration?
    /// The body size in bytes.
    package var size: Int
    /// The `Content-Type` header.
    package var contentType: String?
    /// The first lines of a body that is not JSON or XML (sanitized when drawn).
    package var textPreview: String?
    /// The catalogued name of the business failure (`token_expired`), or `uncatalogued`.
    package var businessError: String? = nil
    /// How the answer was obtained, one line each: `attempts 3`, `cache not modified, served from
    /// cache`, `rate 4990/5000 left, resets in 42m`, `auth signed in again`.
    package var delivery: [(label: String, value: String)] = []
    /// The whole body the envelope read, for mapping the model from another path ("map from here").
    package var body: JSONNode? = nil
    /// What the body is when it is not text: `PNG image 64×48 · declared image/png`, `binary (pdf)`.
    package var media: String? = nil
    /// The bytes of a binary body, for the hex view.
    package var rawBytes: [UInt8]? = nil
    /// Where this exchange is in a walk of the endpoint's pages.
    package var page: PageStatus? = nil
    /// This page's items, when the endpoint pages.
    package var pageItems: [JSONNode]? = nil
    /// Why no response came (a transport failure, a cancelled request, a request that could not be
    /// built), shown in the Status pane: the Tip pane is for the API's own message.
    package var failure: String? = nil
    /// The kind of that failure: `connection refused`, `read timeout`, `cancelled`, `profile`.
    package var failureKind: String? = nil
    /// The response head, raw body, request as sent and timing for the inspector views; `nil` when
    /// no response arrived.
    package var inspection: ExchangeInspection? = nil
    /// The history row the exchange was recorded as (or loaded from); `nil` when it was not recorded.
    package var historyID: Int64? = nil
    /// The kept events of an event-stream answer, oldest first; `nil` for any other body.
    package var streamEvents: [EvaluatedStreamEvent]? = nil
    /// Every event the stream delivered, kept or not.
    package var streamEventCount = 0
    /// How the stream ended (`complete`, `stopped`, `time limit`, `broken: …`).
    package var streamEnd: String? = nil

    /// Creates a display from its parts (the history store uses this).
    ///
    /// ```swift
    /// ExchangeDisplay(endpoint: "user", method: "GET", url: "http://x/cmd/users/1", httpStatus: 200, reason: "OK",
    ///                 outcome: .success, business: .success, businessStatus: "0", tip: "成功", modelPath: "data",
    ///                 model: document.root["data"], notes: [], duration: nil, size: 312,
    ///                 contentType: "application/json", textPreview: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint identifier.
    ///   - method: The HTTP method.
    ///   - url: The redacted URL.
    ///   - httpStatus: The status.
    ///   - reason: The reason phrase.
    ///   - outcome: The verdict.
    ///   - business: The business verdict.
    ///   - businessStatus: The status value as text.
    ///   - tip: The tip message.
    ///   - modelPath: The model path.
    ///   - model: The model node.
    ///   - notes: Problems worth showing.
    ///   - duration: The duration.
    ///   - size: The body size.
    ///   - contentType: The content type.
    ///   - textPreview: A preview of a non-JSON body.
    package init(
        endpoint: String, method: String, url: String, httpStatus: Int?, reason: String, outcome: ExchangeOutcome,
        business: EnvelopeEvaluation.BusinessVerdict, businessStatus: String?, tip: String?, modelPath: String,
        model: JSONNode?, notes: [String], duration: Duration?, size: Int, contentType: String?,
        textPreview: String?
    ) {
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.httpStatus = httpStatus
        self.reason = reason
        self.outcome = outcome
        self.business = business
        self.businessStatus = businessStatus
        self.tip = tip
        self.modelPath = modelPath
        self.model = model
        self.notes = notes
        self.duration = duration
        self.size = size
        self.contentType = contentType
        self.textPreview = textPreview
    }

    /// Creates the display of a completed exchange.
    ///
    /// ```swift
    /// ExchangeDisplay(exchange: exchange).businessStatus  // "40013"
    /// ```
    ///
    /// - Parameter exchange: The exchange from ``APIClient/ProfileClient/call(profile:endpoint:parameters:options:progress:)``.
    package init(exchange: APIExchange) {
        let evaluation = exchange.evaluation
        var notes = evaluation.issues
        if let problem = exchange.body.problem { notes.append(problem) }
        var preview: String?
        if exchange.body.document == nil, !exchange.response.body.isEmpty {
            preview = String(decoding: exchange.response.body.prefix(4096), as: UTF8.self)
        }
        self.init(
            endpoint: exchange.endpointID, method: exchange.request.method,
            url: exchange.request.redaction.redact(url: exchange.request.url), httpStatus: exchange.response.status,
            reason: exchange.response.reason, outcome: evaluation.outcome,
            business: evaluation.business, businessStatus: evaluation.status.map { JSONSummary.compact($0.node) },
            tip: evaluation.tip, modelPath: evaluation.modelPath.description, model: evaluation.model?.node,
            notes: notes, duration: exchange.response.timing.total, size: exchange.response.body.count,
            contentType: exchange.response.header("Content-Type"), textPreview: preview)
        businessError = exchange.businessError.map { $0.name ?? "uncatalogued" }
        delivery = exchange.deliveryNotes().map { ($0.label + " ", $0.value) }
        body = evaluation.body
        media = Self.mediaLine(exchange)
        inspection = ExchangeInspection(exchange: exchange, source: .live)
        if exchange.body.kind == .binary {
            rawBytes = exchange.response.body
            textPreview = nil
        }
        if exchange.body.kind == .events {
            streamEvents = exchange.body.events
            streamEventCount = exchange.body.eventStream?.count ?? exchange.body.events.count
            streamEnd = exchange.body.streamEnd?.description
            textPreview = nil
        }
    }

    /// `PNG image 64×48 · declared image/png`, or `declared json, detected html` when they disagree.
    static func mediaLine(_ exchange: APIExchange) -> String? {
        let media = exchange.response.media
        let declared = media.declared.map { " · declared \($0.mimeType)" } ?? ""
        if media.detected.isImage, let image = exchange.response.image {
            return "\(image.kind.rawValue.uppercased()) image \(image.width)×\(image.height)\(declared)"
        }
        if media.disagrees {
            return "declared \(media.declared?.rawValue ?? "?"), detected \(media.detected.rawValue)"
        }
        if exchange.body.kind == .binary {
            let detected = media.detected == .binary ? "" : " (\(media.detected.rawValue))"
            return "binary\(detected)\(declared)"
        }
        return nil
    }

    /// Creates the display of a request that got no response.
    ///
    /// ```swift
    /// ExchangeDisplay(failure: "connection refused", endpoint: "user", method: "GET", url: "http://127.0.0.1:9/")
    /// ```
    ///
    /// - Parameters:
    ///   - failure: What went wrong, shown in the Status pane.
    ///   - endpoint: The endpoint identifier.
    ///   - method: The HTTP method.
    ///   - url: The redacted URL, or `""` when the request could not be built.
    ///   - outcome: ``ExchangeOutcome/transportFailure``, ``ExchangeOutcome/profileFailure`` or
    ///     ``ExchangeOutcome/cancelled``.
    ///   - duration: How long it ran before failing.
    ///   - kind: The kind of failure (`connection refused`); `cancelled` for a cancelled request.
    package init(
        failure: String, endpoint: String, method: String, url: String, outcome: ExchangeOutcome = .transportFailure,
        duration: Duration? = nil, kind: String? = nil
    ) {
        self.init(
            endpoint: endpoint, method: method, url: url, httpStatus: nil, reason: "", outcome: outcome,
            business: .undetermined, businessStatus: nil, tip: nil, modelPath: "", model: nil, notes: [],
            duration: duration, size: 0, contentType: nil, textPreview: nil)
        self.failure = failure
        failureKind = kind ?? (outcome == .cancelled ? "cancelled" : nil)
    }

    /// Creates the display of a call the client could not complete: the kind of a transport failure
    /// (or `profile` when the request could not be built) and its redacted description.
    ///
    /// ```swift
    /// ExchangeDisplay(error: error, endpoint: "user", method: "GET", duration: elapsed, cancelled: false)
    /// // failureKind "connection refused"
    /// ```
    ///
    /// - Parameters:
    ///   - error: The client's error; its description masks secret query values.
    ///   - endpoint: The endpoint identifier.
    ///   - method: The HTTP method.
    ///   - duration: How long it ran before failing.
    ///   - cancelled: Whether the user cancelled it (the task was cancelled).
    package init(error: ClientError, endpoint: String, method: String, duration: Duration?, cancelled: Bool) {
        let url = error.request.map { $0.redaction.redact(url: $0.url) } ?? ""
        let kind = cancelled ? "cancelled" : error.transportError.map { $0.kind.description } ?? "profile"
        // The Status pane shows the kind and the URL on lines of their own: the message is what the
        // transport library said, or the whole description when there is no URL line to carry it.
        var message = error.description
        if let transport = error.transportError, !url.isEmpty {
            message = transport.message.isEmpty ? transport.kind.description : transport.message
        }
        self.init(
            failure: message, endpoint: endpoint, method: error.request?.method ?? method, url: url,
            outcome: cancelled ? .cancelled : error.profileError == nil ? .transportFailure : .profileFailure,
            duration: duration, kind: kind)
    }
}

/// Where an exchange is in a walk of its endpoint's pages.
///
/// ```swift
/// PageStatus(number: 3, totalPages: 17, items: 612, hasNext: true, stop: nil).description
/// // "page 3 of 17 · 612 items · ] next"
/// ```
package struct PageStatus: Sendable, Equatable, CustomStringConvertible {
    /// The page's number in the walk, from 1.
    package var number: Int
    /// The pages the answers announce, when they do.
    package var totalPages: Int?
    /// Items seen so far.
    package var items: Int
    /// Whether another page can be loaded.
    package var hasNext: Bool
    /// Why there is no next page, when there is none.
    package var stop: String?

    /// Creates a status.
    package init(number: Int, totalPages: Int?, items: Int, hasNext: Bool, stop: String?) {
        self.number = number
        self.totalPages = totalPages
        self.items = items
        self.hasNext = hasNext
        self.stop = stop
    }

    package var description: String {
        let of = totalPages.map { " of \($0)" } ?? ""
        return "page \(number)\(of) · \(items) items" + (hasNext ? " · ] next" : stop.map { " · \($0)" } ?? "")
    }
}
