/// Size limits as people write them in profiles and on the command line (`20MiB`, `500 MB`,
/// `1048576`): one reading for both, and the exact text to write a limit back. Counts shown to
/// people, rounded, are APIMapping's `ByteCountDisplay`.
package enum SizeLimitSyntax {
    /// The units a size may end with, longest first so `MiB` is not read as `B`.
    static let units: [(suffix: String, scale: Int)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1000), ("MB", 1_000_000),
        ("GB", 1_000_000_000), ("B", 1),
    ]

    /// A positive number of bytes, or of a unit (`KB`, `MB`, `GB` are powers of 1000, `KiB`, `MiB`, `GiB` of 1024).
    ///
    /// ```swift
    /// SizeLimitSyntax.parse("20MiB")   // 20_971_520
    /// SizeLimitSyntax.parse("500 MB")  // 500_000_000
    /// SizeLimitSyntax.parse("0")       // nil: not positive
    /// ```
    ///
    /// - Parameter text: The size.
    /// - Returns: The size in bytes; `nil` when the text is not a positive size or overflows.
    package static func parse(_ text: String) -> Int? {
        if let bytes = Int(text) { return bytes > 0 ? bytes : nil }
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count).drop { $0 == " " }.reversed().drop { $0 == " " }
            guard let value = Int(String(number.reversed())), value > 0 else { return nil }
            let (bytes, overflow) = value.multipliedReportingOverflow(by: unit.scale)
            return overflow ? nil : bytes
        }
        return nil
    }

    /// Bytes in the largest binary unit that divides them exactly: `1073741824` is `1 GiB`, `1500` is `1500 B`.
    package static func text(_ bytes: Int) -> String {
        for (suffix, scale) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale) \(suffix)"
        }
        return "\(bytes) B"
    }
}
