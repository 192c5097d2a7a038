public import APIClient
public import APIMapping
import Foundation

extension HistoryStore {
    /// Upserts model objects into a table of the model store, keyed by identity, with Groot's
    /// merge rule, and reports what happened to each.
    ///
    /// An object model is one object (location `$`); an array model gives one object per element
    /// (`$[0]`, `$[1]`…). An element that is not an object, or lacks an identity value (missing,
    /// `null`, or not a scalar), is rejected with its reason. For a stored identity the incoming
    /// object is merged: a missing key keeps the stored value, an explicit `null` removes it, any
    /// other value replaces it. Unchanged documents are not rewritten. Everything is one
    /// transaction.
    ///
    /// Identities are canonical: numbers compare by value (`1`, `1.0` and `10e-1` are one
    /// identity, stored as `[1]`; big integers stay exact), strings by their Unicode NFC form, and
    /// bools as bools.
    ///
    /// ```swift
    /// // stored: {"id":1,"name":"Ada","email":"ada@example.com","city":"London"}
    /// let report = try await store.upsertModels(
    ///     [["id": 1, "name": "Ada L.", "email": nil]], table: "users", identity: [try ProfilePath("id")],
    ///     profile: "demo", endpoint: "users")
    /// // report: 0 inserted, 1 updated; stored: {"id":1,"name":"Ada L.","city":"London"}
    /// ```
    ///
    /// - Parameters:
    ///   - model: The model: an object, or an array of objects.
    ///   - table: The table name.
    ///   - identity: The paths, inside each object, whose values identify it.
    ///   - profile: The profile that produced the objects.
    ///   - endpoint: The endpoint that produced them.
    ///   - exchangeID: The recorded exchange they came from, if any.
    /// - Returns: The counts and rejections.
    /// - Throws: ``HistoryError`` when the write fails.
    public func upsertModels(
        _ model: JSONValue, table: String, identity: [ProfilePath], profile: String, endpoint: String,
        exchangeID: Int64? = nil
    ) async throws(HistoryError) -> ModelStoreReport {
        try await upsertModels(
            model, store: StoreSpec(table: table, identity: identity), profile: profile, endpoint: endpoint,
            exchangeID: exchangeID)
    }

    /// Upserts model objects as a `store:` declaration says, with its `nested:` objects stored in
    /// their own tables and replaced by references, and reports what happened in each table.
    ///
    /// The rules of ``upsertModels(_:table:identity:profile:endpoint:exchangeID:)`` hold in every
    /// table. The object at each nested path (relative to each stored object; an array there
    /// means each of its elements) is upserted first and replaced in its parent's document by
    /// `{"$ref": {"table": "users", "identity": [583231]}}`, with the canonical identity values. A
    /// missing or `null` nested value stores nothing; a nested object that is rejected stays
    /// inline and is counted as rejected in its table, at a location such as `$[0].owner`. The
    /// spec's `model` is not used here (the model is given).
    ///
    /// ```swift
    /// // store: {table: repositories, identity: [id], nested: {owner: {table: users, identity: [id]}}}
    /// let report = try await store.upsertModels(repos, store: spec, profile: "github", endpoint: "user_repos")
    /// // repositories: 2 inserted, 0 updated, 0 unchanged, 0 rejected; users: 1 inserted, 0 updated, 1 unchanged, 0 rejected
    /// // stored repository: {"id":1296269,"name":"hello-world","owner":{"$ref":{"table":"users","identity":[583231]}}}
    /// ```
    ///
    /// - Parameters:
    ///   - model: The model: an object, or an array of objects.
    ///   - spec: The table, identity paths and nested tables.
    ///   - profile: The profile that produced the objects.
    ///   - endpoint: The endpoint that produced them.
    ///   - exchangeID: The recorded exchange they came from, if any.
    /// - Returns: The counts and rejections, with one nested report per nested table.
    /// - Throws: ``HistoryError`` when the write fails.
    public func upsertModels(
        _ model: JSONValue, store spec: StoreSpec, profile: String, endpoint: String, exchangeID: Int64? = nil
    ) async throws(HistoryError) -> ModelStoreReport {
        let now = Date().timeIntervalSince1970
        return try await write(.exclusiveWrite) { connection in
            var upsert = ModelUpsert(
                connection: connection, profile: profile, endpoint: endpoint, exchangeID: exchangeID, now: now)
            try await upsert.upsertModel(model, store: spec)
            return upsert.report(table: spec.table)
        }
    }

