#ifndef BISTRO_CSQLITESUPPORT_H
#define BISTRO_CSQLITESUPPORT_H
// What Persistence needs of SQLite that Swift cannot call directly: sqlite3_db_config is variadic
// and SQLITE_TRANSIENT a casting macro, which Swift does not import. The same on every platform:
// with the SDK's SQLite3 module on Apple's, the system library (CSQLite) elsewhere. The header names
// no SQLite type beyond the opaque connection, so it never competes with either module's sqlite3.h.

struct sqlite3;

/// A destructor argument of sqlite3_bind_*: the type of sqlite3.h's sqlite3_destructor_type.
typedef void (*csqlite_destructor)(void *);

/// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the bind call returns.
csqlite_destructor csqlite_transient(void);

/// Stops sqlite3_close from checkpointing the WAL into the main file (used when an open is refused,
/// so a file found not to be a sound database is never written to); SQLite's result code.
int csqlite_disable_checkpoint_on_close(struct sqlite3 *db);

/// Turns off the legacy misfeature that reads a double-quoted name matching no column as a string
/// literal in DML, so a misspelled column in a query is an error instead of an empty result.
int csqlite_disable_double_quoted_strings_in_dml(struct sqlite3 *db);

/// The pre-update hook's callback (the signature of sqlite3.h's, which declares it only when built
/// with SQLITE_ENABLE_PREUPDATE_HOOK).
typedef void (*csqlite_preupdate_callback)(
    void *context, struct sqlite3 *db, int operation, char const *database, char const *table, long long key1, long long key2);

/// Installs the pre-update hook when this SQLite has one; returns 0 (and installs nothing) otherwise.
/// It reports every row change, also rows REPLACE deletes and rows of WITHOUT ROWID tables, which
/// the update hook misses.
int csqlite_install_preupdate_hook(struct sqlite3 *db, csqlite_preupdate_callback callback, void *context);
#endif
