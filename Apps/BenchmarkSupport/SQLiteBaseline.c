// The C baseline of the persistence benchmarks: the same 100k-row insert and select as the Swift
// benchmarks, written directly against libsqlite3 with one prepared statement. Each function times
// only the database work (names are formatted before the clock starts) and returns nanoseconds.
#include "BenchmarkSupport.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void *bench_sqlite_open(const char *path) {
    sqlite3 *db = NULL;
    // Without the connection's mutex, as Persistence opens its connections (it serialises their
    // use itself): with it, every call here locked and unlocked a mutex, about 480 instructions
    // per row that the Swift side does not spend, and the ratios measured that.
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path ? path : ":memory:", &db, flags, NULL) != SQLITE_OK) {
        sqlite3_close_v2(db);
        return NULL;
    }
    const char *setup = path
        ? "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
          "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, count INTEGER NOT NULL)"
        : "PRAGMA foreign_keys = ON;"
          "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, count INTEGER NOT NULL)";
    if (sqlite3_exec(db, setup, NULL, NULL, NULL) != SQLITE_OK) {
        sqlite3_close_v2(db);
        return NULL;
    }
    return db;
}

void bench_sqlite_close(void *db) {
    sqlite3_close_v2((sqlite3 *)db);
}

int64_t bench_sqlite_insert_ns(void *handle, int rows) {
    sqlite3 *db = handle;
    char (*names)[32] = malloc((size_t)rows * sizeof *names);
    if (!names) return -1;
    for (int i = 0; i < rows; i++) snprintf(names[i], sizeof names[i], "item %d", i + 1);

    int64_t start = now_ns();
    sqlite3_stmt *statement = NULL;
    int ok = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK
        && sqlite3_prepare_v2(db, "INSERT INTO items (id, name, price, count) VALUES (?, ?, ?, ?)", -1, &statement, NULL) == SQLITE_OK;
    for (int i = 0; ok && i < rows; i++) {
        sqlite3_bind_int64(statement, 1, i + 1);
        sqlite3_bind_text(statement, 2, names[i], (int)strlen(names[i]), SQLITE_TRANSIENT);
        sqlite3_bind_double(statement, 3, i * 0.25);
        sqlite3_bind_int64(statement, 4, i % 100);
        ok = sqlite3_step(statement) == SQLITE_DONE;
        sqlite3_reset(statement);
    }
    sqlite3_finalize(statement);
    ok = ok && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
    int64_t elapsed = now_ns() - start;
    free(names);
    return ok ? elapsed : -1;
}

int64_t bench_sqlite_select_ns(void *handle, int64_t *rows, int64_t *checksum) {
    sqlite3 *db = handle;
    int64_t start = now_ns();
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT id, name, price, count FROM items", -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t count = 0, sum = 0;
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
        // Read every column, as a decoder must: the name's bytes and length, not a copy.
        const unsigned char *name = sqlite3_column_text(statement, 1);
        sum += sqlite3_column_int64(statement, 0) + sqlite3_column_bytes(statement, 1) + (name ? name[0] : 0)
            + (int64_t)sqlite3_column_double(statement, 2) + sqlite3_column_int64(statement, 3);
        count++;
    }
    sqlite3_finalize(statement);
    int64_t elapsed = now_ns() - start;
    *rows = count;
    *checksum = sum;
    return code == SQLITE_DONE ? elapsed : -1;
}
