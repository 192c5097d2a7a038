import APIMapping
import Testing

@Suite("Byte count display")
struct ByteCountDisplayTests {
    @Test(arguments: [
        (0, "0 B"), (1023, "1023 B"), (1024, "1.0 KiB"), (1536, "1.5 KiB"), (2047, "1.9 KiB"),
        (1_048_575, "1023.9 KiB"), (3_000_000, "2.8 MiB"), (52_428_800, "50.0 MiB"), (1 << 30, "1.0 GiB"),
        (1 << 40, "1.0 TiB"), (Int.max, "8388607.9 TiB"), (-5, "-5 B"),
    ])
    func oneUnitSystemRoundedDown(count: Int, expected: String) {
        #expect(ByteCountDisplay.text(count) == expected)
    }
}
