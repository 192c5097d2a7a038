import APIClient
import APIHistory

extension ExchangeInspection {
    /// The inspection of an exchange read back from history: what the store keeps, and `nil` (shown
    /// as "not recorded") for what it does not: attempts, the cache flag, a phase it did not time.
    ///
    /// - Parameters:
    ///   - stored: The stored row.
    ///   - exchange: Its replay (``APIHistory/StoredExchange/replayedExchange(profile:)``), whose body
    ///     array is shared, not copied.
    init(stored: StoredExchange, exchange: APIExchange) {
        self.init(exchange: exchange, source: .history)
        httpVersion = stored.httpVersion.flatMap { $0.isEmpty ? nil : $0 }
        headersReceived = stored.headersReceived
        total = stored.entry.duration
        receivedBodySize = max(stored.entry.responseSize, body.count)
    }
}
