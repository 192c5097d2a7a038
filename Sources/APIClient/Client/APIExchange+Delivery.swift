import APIHTTP
public import Foundation

extension APIExchange {
    /// How the answer was obtained, as short labelled notes every front end shows the same way:
    /// retries, a cache hit, the rate limit.
    ///
    /// ```swift
    /// exchange.deliveryNotes
    /// // [("attempts", "3"), ("cache", "not modified, served from cache"), ("rate", "59/60 left, resets in 42m")]
    /// ```
    ///
    /// - Parameter now: The time a rate-limit reset is counted from.
    public func deliveryNotes(now: Date = Date()) -> [(label: String, value: String)] {
        var notes: [(label: String, value: String)] = []
        if response.attempts > 1 { notes.append(("attempts", "\(response.attempts)")) }
        if response.servedFromCache { notes.append(("cache", "not modified, served from cache")) }
        if let rateLimit { notes.append(("rate", rateLimit.summary(now: now))) }
        return notes
    }
}
