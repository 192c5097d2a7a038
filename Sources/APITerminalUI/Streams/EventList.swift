import APIClient
import APIHTTP
import APIMapping

/// The events of a stream as the Model pane lists them: the newest ones (at most ``capacity``),
/// how many arrived in all, how fast, and which one is selected (its tree is the pane's tree).
///
/// While the stream runs, the selection follows the newest event unless the user moved it (`<`);
/// `>` on the newest follows again.
///
/// ```swift
/// var list = EventList(requestID: 3)
/// list.append(batch, at: .now)
/// list.title   // "Events 12 · 40.0/s · live"
/// ```
struct EventList: Sendable {
    /// The most events kept for the list.
    static let capacity = 1000

    /// The request whose stream this is; `nil` once it shows an exchange from history or a finished one.
    var requestID: Int?
    /// The kept events, oldest first.
    private(set) var events: [EvaluatedStreamEvent] = []
    /// Every event that arrived, kept or not.
    private(set) var count = 0
    /// When the first and the latest event arrived.
    private(set) var first: ContinuousClock.Instant?
    private(set) var latest: ContinuousClock.Instant?
    /// The selected event's position in ``events``.
    private(set) var selected = 0
    /// Whether the selection moves to each new event.
    private(set) var follows = true
    /// The first listed row.
    var top = 0
    /// How the stream ended (`complete`, `stopped`…); `nil` while it runs.
    var end: String?

    init(requestID: Int?) {
        self.requestID = requestID
    }

    /// A finished stream's kept events, as the exchange holds them.
    init(events: [EvaluatedStreamEvent], count: Int, end: String) {
        self.events = Array(events.suffix(Self.capacity))
        self.count = max(count, events.count)
        self.end = end
        selected = max(self.events.count - 1, 0)
    }

    var isEmpty: Bool { events.isEmpty }

    /// The selected event, if any.
    var current: EvaluatedStreamEvent? { events.indices.contains(selected) ? events[selected] : nil }

    /// Adds a batch of events that arrived at `instant`; whether the selection moved (its tree must be rebuilt).
    mutating func append(_ batch: [EvaluatedStreamEvent], at instant: ContinuousClock.Instant) -> Bool {
        guard !batch.isEmpty else { return false }
        first = first ?? instant
        latest = instant
        count += batch.count
        events += batch
        let overflow = events.count - Self.capacity
        if overflow > 0 {
            events.removeFirst(overflow)
            selected = max(selected - overflow, 0)
            top = max(top - overflow, 0)
        }
        guard follows else { return false }
        selected = events.count - 1
        return true
    }

    /// Selects the previous (`-1`) or next (`+1`) event; whether the selection moved.
    mutating func move(by step: Int) -> Bool {
        let target = min(max(selected + step, 0), max(events.count - 1, 0))
        follows = target == events.count - 1 && step > 0
        guard target != selected else { return false }
        selected = target
        return true
    }

    /// Events per second between the first and the latest arrival; `nil` before two arrivals apart.
    var rate: Double? {
        guard let first, let latest, count > 1 else { return nil }
        let (seconds, attoseconds) = (latest - first).components
        let elapsed = Double(seconds) + Double(attoseconds) / 1e18
        return elapsed > 0 ? Double(count - 1) / elapsed : nil
    }

    /// `Events 12 · 40.0/s · live`, `Events 25 (1000 kept) · complete`.
    var title: String {
        var text = "Events \(count)"
        if count > events.count { text += " (\(events.count) kept)" }
        if let rate { text += " · " + (rate >= 100 ? "\(Int(rate.rounded()))/s" : "\((rate * 10).rounded() / 10)/s") }
        text += " · " + (end ?? "live")
        return text
    }

    /// One line for an event in the list: `#3 token {"index":3,…}`, a failing outcome marked.
    static func line(_ event: EvaluatedStreamEvent) -> String {
        var text = "#\(event.event.index)"
        if let type = event.event.type { text += " \(type)" }
        if event.event.error != nil {
            text += " ✗"
        } else if let outcome = event.evaluation?.outcome, outcome != .success {
            text += " ✗"
        }
        let data =
            event.evaluation?.model.map { JSONSummary.compact($0.node) }
            ?? event.event.document.map { JSONSummary.compact($0.root) } ?? event.event.data
        return text + " " + data
    }
}
