extension JSONShape {
    /// The fewest earlier models a shape needs before drift is reported: below 3, two models that
    /// differ say more about the sample than about the API, so a first exchange and the next two
    /// report nothing.
    public static let minimumSamples = 3

    /// Whether the shape has seen enough models (``minimumSamples``) for its drift to mean something.
    public var hasEnoughSamples: Bool { samples >= Self.minimumSamples }

    /// Checks each value against the shape of the values before it, oldest to newest.
    ///
    /// ```swift
    /// let drifts = JSONShape.driftWalk(models.map { (model: $0.model, path: $0.path) })
    /// drifts[4]?.changes  // [data>user>age: int → string]
    /// drifts[0]           // nil: no earlier model
    /// ```
    ///
    /// - Parameters:
    ///   - values: The values (models), oldest first, each with its path in the body.
    ///   - limits: The caps of the shape.
    /// - Returns: One report per value, in order; `nil` where fewer than ``minimumSamples`` values came before.
    public static func driftWalk(_ values: [(model: JSONNode, path: String)], limits: Limits = Limits())
        -> [JSONShapeDrift?]
    {
        var shape = JSONShape(limits: limits)
        var reports: [JSONShapeDrift?] = []
        for value in values {
            reports.append(shape.hasEnoughSamples ? shape.drift(of: value.model, at: value.path) : nil)
            shape.add(value.model)
        }
        return reports
    }
}
