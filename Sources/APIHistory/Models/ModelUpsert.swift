import APIClient
import APIMapping

/// One transaction's upserts into the model store: the objects of a model and, through each
/// `nested:` declaration, the objects inside them, every table counted in a report of its own.
///
/// A nested object is stored before its parent and replaced in the parent's document by a
/// reference (see ``reference(table:identity:)``), so the parent's merge compares references,
/// not copies. The parent's identity is read before the replacement, so an identity path may
/// reach into a nested object. A parent that is rejected stores nothing nested either.
struct ModelUpsert {
    let connection: any SQLConnection
    let profile: String
    let endpoint: String
    let exchangeID: Int64?
    let now: Double
    /// One report per table, in the order the tables were first written.
    private var reports: [ModelStoreReport] = []

    init(connection: any SQLConnection, profile: String, endpoint: String, exchangeID: Int64?, now: Double) {
        self.connection = connection
        self.profile = profile
        self.endpoint = endpoint
        self.exchangeID = exchangeID
        self.now = now
    }

    /// What a nested object becomes in its parent's stored document:
    /// `{"$ref": {"table": "users", "identity": [583231]}}`, with the canonical identity values.
    static func reference(table: String, identity: [JSONValue]) -> JSONValue {
        ["$ref": ["table": .string(table), "identity": .array(identity)]]
    }

    /// Upserts a model: one object, or each element of an array (`$[0]`, `$[1]`…).
    mutating func upsertModel(_ model: JSONValue, store spec: StoreSpec) async throws {
        count(spec.table) { _ in }
        if case .array(let elements) = model {
            for (offset, element) in elements.enumerated() {
                _ = try await upsert(element, store: spec, location: "$[\(offset)]")
            }
        } else {
            _ = try await upsert(model, store: spec, location: "$")
        }
    }

    /// The outermost table's report, with the nested tables' reports.
    func report(table: String) -> ModelStoreReport {
        var root = reports.first { $0.table == table } ?? ModelStoreReport(table: table)
        root.nested = reports.filter { $0.table != table }
        return root
    }

    /// Stores one object and returns the reference that stands for it, or `nil` when it is
    /// rejected (the reason is in its table's report).
    private mutating func upsert(_ value: JSONValue, store spec: StoreSpec, location: String) async throws -> JSONValue?
    {
        guard case .object(var object) = value else {
            count(spec.table) {
                $0.rejected.append(.init(location: location, reason: "\(value.kind) is not an object"))
            }
            return nil
        }
        let identity: [JSONValue]
        switch ModelMerge.identity(of: object, paths: spec.identity) {
        case .success(let found): identity = found
        case .failure(let problem):
            count(spec.table) { $0.rejected.append(.init(location: location, reason: problem.reason)) }
            return nil
        }
        for nested in spec.nested {
            object =
                try await replacing(
                    nested, segments: nested.path.segments[...], in: .object(object), location: location
                ).objectValue ?? object
        }
        let key = ModelMerge.key(identity)
        let storedText = try await connection.fetchOne(
            "SELECT document FROM model_object WHERE table_name = ? AND identity = ?", [spec.table, key]
        )?.string("document")
        let stored = try storedText.map { try JSONDocument(parsing: $0).root.value.objectValue }
        let merged = ModelMerge.merge(stored: stored ?? nil, incoming: object)
        if let stored = stored ?? nil, stored == merged {
            count(spec.table) { $0.unchanged += 1 }
        } else {
            try await connection.execute(
                """
                INSERT INTO model_object (table_name, identity, document, profile, endpoint, exchange_id, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (table_name, identity) DO UPDATE SET
                    document = excluded.document, profile = excluded.profile, endpoint = excluded.endpoint,
                    exchange_id = excluded.exchange_id, updated_at = excluded.updated_at
                """,
                [spec.table, key, JSONValue.object(merged).jsonText(), profile, endpoint, exchangeID, now])
            count(spec.table) { report in
                if storedText == nil { report.inserted += 1 } else { report.updated += 1 }
            }
        }
        return Self.reference(table: spec.table, identity: identity)
    }

    /// `value` with the objects at the rest of a nested path stored and replaced by references.
    /// A missing step leaves `value` as it is: there is nothing to store.
    private mutating func replacing(
        _ nested: NestedStore, segments: ArraySlice<ProfilePath.Segment>, in value: JSONValue, location: String
    ) async throws -> JSONValue {
        guard let segment = segments.first else {
            return try await storeNested(value, nested.store, location: location)
        }
        switch value {
        case .object(var object):
            guard let child = object[segment.key] else { return value }
            object[segment.key] = try await replacing(
                nested, segments: segments.dropFirst(), in: child, location: location + Self.step(segment.key))
            return .object(object)
        case .array(var elements):
            guard var index = segment.index else { return value }
            if index < 0 { index += elements.count }
            guard elements.indices.contains(index) else { return value }
            elements[index] = try await replacing(
                nested, segments: segments.dropFirst(), in: elements[index], location: location + "[\(index)]")
            return .array(elements)
        default:
            return value
        }
    }

    /// Stores the object a nested path reached, or each element of the array it reached; `null`
    /// (and a `null` element) stays, so the merge clears the parent's reference as Groot's rule says.
    private mutating func storeNested(_ value: JSONValue, _ spec: StoreSpec, location: String) async throws
        -> JSONValue
    {
        switch value {
        case .null:
            return value
        case .array(let elements):
            var replaced: [JSONValue] = []
            for (offset, element) in elements.enumerated() {
                if element == .null {
                    replaced.append(element)
                } else {
                    replaced.append(
                        try await upsert(element, store: spec, location: location + "[\(offset)]") ?? element)
                }
            }
            return .array(replaced)
        default:
            return try await upsert(value, store: spec, location: location) ?? value
        }
    }

    /// Changes `table`'s report, adding it when it is the first write to the table.
    private mutating func count(_ table: String, _ change: (inout ModelStoreReport) -> Void) {
        if let index = reports.firstIndex(where: { $0.table == table }) {
            change(&reports[index])
        } else {
            var report = ModelStoreReport(table: table)
            change(&report)
            reports.append(report)
        }
    }

    /// A key as a location step: `.owner`, or `['first name']` when it is not a plain name.
    private static func step(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && !("0"..."9").contains(key.unicodeScalars.first ?? "0")
        return plain ? "." + key : "[" + JSONValue.string(key).jsonText() + "]"
    }
}
