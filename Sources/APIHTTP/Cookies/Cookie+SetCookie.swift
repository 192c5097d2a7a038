import Foundation

extension Cookie {
    /// The largest `name=value`, in UTF-8 bytes, the jar accepts (RFC 6265 §6.1's minimum that user
    /// agents must support, and what browsers enforce).
    static let maximumSize = 4096
    /// How far ahead an expiry may lie; later ones are clamped (RFC 6265bis §5.6.1 and §5.6.2: 400
    /// days). This also keeps an absurd `Max-Age` from overflowing.
    static let maximumLifetime: TimeInterval = 400 * 24 * 60 * 60

    /// One `Set-Cookie` header value read per RFC 6265 §5.2, before the request URL is applied.
    struct SetCookie: Hashable {
        var name: String
        var value: String
        /// From `Max-Age` if present, else `Expires`; `nil` for a session cookie.
        var expires: Date?
        /// The `Domain` attribute, lower-cased without its leading dot; `nil` when absent or empty.
        var domain: String?
        /// The `Path` attribute when it starts with `/`; `nil` means the request's default-path.
        var path: String?
        var secure = false
        var httpOnly = false
        var sameSite: String?
    }

    /// A parsed header, or why it was ignored (with the cookie's name when the pair got that far).
    enum SetCookieParse: Hashable {
        case cookie(SetCookie)
        case rejected(name: String?, reason: String)
    }

    /// Reads one `Set-Cookie` header value; attribute names are case-insensitive, unknown ones and
    /// ones with unusable values are ignored, the last of each attribute wins.
    static func parse(setCookie header: String, now: Date) -> SetCookieParse {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        let pair = parts[0]
        guard let equals = pair.firstIndex(of: "=") else {
            return .rejected(name: nil, reason: "no '=' in the name=value pair")
        }
        let name = String(pair[..<equals].trimmingWhitespace())
        let value = String(pair[pair.index(after: equals)...].trimmingWhitespace())
        guard !name.isEmpty else { return .rejected(name: nil, reason: "empty cookie name") }
        guard !name.unicodeScalars.contains(where: isControl) else {
            return .rejected(name: nil, reason: "control character in the cookie name")
        }
        guard !value.unicodeScalars.contains(where: isControl) else {
            return .rejected(name: name, reason: "control character in the cookie value")
        }
        guard name.utf8.count + value.utf8.count <= maximumSize else {
            return .rejected(name: name, reason: "name and value longer than \(maximumSize) bytes")
        }
        var cookie = SetCookie(name: name, value: value)
        var maxAge: Date?
        var expires: Date?
        for attribute in parts.dropFirst() {
            let equals = attribute.firstIndex(of: "=") ?? attribute.endIndex
            let key = attribute[..<equals].trimmingWhitespace().lowercased()
            let text = equals == attribute.endIndex ? "" : attribute[attribute.index(after: equals)...]
            let value = text.trimmingWhitespace()
            // RFC 6265bis §5.6: an over-long attribute value is ignored, not truncated.
            guard value.utf8.count <= 1024 else { continue }
            switch key {
            case "expires": expires = cookieDate(value).map { clamp($0, now: now) } ?? expires
            case "max-age": maxAge = maxAgeExpiry(value, now: now) ?? maxAge
            case "domain":
                let domain = value.hasPrefix(".") ? value.dropFirst() : value
                cookie.domain = domain.isEmpty ? nil : domain.lowercased()
            case "path": cookie.path = value.hasPrefix("/") ? String(value) : nil
            case "secure": cookie.secure = true
            case "httponly": cookie.httpOnly = true
            case "samesite":
                cookie.sameSite = ["Strict", "Lax", "None"].first { $0.lowercased() == value.lowercased() }
            default: continue
            }
        }
        cookie.expires = maxAge ?? expires
        return .cookie(cookie)
    }

    /// The expiry a `Max-Age` value gives: `nil` when it is not an optionally negative integer,
    /// the distant past when it is zero or less (§5.2.2), else `now` plus it, clamped.
    static func maxAgeExpiry(_ text: Substring, now: Date) -> Date? {
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        if negative || significant.isEmpty { return .distantPast }
        // More digits than the 400-day cap has (8) can only be clamped; Int(_:) might overflow.
        let seconds = significant.count > 9 ? maximumLifetime : TimeInterval(Int(significant) ?? 0)
        return now.addingTimeInterval(min(seconds, maximumLifetime))
    }

    /// Reads an HTTP date the tolerant way of RFC 6265 §5.1.1: IMF-fixdate, RFC 850, asctime and
    /// the `06-Nov-1994` forms all parse, in UTC; `nil` when a part is missing or out of range.
    static func cookieDate(_ text: some StringProtocol) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in Array(text.utf8).split(whereSeparator: isDateDelimiter) {
            if time == nil, let found = hmsTime(token) {
                time = found
            } else if day == nil, let found = leadingDigits(token, 1...2) {
                day = found
            } else if month == nil, let found = monthNumber(token) {
                month = found
            } else if year == nil, let found = leadingDigits(token, 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard year >= 1601, (1...daysIn(month: month, year: year)).contains(day), time.hour <= 23,
            time.minute <= 59, time.second <= 59
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func clamp(_ date: Date, now: Date) -> Date {
        min(date, now.addingTimeInterval(maximumLifetime))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E (§5.1.1).
    private static func isDateDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// A number of `count` digits at the start of `bytes`, not followed by another digit.
    private static func leadingDigits(_ bytes: ArraySlice<UInt8>, _ count: ClosedRange<Int>) -> Int? {
        let digits = bytes.prefix { isDigit($0) }
        guard count.contains(digits.count) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT`, optionally followed by a non-digit and anything.
    private static func hmsTime(_ bytes: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var fields: [Int] = []
        var rest = bytes
        for index in 0..<3 {
            guard let field = leadingDigits(rest, 1...2) else { return nil }
            fields.append(field)
            rest = rest.drop { isDigit($0) }
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        return (fields[0], fields[1], fields[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func monthNumber(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 3 else { return nil }
        let prefix = String(decoding: bytes.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Substring {
    /// Without the spaces and tabs (RFC 6265's WSP) at either end.
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
