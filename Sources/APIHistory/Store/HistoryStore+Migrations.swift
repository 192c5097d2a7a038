import Foundation
import GRDB

extension HistoryStore {
    /// The schema, one registered migration per version; never edit a shipped one, add the next.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: exchanges, full-text index, model store") { db in
            try db.execute(
                sql: """
                    CREATE TABLE exchange (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recorded_at REAL NOT NULL,
                        profile TEXT NOT NULL,
                        endpoint TEXT NOT NULL,
                        method TEXT NOT NULL,
                        url TEXT NOT NULL,
                        request_headers TEXT NOT NULL,
                        request_body BLOB,
                        request_body_size INTEGER NOT NULL DEFAULT 0,
                        http_status INTEGER,
                        http_reason TEXT,
                        http_version TEXT,
                        headers_ms REAL,
                        total_ms REAL,
                        response_headers TEXT,
                        response_body BLOB,
                        response_body_size INTEGER NOT NULL DEFAULT 0,
                        response_body_truncated INTEGER NOT NULL DEFAULT 0,
                        response_body_rewritten INTEGER NOT NULL DEFAULT 0,
                        content_type TEXT,
                        outcome TEXT NOT NULL,
                        http_verdict TEXT,
                        business_verdict TEXT,
                        business_status TEXT,
                        tip TEXT,
                        model_path TEXT,
                        model_text TEXT,
                        error_kind TEXT,
                        error_message TEXT,
                        stored_bytes INTEGER NOT NULL
                    );
                    CREATE INDEX exchange_by_profile ON exchange(profile, endpoint, id);
                    CREATE INDEX exchange_by_outcome ON exchange(outcome, id);
                    CREATE INDEX exchange_by_business_status ON exchange(business_status, id);
                    CREATE VIRTUAL TABLE exchange_text USING fts5(
                        url, tip, model_text, content='exchange', content_rowid='id', tokenize='trigram');
                    CREATE TRIGGER exchange_text_insert AFTER INSERT ON exchange BEGIN
                        INSERT INTO exchange_text(rowid, url, tip, model_text)
                        VALUES (new.id, new.url, new.tip, new.model_text);
                    END;
                    CREATE TRIGGER exchange_text_delete AFTER DELETE ON exchange BEGIN
                        INSERT INTO exchange_text(exchange_text, rowid, url, tip, model_text)
                        VALUES ('delete', old.id, old.url, old.tip, old.model_text);
                    END;
                    CREATE TABLE model_object (
                        table_name TEXT NOT NULL,
                        identity TEXT NOT NULL,
                        document TEXT NOT NULL,
                        profile TEXT NOT NULL,
                        endpoint TEXT NOT NULL,
                        exchange_id INTEGER REFERENCES exchange(id) ON DELETE SET NULL,
                        updated_at REAL NOT NULL,
                        PRIMARY KEY (table_name, identity)
                    ) WITHOUT ROWID;
                    CREATE INDEX model_object_by_exchange ON model_object(exchange_id);
                    """)
        }
        migrator.registerMigration("v2: the envelope each exchange was evaluated with") { db in
            // JSON (see `Envelope.storageJSON`); NULL for calls that got no request built, and for v1 rows.
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN envelope TEXT")
        }
        migrator.registerMigration("v3: business error names and re-authentication links") { db in
            // The catalogued name of a business failure (`token_expired`), `uncatalogued` for a failing
            // code the profile does not name; NULL for anything else.
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN business_error TEXT")
            // The exchange this one replays after signing in again; NULL for first attempts.
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN reauth_of INTEGER")
            try db.execute(sql: "CREATE INDEX exchange_by_business_error ON exchange(business_error, id)")
        }
        migrator.registerMigration("v4: the environment each exchange was sent in") { db in
            // The profile's active environment (`staging`); NULL for profiles that declare none.
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN environment TEXT")
            try db.execute(sql: "CREATE INDEX exchange_by_environment ON exchange(environment, id)")
        }
        migrator.registerMigration("v5: canonical model identities") { db in
            // `1` and `1.0`, `é` and `e` + U+0301 were two identities; rows that now share one are merged.
            try canonicalizeModelIdentities(db)
        }
        return migrator
    }

    /// Applies the migrations this file lacks.
    ///
    /// Two processes opening a new file at once can both see a migration as missing; the second
    /// then fails inside its own (rolled back) transaction. That failure is accepted only when
    /// the file turns out to be fully migrated after all; otherwise it is thrown.
    func migrate() throws(HistoryError) {
        let migrator = Self.migrator
        var attempt = 0
        while true {
            attempt += 1
            do {
                try migrator.migrate(database)
                return
            } catch {
                let completed: Bool
                do {
                    completed = try database.read { db in try migrator.hasCompletedMigrations(db) }
                } catch let readError {
                    throw HistoryError(.open, path: location.url.path, message: "migrating: \(readError)")
                }
                if completed { return }
                if attempt >= 5 {
                    throw HistoryError(.open, path: location.url.path, message: "migrating: \(error)")
                }
            }
        }
    }
}
