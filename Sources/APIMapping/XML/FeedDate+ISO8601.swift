extension FeedDate {
    /// Reads an ISO 8601 date as Atom (RFC 3339) and Dublin Core (W3C-DTF) write it.
    ///
    /// `yyyy-MM-dd`, then optionally `T` (or `t`, or a space), `HH:mm`, optional `:ss` and a fraction
    /// (dropped), and a zone: `Z`, `±hh:mm`, `±hhmm` or `±hh`, after an optional space. A date alone
    /// is midnight UTC and a time without a zone is UTC, as feed readers take them. Years and months
    /// alone (`2003`, `2003-12`) are not read: they name no day.
    ///
    /// ```swift
    /// FeedDate.iso8601(Array("2003-12-13T18:30:02.25+01:00".utf8))?.utcText  // "2003-12-13T17:30:02Z"
    /// ```
    static func iso8601(_ bytes: [UInt8]) -> Fields? {
        var reader = Reader(bytes)
        reader.skipSpaces()
        guard let year = reader.number(digits: 4), reader.skip(UInt8(ascii: "-")),
            let month = reader.number(digits: 2), reader.skip(UInt8(ascii: "-")),
            let day = reader.number(digits: 2)
        else { return nil }
        var fields = Fields(year: year, month: month, day: day)
        let dateEnd = reader.position
        if !reader.skip(letter: UInt8(ascii: "t")) {
            reader.skipSpaces()
            if reader.atEnd { return fields }
            guard reader.position > dateEnd else { return nil }
        }
        guard let hour = reader.number(digits: 2), reader.skip(UInt8(ascii: ":")),
            let minute = reader.number(digits: 2)
        else { return nil }
        fields.hour = hour
        fields.minute = minute
        if reader.skip(UInt8(ascii: ":")) {
            guard let second = reader.number(digits: 2) else { return nil }
            fields.second = second
            if reader.skip(UInt8(ascii: ".")) || reader.skip(UInt8(ascii: ",")) {
                guard reader.skipDigits() > 0 else { return nil }
            }
        }
        reader.skipSpaces()
        if reader.skip(letter: UInt8(ascii: "z")) {
            fields.offset = 0
        } else if let negative = reader.skipSign() {
            guard let offset = reader.offset(negative: negative) else { return nil }
            fields.offset = offset
        }
        reader.skipSpaces()
        return reader.atEnd ? fields : nil
    }
}
