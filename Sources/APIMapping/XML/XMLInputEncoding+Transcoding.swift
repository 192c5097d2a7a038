#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension XMLInputEncoding {
    /// `input`, declared in the ASCII-compatible encoding `name`, as UTF-8, converted by the C
    /// library's iconv.
    ///
    /// libxml2 (2.9) converts such documents itself, and crashes on some invalid sequences (a GB2312
    /// document holding `AA B5` dereferences a null pointer); so it is only ever given UTF-8, and an
    /// invalid sequence is an error here, located in the original bytes.
    ///
    /// - Throws: `unsupportedEncoding` when iconv does not know the name; `malformed` at the first
    ///   byte that is not valid in the encoding.
    static func transcodingToUTF8(_ input: [UInt8], from name: String, column: Int) throws(XMLConversionError)
        -> [UInt8]
    {
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else {
            throw XMLConversionError(
                .unsupportedEncoding.detail("unsupported encoding '\(name)': no converter for it on this system"),
                line: 1, column: column)
        }
        defer { iconv_close(converter) }
        // Four output bytes per input byte cover every encoding accepted (a byte never becomes more
        // than three UTF-8 bytes, two never more than four).
        var output = [UInt8](repeating: 0, count: input.count * 4 + 4)
        var source = input
        let (consumed, produced, failed) = source.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputPointer = inputBuffer.baseAddress.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                }
                var inputLeft = inputBuffer.count
                var outputPointer = outputBuffer.baseAddress.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                }
                var outputLeft = outputBuffer.count
                let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                return (inputBuffer.count - inputLeft, outputBuffer.count - outputLeft, result == -1)
            }
        }
        if failed || consumed < input.count {
            let position = input.withUnsafeBufferPointer { TextPosition(of: consumed, in: $0) }
            throw XMLConversionError(
                .malformed.detail("invalid \(name) at byte \(consumed): not a character of the declared encoding"),
                line: position.line, column: position.column)
        }
        return Array(output[..<produced])
    }
}
