import APIClient
import APIHTTP
import APIMapping

extension AppState {
    /// The Model pane of a stream: the event list on the left (counts, rate, live or how it ended),
    /// and the rest of the pane for the selected event's tree; returns that rest.
    func renderEventList(_ list: EventList, into screen: inout some Screen, rect: Rect) -> Rect {
        let width = min(max(rect.width * 2 / 5, 24), 56)
        guard rect.width - width >= 20 else { return rect }
        let left = Rect(row: rect.row, column: rect.column, width: width, height: rect.height)
        let focused = focus == .model
        screen.box(left, title: list.title, focused: focused)
        let height = max(left.height - 2, 0)
        let visible = list.events.dropFirst(list.top).prefix(height)
        for (offset, event) in visible.enumerated() {
            let position = list.top + offset
            let y = left.row + 1 + offset
            let isSelected = position == list.selected
            let failed = event.event.error != nil || (event.evaluation.map { $0.outcome != .success } ?? false)
            if isSelected {
                screen.fill(" ", row: y, from: left.column + 1, to: left.right - 1, role: focused ? .cursor : .match)
            }
            let role: ColorRole = isSelected ? .cursor : failed ? .failure : .normal
            screen.put(EventList.line(event), row: y, column: left.column + 2, limit: left.right - 1, role: role)
        }
        if list.isEmpty {
            screen.put(
                "waiting for events…", row: left.row + 1, column: left.column + 2, limit: left.right - 1, role: .dim)
        }
        return Rect(row: rect.row, column: rect.column + width, width: rect.width - width, height: rect.height)
    }

    /// The tree pane's title beside an event list: `Event #3 · token · id 7`.
    func eventTreeTitle(_ list: EventList) -> String {
        guard let event = list.current?.event else { return "Event" }
        var title = "Event #\(event.index)"
        if let type = event.type { title += " · \(type)" }
        if let id = event.id { title += " · id \(id)" }
        return title + " · < > move"
    }
}
