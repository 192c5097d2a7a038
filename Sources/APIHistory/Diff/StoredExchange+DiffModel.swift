import APIClient
public import APIMapping

extension StoredExchange {
    /// The value a diff compares for this exchange: the model the envelope it was recorded with
    /// finds (redacted as stored), or the whole body when there is no model (an older row without
    /// its envelope, a failure without `data`), or `nil` when the stored body is not JSON (or XML
    /// read as JSON), for instance because it was cut at the body limit.
    ///
    /// ```swift
    /// let stored = try await store.exchange(id: 42)!
    /// stored.diffModel()?.value.jsonText()  // {"id":7,"ts":"2026-11-26T05:00:00Z"}
    /// stored.diffModel()?.isWholeBody       // false
    /// ```
    ///
    /// - Parameters:
    ///   - xmlArrays: Paths that stay arrays when an XML body is converted (the profile's `xml_arrays`).
    ///   - wholeBody: Whether to compare the whole body even when a model was found.
    /// - Returns: The value, and whether it is the whole body; `nil` when the body is not JSON.
    public func diffModel(xmlArrays: [ProfilePath] = [], wholeBody: Bool = false) -> (
        value: JSONNode, isWholeBody: Bool
    )? {
        let body = body(xmlArrays: xmlArrays)
        guard let root = body.document?.root else { return nil }
        if !wholeBody, let envelope, let status = entry.httpStatus,
            let model = envelope.evaluate(httpStatus: status, body: root).model
        {
            return (model.node, model.location.components.isEmpty)
        }
        return (root, true)
    }
}
