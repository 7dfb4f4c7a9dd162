// RTLD_DEFAULT is a GNU extension in glibc's dlfcn.h.
#define _GNU_SOURCE
#include "CSQLiteSupport.h"
#include <dlfcn.h>
#include <sqlite3.h>

csqlite_destructor csqlite_transient(void) { return SQLITE_TRANSIENT; }

int csqlite_disable_checkpoint_on_close(struct sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

int csqlite_disable_double_quoted_strings_in_dml(struct sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}

/// sqlite3_preupdate_hook's type; sqlite3.h declares the function only when SQLite was built with
/// SQLITE_ENABLE_PREUPDATE_HOOK.
typedef void *(*preupdate_hook_installer)(sqlite3 *db, csqlite_preupdate_callback callback, void *context);

int csqlite_install_preupdate_hook(struct sqlite3 *db, csqlite_preupdate_callback callback, void *context) {
    // Looked up at run time rather than linked: Debian's libsqlite3 exports it, SQLite built without
    // the option (the SDK's among them) does not, and a link to a missing symbol fails there.
    preupdate_hook_installer install = (preupdate_hook_installer)dlsym(RTLD_DEFAULT, "sqlite3_preupdate_hook");
    if (!install || !sqlite3_compileoption_used("ENABLE_PREUPDATE_HOOK")) return 0;
    install(db, callback, context);
    return 1;
}
