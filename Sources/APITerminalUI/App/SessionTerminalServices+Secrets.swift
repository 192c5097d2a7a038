import APIClient
import APIMapping
import APISession
import Synchronization

extension SessionTerminalServices {
    /// Whether the panes show secrets in clear: off until the user answers yes to the question the
    /// `S` key asks, and off again at the next `S`.
    package var revealsSecrets: Bool { revealing.withLock { $0 } }

    /// Shows secrets in clear in what is displayed from now on (`true`), or masks them again.
    ///
    /// - Parameter reveal: Whether to show them.
    package func setRevealsSecrets(_ reveal: Bool) {
        revealing.withLock { $0 = reveal }
    }

    /// Shows secrets in clear from now on, or masks them again; the last exchange sent, drawn the new way.
    ///
    /// - Parameter reveal: Whether to show secrets in clear.
    /// - Returns: The last exchange's display; `nil` when nothing was sent yet.
    package func revealSecrets(_ reveal: Bool) async -> ExchangeDisplay? {
        setRevealsSecrets(reveal)
        guard let last = lastShown.withLock({ $0 }) else { return nil }
        var display = ExchangeDisplay(exchange: shown(last.exchange))
        display.historyID = last.historyID
        return shown(display)
    }

    /// The exchange as the panes may show it: every secret the session knows masked in its headers
    /// and body (so the Model, Tip, Raw, Headers and Request views agree), unless the user chose to
    /// see them.
    ///
    /// - Parameter exchange: The exchange as received.
    func shown(_ exchange: APIExchange) -> APIExchange {
        revealsSecrets ? exchange : session.secretGate.masking(exchange)
    }

    /// Text for the panes or the message line with every secret the session knows masked, unless
    /// the user chose to see them.
    ///
    /// - Parameter text: A summary, a failure, a tip from history.
    func shown(_ text: String) -> String {
        revealsSecrets ? text : session.secretGate.mask(text)
    }

    /// The display with its texts masked (a failure's message, notes, URL, tip): what a display built
    /// from a failure or a history row needs, whose exchange did not pass ``shown(_:)-(APIExchange)``.
    ///
    /// - Parameter display: The display.
    func shown(_ display: ExchangeDisplay) -> ExchangeDisplay {
        var display = display
        display.url = shown(display.url)
        display.tip = display.tip.map(shown)
        display.failure = display.failure.map(shown)
        display.notes = display.notes.map(shown)
        display.textPreview = display.textPreview.map(shown)
        return display
    }
}
