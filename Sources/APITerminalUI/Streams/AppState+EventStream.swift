import APIClient
import APIHTTP
import APIMapping

extension AppState {
    /// A chunk's events for the running request: listed, and the selected event's tree shown.
    mutating func receiveStreamEvents(
        _ events: [EvaluatedStreamEvent], requestID: Int, at instant: ContinuousClock.Instant
    ) {
        guard running?.id == requestID else { return }
        if eventList?.requestID != requestID {
            eventList = EventList(requestID: requestID)
            modelView = .model
        }
        if eventList?.append(events, at: instant) == true { showSelectedEvent() }
        scrollEventList()
    }

    /// After an exchange is shown: its stream's events, when it is a stream (the live list carries
    /// on, now finished); none otherwise.
    mutating func showStreamEvents(of display: ExchangeDisplay) {
        guard let events = display.streamEvents else {
            eventList = nil
            return
        }
        if var live = eventList, live.requestID != nil, live.count >= events.count {
            live.requestID = nil
            live.end = display.streamEnd ?? "complete"
            eventList = live
        } else {
            eventList = EventList(events: events, count: display.streamEventCount, end: display.streamEnd ?? "complete")
        }
        showSelectedEvent()
        scrollEventList()
    }

    /// `<` and `>`: the previous or next event; its tree replaces the pane's tree.
    mutating func selectEvent(by step: Int) {
        guard eventList?.move(by: step) == true else { return }
        showSelectedEvent()
        scrollEventList()
    }

    /// Esc while a stream runs: stop it and keep what arrived.
    mutating func stopStream(_ requestID: Int) -> [AppEffect] {
        message = "stopping the stream; the events that arrived are kept"
        return [.stopStream(requestID: requestID)]
    }

    /// The pane's tree becomes the selected event, as `request` prints it.
    private mutating func showSelectedEvent() {
        guard let event = eventList?.current else { return }
        tree = ModelTree(root: JSONDocument(.object(event.jsonObject)).root)
    }

    /// Keeps the selected event in the list's window.
    private mutating func scrollEventList() {
        guard var list = eventList else { return }
        let height = max(modelHeight, 1)
        if list.selected < list.top { list.top = list.selected }
        if list.selected >= list.top + height { list.top = list.selected - height + 1 }
        eventList = list
    }
}
