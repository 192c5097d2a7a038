/// SplitMix64: a small generator whose sequence depends only on its seed, so a test that draws
/// random bytes, boundaries or mutations can be replayed exactly.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let boundary = MultipartUpload.randomBoundary(using: &generator)  // the same every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
