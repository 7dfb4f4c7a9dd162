#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
// The system SQLite (libsqlite3-dev on Debian/Ubuntu) where the SDK's SQLite3 module is not there;
// what Swift cannot call directly is in CSQLiteSupport.
#include <sqlite3.h>
#endif
