/// Strict UTF-8 checks (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    /// The length of the valid multi-byte sequence starting at `i`, or 0 when it is invalid or cut off.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = bytes[i]
        let end = bytes.count
        @inline(__always) func continuation(_ j: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            j < end && bytes[j] >= low && bytes[j] <= high
        }
        switch b0 {
        case 0xC2...0xDF:
            return continuation(i + 1) ? 2 : 0
        case 0xE0:
            return continuation(i + 1, 0xA0) && continuation(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(i + 1) && continuation(i + 2) ? 3 : 0
        case 0xED:
            return continuation(i + 1, 0x80, 0x9F) && continuation(i + 2) ? 3 : 0
        case 0xF0:
            return continuation(i + 1, 0x90) && continuation(i + 2) && continuation(i + 3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(i + 1) && continuation(i + 2) && continuation(i + 3) ? 4 : 0
        case 0xF4:
            return continuation(i + 1, 0x80, 0x8F) && continuation(i + 2) && continuation(i + 3) ? 4 : 0
        default:
            return 0
        }
    }
}
