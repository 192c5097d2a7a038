/// Every migration of the history's schema, in order, for both backends: the schema is what they
/// build, one after the other.
enum HistoryMigrations {
    static let all: [Migration] = [
        Migration(
            identifier: "v1: exchanges, full-text index, model store",
            steps: [
                .createTable(
                    "exchange",
                    [
                        Column("id", .identity),
                        Column("recorded_at", .real, notNull: true),
                        Column("profile", .text, notNull: true),
                        Column("endpoint", .text, notNull: true),
                        Column("method", .text, notNull: true),
                        Column("url", .text, notNull: true),
                        Column("request_headers", .text, notNull: true),
                        Column("request_body", .blob),
                        Column("request_body_size", .integer, notNull: true, default: "0"),
                        Column("http_status", .integer),
                        Column("http_reason", .text),
                        Column("http_version", .text),
                        Column("headers_ms", .real),
                        Column("total_ms", .real),
                        Column("response_headers", .text),
                        Column("response_body", .blob),
                        Column("response_body_size", .integer, notNull: true, default: "0"),
                        Column("response_body_truncated", .integer, notNull: true, default: "0"),
                        Column("response_body_rewritten", .integer, notNull: true, default: "0"),
                        Column("content_type", .text),
                        Column("outcome", .text, notNull: true),
                        Column("http_verdict", .text),
                        Column("business_verdict", .text),
                        Column("business_status", .text),
                        Column("tip", .text),
                        Column("model_path", .text),
                        Column("model_text", .text),
                        Column("error_kind", .text),
                        Column("error_message", .text),
                        Column("stored_bytes", .integer, notNull: true),
                    ]),
                .createIndex("exchange_by_profile", table: "exchange", columns: ["profile", "endpoint", "id"]),
                .createIndex("exchange_by_outcome", table: "exchange", columns: ["outcome", "id"]),
                .createIndex("exchange_by_business_status", table: "exchange", columns: ["business_status", "id"]),
                .fullTextIndex("exchange_text", table: "exchange", columns: ["url", "tip", "model_text"]),
                .createTable(
                    "model_object",
                    [
                        Column("table_name", .text, notNull: true),
                        Column("identity", .text, notNull: true),
                        Column("document", .text, notNull: true),
                        Column("profile", .text, notNull: true),
                        Column("endpoint", .text, notNull: true),
                        Column(
                            "exchange_id", .integer,
                            references: Column.Reference(table: "exchange", column: "id", onDelete: "SET NULL")),
                        Column("updated_at", .real, notNull: true),
                    ], primaryKey: ["table_name", "identity"], compactKey: true),
                .createIndex("model_object_by_exchange", table: "model_object", columns: ["exchange_id"]),
            ]),
        // JSON (see `Envelope.storageJSON`); NULL for calls that got no request built, and for v1 rows.
        Migration(
            identifier: "v2: the envelope each exchange was evaluated with",
            steps: [.addColumn(table: "exchange", Column("envelope", .text))]),
        Migration(
            identifier: "v3: business error names and re-authentication links",
            steps: [
                // The catalogued name of a business failure (`token_expired`), `uncatalogued` for a failing
                // code the profile does not name; NULL for anything else.
                .addColumn(table: "exchange", Column("business_error", .text)),
                // The exchange this one replays after signing in again; NULL for first attempts.
                .addColumn(table: "exchange", Column("reauth_of", .integer)),
                .createIndex("exchange_by_business_error", table: "exchange", columns: ["business_error", "id"]),
            ]),
        Migration(
            identifier: "v4: the environment each exchange was sent in",
            steps: [
                // The profile's active environment (`staging`); NULL for profiles that declare none.
                .addColumn(table: "exchange", Column("environment", .text)),
                .createIndex("exchange_by_environment", table: "exchange", columns: ["environment", "id"]),
            ]),
        // `1` and `1.0`, `é` and `e` + U+0301 were two identities; rows that now share one are merged.
        Migration(
            identifier: "v5: canonical model identities",
            steps: [.code { connection in try await HistoryStore.canonicalizeModelIdentities(connection) }]),
        Migration(
            identifier: "v6: streamed bodies and event streams",
            steps: [
                // JSON: a body saved as it arrived (`saved_to`, `sha256`, `bytes`) or an event stream
                // (`format`, `events`, `kept`, `dropped`, `reconnects`), and how it ended; NULL for a
                // body read whole.
                .addColumn(table: "exchange", Column("response_stream", .text))
            ]),
        // Who recorded each exchange and where: a team history says whose laptop or CI job sent it.
        // NULL for rows recorded before, and when the recorder is not known.
        Migration(
            identifier: "v7: who recorded each exchange, where, with what",
            steps: [
                .addColumn(table: "exchange", Column("recorded_by", .text)),
                .addColumn(table: "exchange", Column("recorded_on", .text)),
                .addColumn(table: "exchange", Column("recorded_with", .text)),
            ]),
        // JSON: the redirects followed before the answer (method, URL, status, where it pointed), URLs
        // masked as the request's; NULL when there were none, and for rows recorded before.
        Migration(
            identifier: "v8: the redirects each exchange followed",
            steps: [.addColumn(table: "exchange", Column("redirects", .text))]),
    ]
}
