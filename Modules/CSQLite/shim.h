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

/// The pre-update hook's callback (the signature of sqlite3.h's, which declares it only when built
/// with SQLITE_ENABLE_PREUPDATE_HOOK).
typedef void (*csqlite_preupdate_callback)(
    void *context, sqlite3 *db, int operation, char const *database, char const *table, sqlite3_int64 key1,
    sqlite3_int64 key2);

/// Declared weak: Debian's libsqlite3 exports it, builds without SQLITE_ENABLE_PREUPDATE_HOOK do not,
/// and a weak reference to a missing symbol is null instead of a link error.
extern void *sqlite3_preupdate_hook(sqlite3 *db, csqlite_preupdate_callback callback, void *context)
    __attribute__((weak));

/// Installs the pre-update hook when this SQLite has one; returns 0 (and installs nothing) otherwise.
/// It reports every row change, also rows REPLACE deletes and rows of WITHOUT ROWID tables, which
/// the update hook misses.
static inline int csqlite_install_preupdate_hook(sqlite3 *db, csqlite_preupdate_callback callback, void *context) {
    if (!sqlite3_preupdate_hook || !sqlite3_compileoption_used("ENABLE_PREUPDATE_HOOK")) return 0;
    sqlite3_preupdate_hook(db, callback, context);
    return 1;
}

/// Turns off the legacy misfeature that reads a double-quoted name matching no column as a string
/// literal in DML, so a misspelled column in a query is an error instead of an empty result.
static inline int csqlite_disable_double_quoted_strings_in_dml(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}
#endif
