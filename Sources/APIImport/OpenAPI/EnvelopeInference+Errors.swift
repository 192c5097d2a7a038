import APIMapping
import Foundation

extension EnvelopeInference {
    /// Sets the envelope's tip from the error answers (`default`, 4xx, 5xx) when the success answers
    /// do not carry it: `{ok: false, error: "invalid_auth"}` has its text only in the error shape.
    ///
    /// The tip is the message key most operations' error schemas share (at least two, and 60 % of
    /// those with an error schema): a top-level text key (`error`, `message`, `msg`…), or `message`
    /// inside an `error` object (`error>message`). A description without an inferred envelope gets
    /// one that judges by the HTTP status and shows that tip.
    mutating func inferTip(into draft: inout ProfileDraft, errorSchemas: [[Located]]) throws(ImportError) {
        guard draft.envelope?.tip == nil else { return }
        var found: [String] = []
        var considered = 0
        for schemas in errorSchemas where !schemas.isEmpty {
            considered += 1
            for schema in schemas {
                if let path = try messagePath(in: schema) {
                    found.append(path)
                    break
                }
            }
        }
        let needed = max(2, Int((Double(considered) * Self.threshold).rounded(.up)))
        guard let tip = Self.mostCommon(found), found.filter({ $0 == tip }).count >= needed else { return }
        let count = found.filter { $0 == tip }.count
        let note = "tip `\(tip)`: the error answers of \(count) of \(considered) operations carry it"
        if var envelope = draft.envelope {
            envelope.tip = tip
            envelope.comments.append(note)
            draft.envelope = envelope
        } else {
            var envelope = EnvelopeDraft(tip: tip, model: "")
            envelope.successRule = "http"
            envelope.comments.append("success is the HTTP status; " + note)
            draft.envelope = envelope
        }
    }

    /// Where an error schema keeps its text: a top-level message key, or `error>message`.
    private func messagePath(in schema: Located) throws(ImportError) -> String? {
        var skeleton = SchemaSkeleton(store: store)
        let properties = try skeleton.objectProperties(schema).all
        var byLower: [String: (String, Located)] = [:]
        for (key, property) in properties { byLower[key.lowercased()] = (key, property) }
        for candidate in Self.messageKeys {
            guard let (key, property) = byLower[candidate] else { continue }
            if try !isContainer(property) { return key }
            // `{error: {code, message}}` (Google's, Stripe's): the text is inside.
            var inner = SchemaSkeleton(store: store)
            let nested = try inner.objectProperties(property).all
            for nestedCandidate in Self.messageKeys {
                if let (nestedKey, nestedProperty) = nested.first(where: { $0.0.lowercased() == nestedCandidate }),
                    try !isContainer(nestedProperty)
                {
                    return key + ">" + nestedKey
                }
            }
        }
        return nil
    }
}
