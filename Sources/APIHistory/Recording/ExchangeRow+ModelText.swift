import APIMapping

extension ExchangeRow {
    /// The first `limit` characters of a model's compact JSON text, redacted, written only as far as
    /// they need.
    ///
    /// The model can be the whole body: 200 MB of records. Writing all of it as text to keep 4,096
    /// characters cost twice the body at the peak (the written bytes and the string made of them). The
    /// text is written in chunks and redacted as it grows, and writing stops once the redacted text
    /// holds the limit and a margin beyond it. The result is the same as redacting the whole text and
    /// cutting it: a secret cut off at the end of what was written can only change the redacted text
    /// near that end (each secret's pass, longest first, may match differently there, and a mask is at
    /// most three times the bytes it replaces), and the margin keeps that part out of what is kept.
    ///
    /// - Parameters:
    ///   - node: The model.
    ///   - redactor: Masks the secrets of the exchange's request.
    ///   - limit: The most characters kept.
    /// - Returns: The redacted text, at most `limit` characters.
    static func keptModelText(_ node: JSONNode, redactor: ExchangeRedactor, limit: Int) -> String {
        let margin = 3 * redactor.secrets.reduce(0) { $0 + $1.utf8.count } + 64
        var written: [UInt8] = []
        var text = ""
        do throws(ModelTextIsLongEnough) {
            try node.writeJSON(chunkSize: 16_384) { (chunk) throws(ModelTextIsLongEnough) in
                written.append(contentsOf: chunk)
                text = redactor.text(String(decoding: written, as: UTF8.self))
                // One character more than kept, so the last kept one is whole whatever follows it.
                let kept = text.prefix(limit + 1).utf8.count
                if text.utf8.count - kept >= margin { throw ModelTextIsLongEnough() }
            }
        } catch {
            // Written far enough: `text` holds everything that is kept.
        }
        return String(text.prefix(limit))
    }
}

/// Stops writing a model's text once the part history keeps is settled.
private struct ModelTextIsLongEnough: Error {}
