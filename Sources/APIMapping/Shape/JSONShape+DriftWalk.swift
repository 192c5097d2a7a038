extension JSONShape {
    /// The fewest earlier models a shape needs before drift is reported: below 3, two models that
    /// differ say more about the sample than about the API, so a first exchange and the next two
    /// report nothing.
    public static let minimumSamples = 3

    /// Whether the shape has seen enough models (``minimumSamples``) for its drift to mean something.
    public var hasEnoughSamples: Bool { samples >= Self.minimumSamples }

    /// Checks each value against the shape of the values before it, oldest to newest: at most `window`
    /// of them, the newest, so that every value is judged on the same footing as a single check that
    /// reads the `window` values before it (the TUI's Status marker reads the newest 200).
    ///
    /// ```swift
    /// let drifts = JSONShape.driftWalk(models.map { (model: $0.model, path: $0.path) }, window: 200)
    /// drifts[4]?.changes  // [data>user>age: int → string]
    /// drifts[0]           // nil: no earlier model
    /// ```
    ///
    /// - Parameters:
    ///   - values: The values (models), oldest first, each with its path in the body.
    ///   - window: The most earlier values each one is checked against; `nil` for all of them.
    ///   - start: The first value checked; the ones before it are only earlier samples.
    ///   - limits: The caps of the shape.
    /// - Returns: One report per value from `start`, in order; `nil` where fewer than ``minimumSamples``
    ///   values came before.
    public static func driftWalk(
        _ values: [(model: JSONNode, path: String)], window: Int? = nil, from start: Int = 0,
        limits: Limits = Limits()
    ) -> [JSONShapeDrift?] {
        let start = min(max(start, 0), values.count)
        guard let window else {
            var shape = JSONShape(inferringFrom: values[..<start].map(\.model), limits: limits)
            var reports: [JSONShapeDrift?] = []
            for value in values[start...] {
                reports.append(shape.hasEnoughSamples ? shape.drift(of: value.model, at: value.path) : nil)
                shape.add(value.model)
            }
            return reports
        }
        // A shape cannot forget a sample: each value gets its own shape of its window.
        return values.indices[start...].map { index in
            let shape = JSONShape(
                inferringFrom: values[max(0, index - max(window, 0))..<index].map(\.model), limits: limits)
            return shape.hasEnoughSamples ? shape.drift(of: values[index].model, at: values[index].path) : nil
        }
    }
}
