public import APIMapping

/// How a call reads an event stream: limits, reconnection and who hears each event.
///
/// ```swift
/// var options = EventStreamOptions()
/// options.maximumEvents = 100
/// options.timeLimit = .seconds(30)
/// options.onEvent = { event in print(event.event.index, event.evaluation?.outcome ?? .success) }
/// ```
public struct EventStreamOptions: Sendable {
    /// Stop after this many events; `nil` reads until the stream ends.
    public var maximumEvents: Int?
    /// Stop after this long; `nil` keeps the request's total timeout.
    public var timeLimit: Duration?
    /// The newest events the exchange keeps (the rest are counted as dropped). Default 1,000.
    public var keptEvents = 1000
    /// How many times a server-sent event stream that broke is reopened, with `Last-Event-ID`, after
    /// the reconnection time it asked for (`retry:`). Default 3.
    public var reconnects = 3
    /// The reconnection time used until the stream sets one with `retry:`. Default 3 s, a few
    /// seconds as the standard suggests.
    public var defaultReconnectionTime: Duration = .seconds(3)
    /// Stops the stream from outside.
    public var control: StreamControl?
    /// Hears each event as it arrives, on the task reading the body: keep it short.
    public var onEvent: (@Sendable (EvaluatedStreamEvent) -> Void)?
    /// Called after each chunk's events were handed on, and when the stream ends: a moment to flush
    /// output written per event.
    public var onBatchEnd: (@Sendable () -> Void)?
    /// Hears each chunk's events as their JSON lines (``APIMapping/StreamEvent/appendJSON(to:)``, then a
    /// line feed), before ``onBatchEnd``, in place of ``onEvent``: no event is made but of those kept.
    ///
    /// APIClient's `ProfileClient` keeps it for a call that applies no envelope per event and has no
    /// secret to mask in them, and drops it otherwise, so that ``onEvent`` hears every event.
    package var onJSONLines: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    /// Hears each reconnection: its number, from 1, and the `Last-Event-ID` it sends.
    public var onReconnect: (@Sendable (Int, String?) -> Void)?

    /// Options with the defaults: every event, the request's own time limit, three reconnections.
    public init() {}
}

/// An event with the envelope's evaluation of its data, when the endpoint applies the envelope per
/// event (`events: {envelope: true}`).
///
/// ```swift
/// event.evaluation?.outcome   // .businessFailure for {"code":50001,"msg":"quota exceeded"}
/// event.jsonObject.jsonText() // {"index":3,"data":{…},"outcome":"business-failure","tip":"quota exceeded"}
/// ```
public struct EvaluatedStreamEvent: Sendable {
    /// The event.
    public var event: StreamEvent
    /// The envelope's verdict on its data; `nil` when the endpoint does not ask for one, or the data is not JSON.
    public var evaluation: EnvelopeEvaluation?
    /// The request's redaction: what anyone printing or storing the event masks.
    public var redaction: Redaction?

    /// Creates an evaluated event.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - evaluation: The envelope's evaluation of its data.
    ///   - redaction: The request's redaction.
    public init(event: StreamEvent, evaluation: EnvelopeEvaluation?, redaction: Redaction? = nil) {
        self.event = event
        self.evaluation = evaluation
        self.redaction = redaction
    }

    /// The event as `request` prints it: `StreamEvent.jsonObject` (APIMapping), then `outcome`, `status`, `tip` and
    /// `model` when the envelope was applied.
    public var jsonObject: JSONObject {
        var object = event.jsonObject
        if let evaluation {
            object.append(key: "outcome", value: .string(evaluation.outcome.rawValue))
            object.append(key: "status", value: evaluation.status?.node.value ?? .null)
            object.append(key: "tip", value: evaluation.tip.map { .string($0) } ?? .null)
            object.append(key: "model", value: evaluation.model?.node.value ?? .null)
        }
        return object
    }
}
