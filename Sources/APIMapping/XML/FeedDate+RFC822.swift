extension FeedDate {
    /// Reads an RFC 822 or RFC 1123 date as RSS writes it, with the liberties real feeds take.
    ///
    /// `[weekday[,]] d month yyyy [H:mm[:ss]] [zone] [(comment)]`: the weekday may be missing, have
    /// no comma or be spelt out, and is not checked against the date; day and hour may have one
    /// digit; months may be spelt out (`Sept`, `September`); two-digit years are 1950-2049 and
    /// three-digit ones count from 1900, as RFC 2822 says; day, month and year may be separated by
    /// `-`. The zone is `±hhmm` (or `±hh:mm`), `GMT`/`UT`/`UTC`/`Z` with an optional offset
    /// (`GMT+2`), or a common abbreviation (`EST`, `PDT`, `CET`, `JST`…); a missing zone is UTC.
    /// Abbreviations that mean different zones in different places (`BST`, `IST`, `AST`) and the
    /// military letters other than `Z` are not read, so such dates are kept as written.
    ///
    /// ```swift
    /// FeedDate.rfc822(Array("Fri, 5 Oct 2007 9:00 CST".utf8))?.utcText  // "2007-10-05T15:00:00Z"
    /// ```
    static func rfc822(_ bytes: [UInt8]) -> Fields? {
        var reader = Reader(bytes)
        reader.skipSpaces()
        if let weekday = reader.word() {
            guard Self.matches(weekday, oneOf: weekdays) != nil else { return nil }
            _ = reader.skip(UInt8(ascii: ","))
            reader.skipSpaces()
        }
        guard let day = reader.number(), day.digits <= 2 else { return nil }
        reader.skipDateSeparator()
        guard let monthName = reader.word(), let month = Self.matches(monthName, oneOf: months) else { return nil }
        reader.skipDateSeparator()
        guard let year = reader.number(), (2...4).contains(year.digits) else { return nil }
        var fields = Fields(year: year.value, month: month + 1, day: day.value)
        switch year.digits {
        case 2: fields.year += year.value < 50 ? 2000 : 1900
        case 3: fields.year += 1900
        default: break
        }
        reader.skipSpaces()
        if let hour = reader.number() {
            guard hour.digits <= 2, reader.skip(UInt8(ascii: ":")), let minute = reader.number(digits: 2) else {
                return nil
            }
            fields.hour = hour.value
            fields.minute = minute
            if reader.skip(UInt8(ascii: ":")) {
                guard let second = reader.number(digits: 2) else { return nil }
                fields.second = second
                if reader.skip(UInt8(ascii: ".")) {
                    guard reader.skipDigits() > 0 else { return nil }
                }
            }
            reader.skipSpaces()
        }
        guard let offset = reader.rfc822Zone() else { return nil }
        fields.offset = offset
        reader.skipSpaces()
        if reader.skip(UInt8(ascii: "(")) {
            while let byte = reader.peek, byte != UInt8(ascii: ")") { reader.position += 1 }
            guard reader.skip(UInt8(ascii: ")")) else { return nil }
            reader.skipSpaces()
        }
        return reader.atEnd ? fields : nil
    }

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// Zone abbreviations and their offsets east of UTC, in minutes: RFC 822's North American zones,
    /// and unambiguous ones common in feeds.
    static let zones: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0,
        "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
        "akst": -540, "akdt": -480, "hst": -600,
        "wet": 0, "west": 60, "cet": 60, "cest": 120, "met": 60, "mest": 120, "eet": 120, "eest": 180, "msk": 180,
        "hkt": 480, "sgt": 480, "awst": 480, "jst": 540, "kst": 540, "acst": 570, "acdt": 630, "aest": 600,
        "aedt": 660, "nzst": 720, "nzdt": 780,
    ]

    /// The position in `names` of the one `word` abbreviates (at least three letters: `tue`, `tues`,
    /// `sept`), or `nil`.
    static func matches(_ word: String, oneOf names: [String]) -> Int? {
        guard word.utf8.count >= 3 else { return nil }
        return names.firstIndex { $0.hasPrefix(word) }
    }
}

extension FeedDate.Reader {
    /// Skips the spaces, or the single `-`, between the parts of an RFC 822 date.
    mutating func skipDateSeparator() {
        if !skip(UInt8(ascii: "-")) { skipSpaces() }
    }

    /// An RFC 822 zone, in seconds east of UTC: 0 when there is none, `nil` when it is not read.
    mutating func rfc822Zone() -> Int? {
        if let negative = skipSign() { return offset(negative: negative) }
        guard peek != nil, peek != UInt8(ascii: "(") else { return 0 }
        guard let name = word(), let minutes = FeedDate.zones[name] else { return nil }
        // `GMT+2`, `UTC-05:00`: an offset from UTC written after its name.
        if ["gmt", "ut", "utc"].contains(name), let negative = skipSign() { return offset(negative: negative) }
        return minutes * 60
    }
}
