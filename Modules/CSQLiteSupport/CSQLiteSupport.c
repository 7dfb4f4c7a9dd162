#include "CSQLiteSupport.h"
#include <sqlite3.h>

/// Declared weak: Debian's libsqlite3 exports it, builds without SQLITE_ENABLE_PREUPDATE_HOOK (the
/// SDK's among them) do not, and a weak reference to a missing symbol is null instead of a link error.
extern void *sqlite3_preupdate_hook(sqlite3 *db, csqlite_preupdate_callback callback, void *context) __attribute__((weak));

csqlite_destructor csqlite_transient(void) { return SQLITE_TRANSIENT; }

int csqlite_disable_checkpoint_on_close(struct sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

int csqlite_disable_double_quoted_strings_in_dml(struct sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}

int csqlite_install_preupdate_hook(struct sqlite3 *db, csqlite_preupdate_callback callback, void *context) {
    if (!sqlite3_preupdate_hook || !sqlite3_compileoption_used("ENABLE_PREUPDATE_HOOK")) return 0;
    sqlite3_preupdate_hook(db, callback, context);
    return 1;
}
