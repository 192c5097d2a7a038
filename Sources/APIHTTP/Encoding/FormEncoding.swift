/// `application/x-www-form-urlencoded` encoding as the WHATWG URL standard writes it: UTF-8 bytes,
/// space as `+`, `*-._` and alphanumerics kept, everything else percent-encoded.
///
/// ```swift
/// FormEncoding.encode("+1 555 & co=1")  // "%2B1+555+%26+co%3D1"
/// ```
package enum FormEncoding {
    /// The encoded text.
    package static func encode(_ text: String) -> String {
        var result = ""
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result.unicodeScalars.append("+")
            default:
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}
