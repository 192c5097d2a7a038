/// Short descriptions of found values for messages: `string "abc"`, `number 300`, `null`,
/// `object {"id":1,"name":"Ann","tags":[…`.
enum JSONExcerpt {
    /// The longest excerpt, in characters of JSON text, before it is cut with `…`.
    static let limit = 40

    static func describe(_ node: JSONNode) -> String {
        switch node.kind {
        case .null: return "null"
        case .bool: return "bool \(node.boolValue == true)"
        case .number: return "number \(cut(node.numberValue?.text ?? ""))"
        case .string:
            let text = node.stringValue ?? ""
            let shown = text.count > limit ? String(text.prefix(limit)) : text
            var out: [UInt8] = [UInt8(ascii: "\"")]
            JSONWriter.appendEscaped(shown, to: &out)
            if shown.count < text.count { out.append(contentsOf: "…".utf8) }
            out.append(UInt8(ascii: "\""))
            return "string " + String(decoding: out, as: UTF8.self)
        case .array: return "array \(containerText(node))"
        case .object: return "object \(containerText(node))"
        }
    }

    private static func cut(_ text: String, truncated: Bool = false) -> String {
        guard truncated || text.count > limit else { return text }
        return text.prefix(limit) + "…"
    }

    /// The first characters of a container's compact JSON, without writing all of a large one.
    private static func containerText(_ node: JSONNode) -> String {
        struct Enough: Error {}
        var text: [UInt8] = []
        var truncated = false
        do {
            try node.writeJSON(chunkSize: 4 * limit) { (chunk) throws(Enough) in
                text.append(contentsOf: chunk)
                if text.count >= 4 * limit { throw Enough() }
            }
        } catch {
            truncated = true
        }
        return cut(String(decoding: text, as: UTF8.self), truncated: truncated)
    }
}
