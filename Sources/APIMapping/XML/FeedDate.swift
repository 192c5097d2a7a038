/// Rewrites the dates feeds write as ISO 8601 in UTC (`2006-01-02T15:04:05Z`), for ``FeedModel``.
///
/// Two hand-written readers instead of `DateFormatter`, which is slow, depends on the locale and
/// accepts a different subset on each platform: ``rfc822(_:)`` for RSS (`Mon, 02 Jan 2006 15:04:05
/// GMT`, with the variations real feeds have) and ``iso8601(_:)`` for Atom and Dublin Core
/// (`2006-01-02T15:04:05-07:00`, W3C-DTF). Text neither reads, or that names an impossible moment
/// (February 30th, hour 25, year 0 or 10000 once in UTC), is kept as written. Nothing traps: the
/// input length is capped, numbers are read with overflow checks, and every field is range-checked
/// before any arithmetic.
///
/// ```swift
/// FeedDate.normalized("Sat, 1 Jan 2000 12:00 EST")    // "2000-01-01T17:00:00Z"
/// FeedDate.normalized("2003-12-13T08:29:29-04:00")    // "2003-12-13T12:29:29Z"
/// FeedDate.normalized("last Tuesday")                 // "last Tuesday"
/// ```
enum FeedDate {
    /// The longest text read as a date; longer text is kept as written without being looked at.
    static let maximumLength = 96

    /// `text` in ISO 8601 UTC when it reads as a date, else `text` itself.
    static func normalized(_ text: String) -> String {
        utc(text) ?? text
    }

    /// `text` in ISO 8601 UTC, or `nil` when neither reader accepts it.
    static func utc(_ text: String) -> String? {
        guard text.utf8.count <= maximumLength else { return nil }
        let bytes = Array(text.utf8)
        guard let fields = iso8601(bytes) ?? rfc822(bytes) else { return nil }
        return fields.utcText
    }

    /// A date and time as written, with the offset of its zone east of UTC.
    struct Fields: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour = 0
        var minute = 0
        var second = 0
        /// Seconds east of UTC: `+0200` is 7200.
        var offset = 0

        /// The moment as `yyyy-MM-ddTHH:mm:ssZ`, or `nil` when a field is out of range or the year in
        /// UTC is not 1 to 9999.
        var utcText: String? {
            guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
                day <= FeedDate.days(inMonth: month, year: year), (0...23).contains(hour),
                (0...59).contains(minute), (0...59).contains(second), abs(offset) < 86_400
            else { return nil }
            // Every term is now small: the total stays within ±4·10^11, far from overflow.
            let local = FeedDate.daysSince1970(year: year, month: month, day: day) * 86_400
            let seconds = local + hour * 3600 + minute * 60 + second - offset
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let time = seconds - days * 86_400
            let date = FeedDate.civil(daysSince1970: days)
            guard (1...9999).contains(date.year) else { return nil }
            return "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))T"
                + "\(pad(time / 3600)):\(pad(time / 60 % 60)):\(pad(time % 60))Z"
        }

        private func pad(_ value: Int, _ width: Int = 2) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A cursor over the ASCII of a date.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { position == bytes.count }

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipSpaces() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        /// Skips `byte` if it is next.
        mutating func skip(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        /// Skips `byte`, case-insensitively for letters, if it is next.
        mutating func skip(letter byte: UInt8) -> Bool {
            guard let next = peek, next | 0x20 == byte | 0x20 else { return false }
            position += 1
            return true
        }

        /// The run of ASCII digits next, as a value and a count of digits; `nil` when there are none
        /// or the value does not fit an `Int`.
        mutating func number() -> (value: Int, digits: Int)? {
            var value = 0
            var digits = 0
            while let byte = peek, byte &- 0x30 < 10 {
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(Int(byte &- 0x30))
                guard !overflow, !carry else { return nil }
                value = sum
                digits += 1
                position += 1
            }
            return digits == 0 ? nil : (value, digits)
        }

        /// A number of exactly `count` digits.
        mutating func number(digits count: Int) -> Int? {
            guard let number = number(), number.digits == count else { return nil }
            return number.value
        }

        /// Skips a run of digits, returning how many there were.
        mutating func skipDigits() -> Int {
            let start = position
            while let byte = peek, byte &- 0x30 < 10 { position += 1 }
            return position - start
        }

        /// The run of ASCII letters next, lowercased; `nil` when there are none.
        mutating func word() -> String? {
            let start = position
            while let byte = peek, (byte | 0x20) &- 0x61 < 26 { position += 1 }
            guard position > start else { return nil }
            return String(decoding: bytes[start..<position].map { $0 | 0x20 }, as: UTF8.self)
        }

        /// Skips a `+` or `-`: whether it was `-`, or `nil` when neither is next.
        mutating func skipSign() -> Bool? {
            if skip(UInt8(ascii: "+")) { return false }
            if skip(UInt8(ascii: "-")) { return true }
            return nil
        }

        /// A numeric zone after its sign: `hh`, `hhmm` or `hh:mm` (one-digit hours too, as in
        /// `GMT+2`); seconds east of UTC.
        mutating func offset(negative: Bool) -> Int? {
            guard let number = number() else { return nil }
            var hours = number.value
            var minutes = 0
            switch number.digits {
            case 1, 2:
                if skip(UInt8(ascii: ":")) {
                    guard let value = self.number(digits: 2) else { return nil }
                    minutes = value
                }
            case 4:
                hours = number.value / 100
                minutes = number.value % 100
            default:
                return nil
            }
            guard hours < 24, minutes < 60 else { return nil }
            let seconds = hours * 3600 + minutes * 60
            return negative ? -seconds : seconds
        }
    }
}
