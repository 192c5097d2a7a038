/// Percent-encoding as curl does it (`curl_easy_escape`), and `--data-urlencode`'s forms.
enum CurlEncoding {
    /// Encodes every byte but `A-Z a-z 0-9 - . _ ~`; a space becomes `%20`.
    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// Decodes `%XX` escapes; `+` stays `+`. Text whose escapes are not UTF-8 is returned unchanged.
    static func unescape(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let value = UInt8(String(decoding: source[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    /// The separator that decides a `--data-urlencode` value's form: the first `=` or `@`.
    private static func separator(in value: String) -> String.Index? {
        value.firstIndex { $0 == "=" || $0 == "@" }
    }

    /// `content`, `=content` and `name=content`, encoded.
    static func urlencodedPiece(_ value: String) -> String {
        guard let separator = separator(in: value), value[separator] == "=" else { return escape(value) }
        let name = value[..<separator]
        let content = escape(String(value[value.index(after: separator)...]))
        return name.isEmpty ? content : name + "=" + content
    }

    /// `@file` and `name@file`: the file and the name.
    static func urlencodedFile(_ value: String) -> (name: String?, path: String)? {
        guard let separator = separator(in: value), value[separator] == "@" else { return nil }
        let name = String(value[..<separator])
        return (name.isEmpty ? nil : name, String(value[value.index(after: separator)...]))
    }
}
