import Testing

@testable import APIMapping

/// Sizes as profiles (`max_body_size`) and the command line (`--history-max-size`) read them.
@Suite("Size limit syntax")
struct SizeLimitSyntaxTests {
    @Test(arguments: [
        ("1048576", 1_048_576), ("512B", 512), ("20MiB", 20 * 1_048_576), ("500 MB", 500_000_000),
        ("2KB", 2000), ("1 KiB", 1024), ("3GiB", 3 << 30), ("1GB", 1_000_000_000),
    ])
    func readsSizes(_ text: String, _ bytes: Int) {
        #expect(SizeLimitSyntax.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "-5", "0MB", "lots", "12 parsecs", "1.5MB", "MB", "99999999999999999GiB"])
    func refusesWhatIsNotAPositiveSize(_ text: String) {
        #expect(SizeLimitSyntax.parse(text) == nil)
    }
}