    /// Upserts an exchange's model objects as its endpoint's `store:` declares, from the
    /// redacted body (so a masked value never reaches the model store).
    ///
    /// The objects are at `store.model` in the body when it is set, otherwise at the envelope's
    /// model path.
    ///
    /// ```swift
    /// // store: {table: users, identity: [id]}
    /// let report = try await store.storeModels(from: exchange, profile: demo, exchangeID: id)
    /// report?.inserted  // 1
    /// ```
    ///
    /// - Parameters:
    ///   - exchange: The exchange.
    ///   - profile: Its profile, for the endpoint's `store:` and the redaction rules.
    ///   - exchangeID: The id ``record(_:profile:reauthOf:)`` returned, kept as provenance.
    /// - Returns: The report, or `nil` when the endpoint declares no `store:` or the body is not JSON.
    /// - Throws: ``HistoryError`` when the write fails, or does not finish within
    ///   ``HistoryConfiguration/busyTimeout`` (at least ``HistoryConfiguration/recordTimeout``).
    public func storeModels(from exchange: APIExchange, profile: Profile, exchangeID: Int64? = nil)
        async throws(HistoryError) -> ModelStoreReport?
    {
        guard let spec = profile.endpoint(exchange.endpointID)?.store, let document = exchange.body.document else {
            return nil
        }
        let redactor = ExchangeRedactor.forRequest(exchange.request, profile: profile)
        let body = JSONDocument(redactor.json(document.root.value)).root
        let path = spec.model ?? exchange.evaluation.modelPath
        guard let model = path.select(in: body) else {
            var report = ModelStoreReport(table: spec.table)
            report.rejected.append(.init(location: "$", reason: "the model path '\(path)' selects nothing"))
            return report
        }
        // On a request's path: bounded, but by the writers' busy timeout rather than the 2 s of one
        // row: an upsert of a large model is many statements and may take longer on a loaded server.
        // An outage seen by recording still skips the wait at once.
        let (value, name, endpoint, now) = (
            model.value, profile.name, exchange.endpointID, Date().timeIntervalSince1970
        )
        let deadline = max(configuration.recordTimeout, configuration.busyTimeout)
        return try await writeWithinDeadline(.exclusiveWrite, deadline: deadline) { connection in
            var upsert = ModelUpsert(
                connection: connection, profile: name, endpoint: endpoint, exchangeID: exchangeID, now: now)
            try await upsert.upsertModel(value, store: spec)
            return upsert.report(table: spec.table)
        }
    }

    /// The objects stored in a table, most recently written first.
    ///
    /// ```swift
    /// try await store.models(table: "users").map(\.identity)  // ["[1002]", "[1001]"]
    /// ```
    ///
    /// - Parameters:
    ///   - table: The table name.
    ///   - limit: The most objects returned.
    /// - Returns: The stored objects.
    /// - Throws: ``HistoryError`` when the read fails or a document is damaged.
    public func models(table: String, limit: Int = 1000) async throws(HistoryError) -> [StoredModel] {
        try await read { connection in
            try await connection.fetchAll(
                "SELECT * FROM model_object WHERE table_name = ? ORDER BY updated_at DESC, identity LIMIT ?",
                [table, limit]
            ).map(StoredModel.init)
        }
    }

    /// One stored object by its identity values, compared as the store keys them: numbers by
    /// value (`1001.0` finds `1001`), strings in Unicode NFC.
    ///
    /// ```swift
    /// try await store.model(table: "users", identity: [1001])?.document["name"]  // "Ada"
    /// try await store.model(table: "users", identity: [1001.0])?.identity        // "[1001]"
    /// ```
    ///
    /// - Parameters:
    ///   - table: The table name.
    ///   - identity: The identity values, in the order of the `identity:` paths.
    /// - Returns: The object, or `nil` when none has that identity.
    /// - Throws: ``HistoryError`` when the read fails or the document is damaged.
    public func model(table: String, identity: [JSONValue]) async throws(HistoryError) -> StoredModel? {
        let key = ModelMerge.key(identity)
        return try await read { connection in
            try await connection.fetchOne(
                "SELECT * FROM model_object WHERE table_name = ? AND identity = ?", [table, key]
            ).map(StoredModel.init)
        }
    }

    /// The names of the model store's tables that hold objects.
    ///
    /// ```swift
    /// try await store.modelTables()  // ["repositories", "users"]
    /// ```
    ///
    /// - Returns: Table names, sorted.
    /// - Throws: ``HistoryError`` when the read fails.
    public func modelTables() async throws(HistoryError) -> [String] {
        try await read { connection in
            try await connection.fetchAll("SELECT DISTINCT table_name FROM model_object ORDER BY table_name").map {
                try $0.string("table_name")
            }
        }
    }
}
