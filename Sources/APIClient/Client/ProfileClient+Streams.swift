import APIHTTP
import APIMapping

extension ProfileClient {
    /// The body-size cap a stream's single event is held to when neither the profile nor the
    /// transport says less: an event is parsed whole, so it obeys the parse cap.
    static let largestEvent = 16 << 20

    /// Sends a request with its body handler (a download, or the event-stream reader), and reopens a
    /// server-sent event stream that broke, as the WHATWG standard says: after the reconnection time
    /// (`retry:`), with `Last-Event-ID` set to the last event ID, up to
    /// `EventStreamOptions.reconnects` times, within the stream's own time limit.
    ///
    /// A reconnection that fails, or is answered with anything but an event stream (a `204` tells
    /// the client to stop), ends the stream where it broke; what arrived is kept.
    ///
    /// Events are heard as JSON lines (`EventStreamOptions.onJSONLines`) when the caller asks for
    /// them and the request applies no envelope per event and has no secret to mask; else one by one.
    func sendStreaming(
        _ spec: HTTPRequestSpec, request: ResolvedRequest, streaming: ResponseStreaming,
        progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord {
        var spec = spec
        if let download = streaming.download {
            spec.bodyHandler = download
            return try await sendThroughChain(spec, request: request, progress: progress)
        }
        let clock = ContinuousClock()
        let started = clock.now
        var events = streaming.events
        // JSON lines say neither the envelope's verdict nor what a secret masks: such a call's
        // listener hears each event.
        if request.eventEnvelope || !request.redaction.secrets.isEmpty {
            events.onJSONLines = nil
        } else if events.onJSONLines != nil {
            events.onEvent = nil
        }
        let maximumEventSize = min(request.maxBodySize ?? Self.largestEvent, Self.largestEvent)
        let evaluate = Self.eventEvaluator(for: request)
        spec.bodyHandler = EventStreamHandler(
            options: events, resume: nil, maximumEventSize: maximumEventSize, evaluate: evaluate)
        var response = try await sendThroughChain(spec, request: request, progress: progress)
        var reconnects = 0
        while let stream = response.stream, var record = stream.events, record.format == .serverSentEvents,
            case .broken = stream.end, reconnects < events.reconnects, events.control?.isStopped != true
        {
            let wait = record.reconnectionTime.map { Duration.milliseconds($0) } ?? events.defaultReconnectionTime
            var remaining: Duration?
            if let limit = events.timeLimit {
                let left = limit - (clock.now - started) - wait
                guard left > .zero else { break }
                remaining = left
            }
            do {
                try await Task.sleep(for: wait)
            } catch {
                break
            }
            reconnects += 1
            record.reconnects = reconnects
            let lastEventID = record.lastEventID ?? ""
            var again = spec
            again.headers.removeAll { $0.name.lowercased() == "last-event-id" }
            if !lastEventID.isEmpty { again.headers.append((name: "Last-Event-ID", value: lastEventID)) }
            var options = events
            options.timeLimit = remaining
            again.bodyHandler = EventStreamHandler(
                options: options, resume: EventStreamResume(record), maximumEventSize: maximumEventSize,
                evaluate: evaluate)
            events.onReconnect?(reconnects, lastEventID.isEmpty ? nil : lastEventID)
            let next: HTTPResponseRecord
            do {
                next = try await sendThroughChain(again, request: request, progress: progress)
            } catch {
                response.stream?.events?.reconnects = reconnects
                response.stream?.end = .broken("reconnection \(reconnects) failed: \(error.kind)")
                break
            }
            guard next.stream?.events != nil else {
                response.stream?.events?.reconnects = reconnects
                response.stream?.end = .broken(
                    "reconnection \(reconnects) was answered \(next.status) without an event stream; stopped")
                break
            }
            response = next
        }
        return response
    }

    /// What listeners get for each event: the event, and the envelope's evaluation of its data when
    /// the endpoint asks for it (`events: {envelope: true}`) and the data is JSON.
    static func eventEvaluator(for request: ResolvedRequest) -> @Sendable (StreamEvent) -> EvaluatedStreamEvent {
        let redaction = request.redaction
        guard request.eventEnvelope else {
            return { EvaluatedStreamEvent(event: $0, evaluation: nil, redaction: redaction) }
        }
        let envelope = request.envelope
        return { event in
            EvaluatedStreamEvent(
                event: event, evaluation: event.document.map { envelope.evaluate(httpStatus: 200, body: $0.root) },
                redaction: redaction)
        }
    }

    /// The body as the exchange reads it: whole as usual, or what a streamed body kept (a small saved
    /// body parsed; a large one's head and where it went; an event stream's events).
    static func responseBody(of response: HTTPResponseRecord, request: ResolvedRequest) -> ResponseBody {
        let contentType = response.header("Content-Type")
        guard let stream = response.stream else {
            return ResponseBody(
                bytes: response.body, contentType: contentType, xmlArrays: request.xmlArrays,
                feeds: request.normalizesFeeds)
        }
        if let events = stream.events {
            let evaluate = eventEvaluator(for: request)
            return ResponseBody(events: events.kept.map(evaluate), record: events, end: stream.end)
        }
        if stream.isWhole {
            return ResponseBody(
                bytes: response.body, contentType: contentType, xmlArrays: request.xmlArrays,
                feeds: request.normalizesFeeds)
        }
        return ResponseBody(savedHead: response.body, stream: stream)
    }

    /// The exchange's evaluation. For an event stream read with the envelope per event, the first
    /// event that failed, else the last evaluated one (a job's final envelope); for any other stream,
    /// HTTP decides and the model is the list of events.
    static func evaluation(of response: HTTPResponseRecord, body: ResponseBody, request: ResolvedRequest)
        -> EnvelopeEvaluation
    {
        guard body.kind == .events else {
            return request.envelope.evaluate(httpStatus: response.status, body: body.document?.root)
        }
        let evaluated = body.events.compactMap(\.evaluation)
        let failed = evaluated.first { $0.outcome != .success }
        if request.eventEnvelope, (200..<300).contains(response.status), let chosen = failed ?? evaluated.last {
            return chosen
        }
        return Envelope().evaluate(httpStatus: response.status, body: body.document?.root)
    }
}
