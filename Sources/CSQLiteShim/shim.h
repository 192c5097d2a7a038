// What Swift cannot call in SQLite (variadic functions), as static inline functions.
//
// Only SQLite's own prototypes are declared here, not the whole <sqlite3.h>: GRDB's module already imports that
// header, and a second copy would make every SQLite name ambiguous in Swift files that see both modules.
#ifndef APIEXPLORE_CSQLITESHIM_SHIM_H
#define APIEXPLORE_CSQLITESHIM_SHIM_H

typedef struct sqlite3 sqlite3;
int sqlite3_db_config(sqlite3 *db, int op, ...);

/// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE in <sqlite3.h> (SQLite 3.16 and later).
#define APX_SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE 1006

/// Keeps the write-ahead log when the last connection to the file closes, instead of copying it into the
/// database first; returns SQLITE_OK (0) or SQLite's error code.
static inline int apx_sqlite3_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, APX_SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
