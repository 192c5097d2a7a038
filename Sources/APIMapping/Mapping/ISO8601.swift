import Foundation

/// An allocation-free reader for RFC 3339 timestamps (see ``DateDecodingStrategy/iso8601``).
enum ISO8601 {
    /// The date `text` denotes, or `nil` when it is not an RFC 3339 date-time or names an
    /// impossible date (February 30th, hour 24).
    static func date(from text: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = Reader(text: text)
        guard let year = reader.digits(4), reader.skip(UInt8(ascii: "-")),
            let month = reader.digits(2), reader.skip(UInt8(ascii: "-")),
            let day = reader.digits(2), reader.skip(UInt8(ascii: "T"), or: UInt8(ascii: "t")),
            let hour = reader.digits(2), reader.skip(UInt8(ascii: ":")),
            let minute = reader.digits(2), reader.skip(UInt8(ascii: ":")),
            let second = reader.digits(2)
        else { return nil }
        var nanoseconds = 0
        if reader.skip(UInt8(ascii: ".")) {
            var digitCount = 0
            while let digit = reader.digit() {
                if digitCount < 9 { nanoseconds = nanoseconds * 10 + digit }
                digitCount += 1
            }
            guard digitCount > 0 else { return nil }
            for _ in digitCount..<max(digitCount, 9) { nanoseconds *= 10 }
        }
        var offset = 0
        if !reader.skip(UInt8(ascii: "Z"), or: UInt8(ascii: "z")) {
            guard let sign = reader.next(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                let offsetHours = reader.digits(2), reader.skip(UInt8(ascii: ":")),
                let offsetMinutes = reader.digits(2), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        guard reader.atEnd, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        // Date counts from 2001; subtracting in integers first keeps the fraction's precision.
        let sinceReference = Double(seconds - 978_307_200) + Double(nanoseconds) / 1e9
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        let text: UnsafeBufferPointer<UInt8>
        var i = 0

        var atEnd: Bool { i == text.count }

        mutating func next() -> UInt8? {
            guard i < text.count else { return nil }
            defer { i += 1 }
            return text[i]
        }

        mutating func digit() -> Int? {
            guard i < text.count, text[i] &- 0x30 < 10 else { return nil }
            defer { i += 1 }
            return Int(text[i] &- 0x30)
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func skip(_ byte: UInt8, or other: UInt8? = nil) -> Bool {
            guard i < text.count, text[i] == byte || text[i] == other else { return false }
            i += 1
            return true
        }
    }
}
