/// A byte count shown to people (panes, status and progress lines), in one unit system everywhere:
/// powers of 1024 with IEC names (`KiB`, `MiB`, `GiB`, `TiB`), one decimal, rounded down so a size
/// never looks larger than it is.
///
/// Display only: the size limits people write in profiles and on the command line (`64 MiB`) are
/// read, and written back exactly, by APIClient's `SizeLimitSyntax`.
///
/// ```swift
/// ByteCountDisplay.text(512)         // "512 B"
/// ByteCountDisplay.text(1536)        // "1.5 KiB"
/// ByteCountDisplay.text(52_428_800)  // "50.0 MiB"
/// ```
public enum ByteCountDisplay {
    private static let units = ["KiB", "MiB", "GiB", "TiB"]

    /// The count with the largest unit that keeps the number at 1 or more.
    ///
    /// - Parameter count: A number of bytes; a negative count is shown as it is, in bytes.
    /// - Returns: `512 B`, `1.5 KiB`, `2.9 MiB`.
    public static func text(_ count: Int) -> String {
        guard count >= 1024 else { return "\(count) B" }
        var unit = 0
        var divisor = 1024
        while unit < units.count - 1, count / divisor >= 1024 {
            unit += 1
            divisor *= 1024
        }
        // Tenths in integer arithmetic (the remainder times ten cannot overflow): no rounding up past
        // what was counted.
        return "\(count / divisor).\(count % divisor * 10 / divisor) \(units[unit])"
    }
}
