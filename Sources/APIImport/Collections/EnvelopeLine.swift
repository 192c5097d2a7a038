import APIMapping

/// The `apiexplore-envelope: {…}` line an export writes into a collection's description or a
/// `.http` comment, read back so a round trip keeps the envelope.
///
/// ```swift
/// EnvelopeLine.envelope(in: #"apiexplore-envelope: {"status":"code","success":[0],"tip":"msg","model":"data"}"#)
/// // status code, success [0], tip msg, model data
/// ```
enum EnvelopeLine {
    static let prefix = "apiexplore-envelope: "

    static func envelope(in text: String?) -> EnvelopeDraft? {
        guard let text else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            guard let range = line.firstRange(of: prefix) else { continue }
            let json = String(line[range.upperBound...])
            let object: JSONObject
            do {
                guard let parsed = try JSONDocument(parsing: json).root.value.objectValue else { continue }
                object = parsed
            } catch {
                continue
            }
            var envelope = EnvelopeDraft(
                status: object["status"]?.stringValue, tip: object["tip"]?.stringValue,
                model: object["model"]?.stringValue ?? "")
            switch object["success"] {
            case .array(let values)?: envelope.success = values
            case .string(let rule)? where ["absent", "present", "http"].contains(rule): envelope.successRule = rule
            default: break
            }
            if envelope.status == nil, envelope.successRule == nil { envelope.successRule = "http" }
            envelope.comments.append("the envelope apiexplore exported with the collection")
            return envelope
        }
        return nil
    }
}
