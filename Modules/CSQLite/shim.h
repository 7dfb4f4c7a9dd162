#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
// The system SQLite (libsqlite3-dev on Debian/Ubuntu, the SDK's libsqlite3 on Apple platforms).
#include <sqlite3.h>

// Swift imports neither C variadic functions nor casting macros; these wrappers expose the two it needs.

/// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Stops sqlite3_close from checkpointing the WAL into the main file (used when an open is refused,
/// so a file found not to be a sound database is never written to).
static inline int csqlite_disable_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// Turns off the legacy misfeature that reads a double-quoted name matching no column as a string
/// literal in DML, so a misspelled column in a query is an error instead of an empty result.
static inline int csqlite_disable_double_quoted_strings_in_dml(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}
#endif
