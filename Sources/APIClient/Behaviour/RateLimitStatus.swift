import APIHTTP
public import APIMapping
public import Foundation
import RawStructuredFieldValues

/// What a response says about the rate limit: requests left of the quota, when it resets, and
/// how long to wait before retrying.
///
/// Read from the profile's `rate_limit:` header names (GitHub's `X-RateLimit-*` by default), the
/// IETF draft's `RateLimit-Limit`/`-Remaining`/`-Reset`, its structured-field forms (`RateLimit:
/// "default";r=50;t=30` with `RateLimit-Policy: "default";q=100;w=60`, and the older dictionary
/// `RateLimit: limit=100, remaining=50, reset=30`, both parsed with swift-http-structured-headers),
/// and `Retry-After`. Values that do not parse are left out, never guessed.
///
/// ```swift
/// let status = RateLimitStatus(headers: response.headers, names: profile.rateLimit, now: Date())
/// status?.summary  // "4990/5000 left, resets in 42m"
/// ```
public struct RateLimitStatus: Hashable, Sendable {
    /// The request quota of the window.
    public var limit: Int?
    /// Requests left in the window.
    public var remaining: Int?
    /// When the window resets.
    public var reset: Date?
    /// How long `Retry-After` asks to wait, in seconds.
    public var retryAfter: Int?

    /// Reads the rate limit from response headers; `nil` when none of them says anything.
    ///
    /// - Parameters:
    ///   - headers: The response headers.
    ///   - names: The profile's header names; the common ones when `nil`.
    ///   - now: The time relative resets count from.
    public init?(headers: [(name: String, value: String)], names: RateLimitHeaders?, now: Date) {
        func value(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
                .trimmingCharacters(in: .whitespaces)
        }
        func integer(_ name: String) -> Int? {
            value(name).flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        }
        let names = names ?? RateLimitHeaders()
        limit = integer(names.limit) ?? integer("RateLimit-Limit")
        remaining = integer(names.remaining) ?? integer("RateLimit-Remaining")
        if let declared = integer(names.reset) {
            reset = Self.date(declared, epoch: names.resetIsEpoch, now: now)
        } else if let seconds = integer("RateLimit-Reset") {
            reset = Self.date(seconds, epoch: false, now: now)
        }
        if let structured = value("RateLimit") {
            readStructured(structured, policy: value("RateLimit-Policy"), now: now)
        }
        if let text = value("Retry-After") {
            // The same reading as the retry middleware's: delta-seconds or an HTTP date.
            if let delay = RetryMiddleware.retryAfterDelay(text, now: now) {
                retryAfter = Int(delay.components.seconds) + (delay.components.attoseconds > 0 ? 1 : 0)
            }
        }
        if limit == nil, remaining == nil, reset == nil, retryAfter == nil { return nil }
    }

    /// One line for status panes: `4990/5000 left, resets in 42m, retry after 30s`.
    ///
    /// - Parameter now: The time the reset is counted from.
    public func summary(now: Date = Date()) -> String {
        var parts: [String] = []
        switch (remaining, limit) {
        case (let remaining?, let limit?): parts.append("\(remaining)/\(limit) left")
        case (let remaining?, nil): parts.append("\(remaining) left")
        case (nil, let limit?): parts.append("limit \(limit)")
        case (nil, nil): break
        }
        if let reset { parts.append("resets in \(Self.span(max(0, Int(reset.timeIntervalSince(now).rounded(.up)))))") }
        if let retryAfter { parts.append("retry after \(Self.span(retryAfter))") }
        return parts.joined(separator: ", ")
    }

    /// The JSON form outputs print under `rate_limit`: `{"limit":5000,"remaining":4990,"reset":"…"}`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let limit { object.append(key: "limit", value: .number(JSONNumber(limit))) }
        if let remaining { object.append(key: "remaining", value: .number(JSONNumber(remaining))) }
        if let reset {
            object.append(key: "reset", value: .string(reset.formatted(.iso8601)))
        }
        if let retryAfter { object.append(key: "retry_after_s", value: .number(JSONNumber(retryAfter))) }
        return .object(object)
    }

    /// Whether the quota is spent.
    public var isExhausted: Bool { remaining == 0 }

    private mutating func readStructured(_ field: String, policy: String?, now: Date) {
        // The current draft: a list of policies, `"default";r=50;t=30`.
        var parser = StructuredFieldValueParser(Array(field.utf8))
        if let list = Self.parse({ try parser.parseListFieldValue() }), case .item(let item)? = list.first {
            if case .integer(let r)? = item.rfc9651Parameters["r"], r >= 0 { remaining = remaining ?? Int(clamping: r) }
            if case .integer(let t)? = item.rfc9651Parameters["t"], t >= 0 {
                reset = reset ?? Self.date(Int(clamping: t), epoch: false, now: now)
            }
            if let policy {
                var policyParser = StructuredFieldValueParser(Array(policy.utf8))
                if let policies = Self.parse({ try policyParser.parseListFieldValue() }),
                    case .item(let first)? = policies.first, case .integer(let q)? = first.rfc9651Parameters["q"],
                    q >= 0
                {
                    limit = limit ?? Int(clamping: q)
                }
            }
            if item.rfc9651Parameters["r"] != nil { return }
        }
        // Earlier drafts: a dictionary, `limit=100, remaining=50, reset=30`.
        var dictionaryParser = StructuredFieldValueParser(Array(field.utf8))
        guard let dictionary = Self.parse({ try dictionaryParser.parseDictionaryFieldValue() }) else { return }
        func number(_ key: String) -> Int? {
            guard case .item(let item)? = dictionary[key], case .integer(let value) = item.rfc9651BareItem, value >= 0
            else { return nil }
            return Int(clamping: value)
        }
        limit = limit ?? number("limit")
        remaining = remaining ?? number("remaining")
        if reset == nil, let seconds = number("reset") { reset = Self.date(seconds, epoch: false, now: now) }
    }

    /// A parse that may fail: a header that is not a structured field is simply not this form.
    private static func parse<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            return nil
        }
    }

    private static func date(_ value: Int, epoch: Bool, now: Date) -> Date {
        // Both forms are clamped to a century so an absurd header cannot overflow a date.
        let clamped = Double(min(value, 4_102_444_800))
        return epoch ? Date(timeIntervalSince1970: clamped) : now.addingTimeInterval(min(clamped, 3_153_600_000))
    }

    /// `42s`, `5m 3s`, `2h 1m`.
    static func span(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds / 60)m \(seconds % 60)s" }
        let minutes = (seconds % 3600) / 60
        return minutes == 0 ? "\(seconds / 3600)h" : "\(seconds / 3600)h \(minutes)m"
    }
}
